// Campaign creation (spec 1 §2 and §4, spec 2 §3.4, §5, §7.3): the wizard's steps per placement,
// what a finished wizard sends, what a draft stores at any step, and the creation's answer.
// docs/campaign-creation.md records the choices the spec leaves open.
import { z } from 'zod';
import { AGE_MAX, AGE_MIN } from './apple-writes';
import {
  AD_PLACEMENTS,
  CUSTOMER_TYPES,
  DEVICE_CLASSES,
  GENDER_CODES,
  MATCH_TYPES,
  type AdPlacement,
} from './campaigns';
import { ENTITY_NAME_MAX_LENGTH, KEYWORD_MAX_LENGTH } from './limits';
import type { ValidationMessageKey } from './validation/messages';
import {
  budgetSchema,
  cpaGoalSchema,
  defaultBidSchema,
  optionalMoneySchema,
} from './validation/money';
import {
  adGroupNameSchema,
  adNameSchema,
  campaignNameSchema,
  keywordTextSchema,
} from './validation/names';

export const WIZARD_STEPS = [
  'app',
  'countries',
  'adGroup',
  'searchMatch',
  'keywords',
  'audience',
  'creativeSets',
  'review',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Apple Ads v1 takes keywords and Search Match (automatedKeywordsOptIn) on search results only. */
const BROWSE_STEPS: readonly WizardStep[] = [
  'app',
  'countries',
  'adGroup',
  'audience',
  'creativeSets',
  'review',
];

export const PLACEMENT_STEPS: Record<AdPlacement, readonly WizardStep[]> = {
  SEARCH_RESULTS: WIZARD_STEPS,
  SEARCH_TAB: BROWSE_STEPS,
  TODAY_TAB: BROWSE_STEPS,
  PRODUCT_PAGES: BROWSE_STEPS,
};

/** The campaign's targeting.supplyPlacement value in v1 (campaigncreate.md, supplyplacement). */
export const SUPPLY_PLACEMENT_OF = {
  SEARCH_RESULTS: 'APPSTORE_SEARCH_RESULTS',
  SEARCH_TAB: 'APPSTORE_SEARCH_TAB',
  TODAY_TAB: 'APPSTORE_TODAY_TAB',
  PRODUCT_PAGES: 'APPSTORE_PRODUCT_PAGES',
} as const satisfies Record<AdPlacement, string>;

const PLACEMENT_OF_SUPPLY = new Map<string, AdPlacement>(
  Object.entries(SUPPLY_PLACEMENT_OF).map(([placement, supply]) => [
    supply,
    placement as AdPlacement,
  ]),
);

/** A v1 campaign's placement from its supply placement; a campaign without one runs on search results. */
export function placementOfSupply(supplySources: readonly string[] | undefined): AdPlacement {
  return PLACEMENT_OF_SUPPLY.get(supplySources?.[0] ?? '') ?? 'SEARCH_RESULTS';
}

/** The spec's wizard route of each placement. */
export const PLACEMENT_ROUTES: Record<AdPlacement, string> = {
  SEARCH_RESULTS: '/create-campaign',
  SEARCH_TAB: '/searchtab-campaign',
  TODAY_TAB: '/todaystab-campaign',
  PRODUCT_PAGES: '/productpage-campaign',
};

export const placementHasKeywords = (placement: AdPlacement) =>
  PLACEMENT_STEPS[placement].includes('keywords');

export const BID_MODES = ['adGroupDefault', 'custom'] as const;
export type BidMode = (typeof BID_MODES)[number];

/** Hours of the week, 0 = Monday 00:00 in the ad account's time zone, as Apple's daypart. */
export const DAYPART_HOURS = 168;

/** Limits of one creation, so a request stays one saga of sensible size (choice). */
export const CAMPAIGN_CREATION_LIMITS = {
  adGroups: 50,
  keywordsPerAdGroup: 1000,
  negativeKeywords: 1000,
  adsPerAdGroup: 20,
  countries: 250,
  geoTargets: 500,
} as const;

export const CAMPAIGN_CREATION_MESSAGES = {
  draftSaveFailed: 'Unable to save campaign draft',
  draftSaved: 'Saved as draft',
  campaignNameTaken: 'A campaign with the same name already exists',
  campaignCreated: 'Campaign created',
  /** Apple refused or did not answer a step (spec 1 §8's general failure). */
  creationFailed: 'Unable to process your request. Please try later',
  creationRunning: 'This campaign is being created already. Wait for it to finish.',
  /** Creation stopped part-way: what exists in Apple is listed beside this. */
  creationIncomplete:
    'The campaign was created only in part. Retry to finish it, or delete what was created.',
  draftNotFound: 'This draft no longer exists.',
  readOnly: 'Your role can view campaign drafts but not create campaigns.',
  /** Apple did not answer the product pages or their assets (getProductPages). */
  assetDetailsFailed: 'Unable to fetch asset details',
  geoSearchFailed: 'Unable to search regions and cities',
  keywordSuggestionsFailed: 'Unable to load keyword suggestions',
} as const;

/** Adding an ad group or ads to what exists in Apple (spec 1 §8's success messages). */
export const ADD_TO_CAMPAIGN_MESSAGES = {
  adGroupAdded: 'Ad group added',
  creativeSetAdded: 'Creative set added',
  adGroupNameTaken: 'An ad group with the same name already exists in this campaign',
  adNameTaken: 'An ad with the same name already exists in this ad group',
  campaignNotFound: 'This campaign no longer exists.',
  adGroupNotValid: "This ad group does not suit the campaign's placement.",
} as const;

const appleId = z.number().int().positive();
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid');
/** A v1 geo id, a numeric string as the geo search answers it (not the legacy "US|CA"). */
const geoId = z.string().regex(/^\d{1,20}$/, 'validation.required');
const instant = z.iso.datetime({ offset: true, error: 'validation.instantInvalid' });
const productPageId = z.string().min(1, 'validation.required').max(100);

const keywordSchema = z.object({
  text: keywordTextSchema,
  matchType: z.enum(MATCH_TYPES),
  /** Sent only in the custom bid mode, where it is required. */
  bid: optionalMoneySchema,
});
export type WizardKeyword = z.infer<typeof keywordSchema>;

const negativeKeywordSchema = z.object({ text: keywordTextSchema, matchType: z.enum(MATCH_TYPES) });
export type WizardNegativeKeyword = z.infer<typeof negativeKeywordSchema>;

const ageRangeSchema = z
  .object({
    min: z.number().int().min(AGE_MIN).max(AGE_MAX),
    max: z.number().int().min(AGE_MIN).max(AGE_MAX).nullable(),
  })
  .refine((age) => age.max === null || age.min <= age.max, {
    message: 'validation.ageRangeOrder',
    path: ['max'],
  });

export const audienceSchema = z.object({
  customerType: z.enum(CUSTOMER_TYPES),
  gender: z.enum(GENDER_CODES),
  /** null: every age. */
  age: ageRangeSchema.nullable(),
  devices: z.array(z.enum(DEVICE_CLASSES)).min(1, 'validation.deviceRequired'),
  /** Hours of the week the ad group runs; null: all week. */
  daypart: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(DAYPART_HOURS - 1),
    )
    .min(1, 'validation.required')
    .nullable(),
});
export type WizardAudience = z.infer<typeof audienceSchema>;

