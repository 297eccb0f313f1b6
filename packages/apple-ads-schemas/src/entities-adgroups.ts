// AdGroupCreate and AdGroupUpdate (adgroupcreate.md, adgroupupdate.md, their bidstrategy and
// targeting sub-pages, adgrouptargetingcreate.md). pricingModel and campaignId are fixed at
// creation, so the update schema refuses them as fields that are not of the request.
import { z } from 'zod';
import { appleTimeSchema, bidStrategySchema, idSchema, statusSchema } from './entities-common';
import { targetingDataSchema } from './entities-common';

/** adgrouptargetingcreate.md: the dimensions an ad group targets, each {include, exclude}. */
export const AD_GROUP_TARGETING_DIMENSIONS = [
  'adminArea',
  'appCategory',
  'appDownloader',
  'country',
  'daypart',
  'deviceClass',
  'gender',
  'locality',
  'locationGroup',
  'maxAge',
  'minAge',
  'postalCode',
  'radius',
] as const;

/** Hour-of-week slots, 0 (Sunday 00:00) to 167 (Saturday 23:00). */
const DAYPART_SLOT = /^(\d|[1-9]\d|1[0-5]\d|16[0-7])$/;

/**
 * adgrouptargetingcreate/daypart-datadictionary.md: `include` holds slot integers 0–167 as
 * strings; `exclude` "has no effect", so it is taken as sent.
 */
const daypart = targetingDataSchema.extend({
  include: z
    .array(z.string().regex(DAYPART_SLOT, 'a daypart slot is an integer string from 0 to 167'))
    .nullish(),
});

/** adgrouptargetingcreate.md: values a dimension takes, each in include and exclude. */
function valuesOf(values: z.ZodString) {
  return targetingDataSchema.extend({
    include: z.array(values).nullish(),
    exclude: z.array(values).nullish(),
  });
}

/** adgrouptargetingcreate.md: minAge and maxAge are "Minimum value is 18, maximum value is 64". */
const AGE = /^(1[89]|[2-5]\d|6[0-4])$/;

const targeting = z.strictObject({
  ...(Object.fromEntries(
    AD_GROUP_TARGETING_DIMENSIONS.map((dimension) => [dimension, targetingDataSchema.nullish()]),
  ) as Record<
    (typeof AD_GROUP_TARGETING_DIMENSIONS)[number],
    z.ZodOptional<z.ZodNullable<typeof targetingDataSchema>>
  >),
  daypart: daypart.nullish(),
  deviceClass: valuesOf(
    z.string().regex(/^(IPHONE|IPAD)$/, 'deviceClass is IPHONE or IPAD'),
  ).nullish(),
  gender: valuesOf(z.string().regex(/^[MF]$/, 'gender is M or F')).nullish(),
  minAge: valuesOf(z.string().regex(AGE, 'minAge is an integer string from 18 to 64')).nullish(),
  maxAge: valuesOf(z.string().regex(AGE, 'maxAge is an integer string from 18 to 64')).nullish(),
});

/** Not capped on the page; 200 like a campaign name (choice). */
const name = z
  .string()
  .trim()
  .min(1, 'name must be non-empty')
  .max(200, 'name is at most 200 characters');

/** cpagoalcreate.md (deprecated): a Money under `amount`. */
const cpaCap = z.strictObject({ amount: z.unknown() }).nullish();

const common = {
  name,
  startTime: appleTimeSchema.nullish(),
  endTime: appleTimeSchema.nullish(),
  automatedKeywordsOptIn: z.boolean('automatedKeywordsOptIn is a boolean').nullish(),
  status: statusSchema.nullish(),
  bidStrategy: bidStrategySchema.nullish(),
  targeting: targeting.nullish(),
  cpaCap,
};

export const adGroupCreateSchema = z.strictObject({
  ...common,
  campaignId: idSchema,
  pricingModel: z.enum(['CPT', 'CPM', 'CPA'], 'pricingModel is CPT, CPM or CPA'),
  automatedKeywordsRequired: z.boolean('automatedKeywordsRequired is a boolean').nullish(),
});
export type AdGroupCreateBody = z.infer<typeof adGroupCreateSchema>;

export const adGroupUpdateSchema = z.strictObject({
  ...common,
  name: name.nullish(),
  // adgroupupdate.md: immutable, "any value sent here is ignored".
  automatedKeywordsRequired: z.boolean('automatedKeywordsRequired is a boolean').nullish(),
});
export type AdGroupUpdateBody = z.infer<typeof adGroupUpdateSchema>;

/** adgroupcreate.md: CPT pairs with a TAPS campaign, CPM with an IMPRESSIONS campaign. */
export const PRICING_MODEL_OF_BILLING_EVENT: Record<string, string> = {
  TAPS: 'CPT',
  IMPRESSIONS: 'CPM',
};
