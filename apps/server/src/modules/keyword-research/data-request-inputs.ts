// The arguments of the operations that start data requests, checked with the contracts' pieces
// before anything is created.
import {
  ALL_CATEGORIES_ID,
  CATEGORY_TYPES,
  DATA_REQUEST_DEFAULT_COUNT,
  DATA_REQUEST_MAX_COUNT,
  DATA_REQUEST_MAX_PAGE_SIZE,
  DEFAULT_GAME_CATEGORY_ID,
  appStoreIdSchema,
  categoryName,
  researchLocaleSchema,
  researchTermSchema,
} from '@tapwise/contracts';
import { z } from 'zod';

const paging = {
  currPage: z.number().int().min(1, 'validation.pageInvalid').default(1),
  itemsPerPage: z
    .number()
    .int()
    .min(1, 'validation.pageInvalid')
    .max(DATA_REQUEST_MAX_PAGE_SIZE, 'validation.pageInvalid')
    .default(50),
};
const requestApp = {
  appId: appStoreIdSchema,
  title: z.string().trim().max(255).nullish(),
  icon: z.string().trim().max(2048).nullish(),
};
const clientId = { clientId: z.string().trim().max(100).nullish() };

export const searchByAppInput = researchLocaleSchema.extend({
  ...requestApp,
  ...clientId,
  ...paging,
  opId: z.literal(1, 'validation.opIdInvalid').default(1),
  CountPref: z
    .number()
    .int()
    .min(1, 'validation.countInvalid')
    .max(DATA_REQUEST_MAX_COUNT, 'validation.countInvalid')
    .default(DATA_REQUEST_DEFAULT_COUNT),
});
export type SearchByAppInput = z.infer<typeof searchByAppInput>;

export const searchByKeywordInput = researchLocaleSchema.extend({
  keyword: researchTermSchema,
  ...clientId,
  ...paging,
});
export type SearchByKeywordInput = z.infer<typeof searchByKeywordInput>;

export const getCompetitorsInput = researchLocaleSchema.extend({ ...requestApp, ...clientId });
export type GetCompetitorsInput = z.infer<typeof getCompetitorsInput>;

export const getCategoryTopInput = researchLocaleSchema.extend({
  catId: z
    .number()
    .int()
    .refine(
      (id) => id === ALL_CATEGORIES_ID || categoryName(id) !== undefined,
      'validation.categoryInvalid',
    )
    .default(DEFAULT_GAME_CATEGORY_ID),
  type: z.enum(CATEGORY_TYPES, 'validation.categoryTypeInvalid').default('free'),
  now: z.number().nullish(),
  ...clientId,
});
export type GetCategoryTopInput = z.infer<typeof getCategoryTopInput>;

/** AppKeywords and searchByAppReport: the app and storefront (the window is that of the rows). */
export const appKeywordsInput = researchLocaleSchema.extend({
  appId: appStoreIdSchema,
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});