/** The app's default product page, or one of its custom product pages. */
export const productPageChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('custom'), productPageId }),
]);

const adSchema = z.object({ name: adNameSchema, productPage: productPageChoiceSchema });
export type WizardAd = z.infer<typeof adSchema>;

const sameKeyword = (keyword: { text: string; matchType: string }) =>
  `${keyword.matchType}|${keyword.text.toLowerCase()}`;

/** Index of each entry that repeats an earlier one by key. */
function repeats<T>(items: readonly T[], keyOf: (item: T) => string): number[] {
  const seen = new Set<string>();
  return items.flatMap((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}

export const wizardAdGroupSchema = z
  .object({
    name: adGroupNameSchema,
    defaultBid: defaultBidSchema,
    /** Optional; v1 then bids for conversions with it (MAX_CONVERSIONS), as the ads manager does. */
    cpaGoal: cpaGoalSchema,
    bidMode: z.enum(BID_MODES),
    searchMatch: z.boolean(),
    keywords: z.array(keywordSchema).max(CAMPAIGN_CREATION_LIMITS.keywordsPerAdGroup),
    negativeKeywords: z.array(negativeKeywordSchema).max(CAMPAIGN_CREATION_LIMITS.negativeKeywords),
    audience: audienceSchema,
    ads: z.array(adSchema).max(CAMPAIGN_CREATION_LIMITS.adsPerAdGroup),
  })
  .superRefine((adGroup, ctx) => {
    adGroup.keywords.forEach((keyword, index) => {
      if (adGroup.bidMode === 'custom' && !keyword.bid)
        ctx.addIssue({
          code: 'custom',
          message: 'validation.keywordBidRequired',
          path: ['keywords', index, 'bid'],
        });
    });
    for (const index of repeats(adGroup.keywords, sameKeyword))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.keywordRepeated',
        path: ['keywords', index],
      });
    for (const index of repeats(adGroup.negativeKeywords, sameKeyword))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.keywordRepeated',
        path: ['negativeKeywords', index],
      });
  });
export type WizardAdGroup = z.infer<typeof wizardAdGroupSchema>;

const creationFields = {
  placement: z.enum(AD_PLACEMENTS),
  adAccountId: appleId,
  /** The promoted app's Apple id. */
  adamId: appleId,
  campaignName: campaignNameSchema,
  countries: z
    .array(countryCode)
    .min(1, 'validation.countryRequired')
    .max(CAMPAIGN_CREATION_LIMITS.countries),
  adminAreas: z.array(geoId).max(CAMPAIGN_CREATION_LIMITS.geoTargets),
  localities: z.array(geoId).max(CAMPAIGN_CREATION_LIMITS.geoTargets),
  dailyBudget: budgetSchema,
  startTime: instant.nullable(),
  endTime: instant.nullable(),
  /** Campaign-level negatives (search results only). */
  negativeKeywords: z.array(negativeKeywordSchema).max(CAMPAIGN_CREATION_LIMITS.negativeKeywords),
  adGroups: z
    .array(wizardAdGroupSchema)
    .min(1, 'validation.adGroupRequired')
    .max(CAMPAIGN_CREATION_LIMITS.adGroups),
};

type CreationShape = z.infer<z.ZodObject<typeof creationFields>>;

/** Rules across steps: geo with one country, placement without keywords, unique names. */
function creationRules(input: CreationShape, ctx: z.RefinementCtx) {
  const geo = input.adminAreas.length + input.localities.length > 0;
  if (geo && input.countries.length !== 1)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.geoNeedsOneCountry',
      path: ['adminAreas'],
    });
  if (input.startTime && input.endTime && input.endTime <= input.startTime)
    ctx.addIssue({ code: 'custom', message: 'validation.dateRangeOrder', path: ['endTime'] });
  for (const index of repeats(input.negativeKeywords, sameKeyword))
    ctx.addIssue({
      code: 'custom',
      message: 'validation.keywordRepeated',
      path: ['negativeKeywords', index],
    });
  for (const index of repeats(input.adGroups, (adGroup) => adGroup.name.toLowerCase()))
    ctx.addIssue({
      code: 'custom',
      message: 'validation.adGroupNameRepeated',
      path: ['adGroups', index, 'name'],
    });
  if (placementHasKeywords(input.placement)) return;
  if (input.negativeKeywords.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.placementNoKeywords',
      path: ['negativeKeywords'],
    });
  input.adGroups.forEach((adGroup, index) =>
    checkAdGroupPlacement(input.placement, adGroup, ctx, ['adGroups', index]),
  );
}

export type PlacementIssue = {
  code: 'custom';
  message: ValidationMessageKey;
  path: (string | number)[];
};

/**
 * What a placement allows an ad group: browse placements take no keywords nor Search Match, and
 * need an ad (they show one; choice, docs/campaign-creation.md). Also checks an ad group added to
 * an existing campaign, whose placement only the server knows.
 */
export function checkAdGroupPlacement(
  placement: AdPlacement,
  adGroup: WizardAdGroup,
  ctx: { addIssue(issue: PlacementIssue): void },
  path: (string | number)[] = [],
) {
  if (placementHasKeywords(placement)) return;
  if (adGroup.keywords.length > 0 || adGroup.negativeKeywords.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.placementNoKeywords',
      path: [...path, 'keywords'],
    });
  if (adGroup.searchMatch)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.placementNoSearchMatch',
      path: [...path, 'searchMatch'],
    });
  if (adGroup.ads.length === 0)
    ctx.addIssue({ code: 'custom', message: 'validation.adRequired', path: [...path, 'ads'] });
}

/** What the finished wizard sends to createCampaign. */
export const campaignCreationSchema = z.object(creationFields).superRefine(creationRules);
export type CampaignCreationInput = z.infer<typeof campaignCreationSchema>;

// Drafts: every value is type-checked, nothing is required yet but the placement and the step.

const draftText = (max: number) => z.string().max(max);
const draftMoney = z.string().max(20);

const draftAdGroupSchema = z
  .object({
    name: draftText(ENTITY_NAME_MAX_LENGTH),
    defaultBid: draftMoney,
    cpaGoal: draftMoney,
    bidMode: z.enum(BID_MODES),
    searchMatch: z.boolean(),
    keywords: z
      .array(
        z.object({
          text: draftText(KEYWORD_MAX_LENGTH),
          matchType: z.enum(MATCH_TYPES),
          bid: draftMoney.optional(),
        }),
      )
      .max(CAMPAIGN_CREATION_LIMITS.keywordsPerAdGroup),
    negativeKeywords: z
      .array(z.object({ text: draftText(KEYWORD_MAX_LENGTH), matchType: z.enum(MATCH_TYPES) }))
      .max(CAMPAIGN_CREATION_LIMITS.negativeKeywords),
    audience: z
      .object({
        customerType: z.enum(CUSTOMER_TYPES),
        gender: z.enum(GENDER_CODES),
        age: ageRangeSchema.nullable(),
        devices: z.array(z.enum(DEVICE_CLASSES)).max(DEVICE_CLASSES.length),
        daypart: z
          .array(
            z
              .number()
              .int()
              .min(0)
              .max(DAYPART_HOURS - 1),
          )
          .max(DAYPART_HOURS)
          .nullable(),
      })
      .partial(),
    ads: z
      .array(
        z.object({ name: draftText(ENTITY_NAME_MAX_LENGTH), productPage: productPageChoiceSchema }),
      )
      .max(CAMPAIGN_CREATION_LIMITS.adsPerAdGroup),
  })
  .partial();

/** A chosen region or city with its name, so a draft shows it without asking Apple again. */
export const geoTargetSchema = z.object({ id: geoId, name: draftText(300) });
export type GeoTarget = z.infer<typeof geoTargetSchema>;
/** Drafts saved before names were kept hold bare ids: still read, shown by their id. */
const draftGeoTargets = z
  .array(z.union([geoTargetSchema, geoId]))
  .max(CAMPAIGN_CREATION_LIMITS.geoTargets);

export const campaignDraftValuesSchema = z
  .object({
    adAccountId: appleId,
    adamId: appleId,
    campaignName: draftText(ENTITY_NAME_MAX_LENGTH),
    countries: z.array(countryCode).max(CAMPAIGN_CREATION_LIMITS.countries),
    adminAreas: draftGeoTargets,
    localities: draftGeoTargets,
    dailyBudget: draftMoney,
    startTime: instant.nullable(),
    endTime: instant.nullable(),
    negativeKeywords: z
      .array(z.object({ text: draftText(KEYWORD_MAX_LENGTH), matchType: z.enum(MATCH_TYPES) }))
      .max(CAMPAIGN_CREATION_LIMITS.negativeKeywords),
    adGroups: z.array(draftAdGroupSchema).max(CAMPAIGN_CREATION_LIMITS.adGroups),
  })
  .partial();
export type CampaignDraftValues = z.infer<typeof campaignDraftValuesSchema>;

/** saveCampaignDraft's input: without an id it creates a draft, with one it replaces it. */
export const campaignDraftSchema = z.object({
  id: z.uuid().optional(),
  placement: z.enum(AD_PLACEMENTS),
  step: z.enum(WIZARD_STEPS),
  values: campaignDraftValuesSchema,
});
export type CampaignDraftInput = z.infer<typeof campaignDraftSchema>;

/** A stored draft as getDraft and saveCampaignDraft answer it. */
export interface CampaignDraft {
  id: string;
  placement: AdPlacement;
  step: WizardStep;
  values: CampaignDraftValues;
  updatedAt: string;
}

/** A row of getCampaignDrafts: the spec's list columns; resume opens `id` at `step`. */
export interface CampaignDraftRow {
  id: string;
  placement: AdPlacement;
  step: WizardStep;
  campaignName: string | null;
  countries: string[];
  budgetAmount: string | null;
  updatedAt: string;
}

/** createCampaign's arguments: the idempotency key names one creation across retries. */
export const createCampaignArgsSchema = z.object({
  input: campaignCreationSchema,
  idempotencyKey: z.uuid(),
  /** The draft the creation came from; deleted once the campaign is complete. */
  draftId: z.uuid().nullish(),
});

/** addAdGroup's arguments: one wizard ad group for a campaign that exists in Apple. */
export const addAdGroupArgsSchema = z.object({
  adAccountId: appleId,
  campaignId: appleId,
  adGroup: wizardAdGroupSchema,
  idempotencyKey: z.uuid(),
});
export type AddAdGroupArgs = z.infer<typeof addAdGroupArgsSchema>;

/** addAds's arguments: ads (creative sets) for an ad group that exists in Apple. */
export const addAdsArgsSchema = z.object({
  adAccountId: appleId,
  adGroupId: appleId,
  ads: z
    .array(adSchema)
    .min(1, 'validation.adRequired')
    .max(CAMPAIGN_CREATION_LIMITS.adsPerAdGroup),
  idempotencyKey: z.uuid(),
});
export type AddAdsArgs = z.infer<typeof addAdsArgsSchema>;

/** RUNNING only while a call runs it (or its process stopped mid-run). */
export const CREATION_STATUSES = ['RUNNING', 'COMPLETE', 'INCOMPLETE'] as const;
export type CreationStatus = (typeof CREATION_STATUSES)[number];

/** What exists in Apple after a creation (complete or stopped part-way). */
export interface CampaignCreationResult {
  idempotencyKey: string;
  status: CreationStatus;
  campaignId: number | null;
  adGroups: { name: string; id: number | null }[];
  keywordsCreated: number;
  negativeKeywordsCreated: number;
  adsCreated: number;
  /** Why the creation stopped, in the spec's words; null when complete. */
  failure: string | null;
  /** Items Apple refused one by one (a keyword or an ad) while the rest was created. */
  refused: { what: string; message: string }[];
}
