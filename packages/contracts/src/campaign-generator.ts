// Campaign generator (spec 1 §2, §4, §9; spec 2 §3.4, §5, §7.3, §7.4): the generator's settings
// (what a template or draft stores and a generation runs), the structure it previews and sends, and
// its progress. docs/campaign-generator.md records how settings become campaigns.
import { z } from 'zod';
import { audienceSchema } from './campaign-creation';
import {
  GENERATOR_SEGMENT_LABELS,
  GENERATOR_SEGMENTS,
  MATCH_TYPES,
  type GeneratorSegment,
  type MatchType,
} from './campaigns';
import { generatorRangeSchema } from './validation/generator-range';
import { budgetSchema, defaultBidSchema, optionalMoneySchema } from './validation/money';
import { keywordTextSchema } from './validation/names';
import { required, textSchema, type TextRule } from './validation/text-rules';

/** Sizes that keep one generation a job of minutes (choice, docs/campaign-generator.md). */
export const GENERATOR_LIMITS = {
  countries: 20,
  customSegments: 10,
  keywordsPerSegment: 1000,
  competitors: 10,
  templateName: 50,
  slug: 30,
} as const;

export const GENERATOR_MESSAGES = {
  templateNameTaken: 'A template with the same name already exists',
  slugTaken: 'Custom slug must be unique',
  templateSaved: 'Template saved',
  templateDeleted: 'Template deleted',
  templateNotFound: 'This template no longer exists.',
  generationNotFound: 'This generation no longer exists.',
  generationRunning: 'This generation is running already. Wait for it to finish.',
  keywordFetchFailed: 'Unable to fetch keywords. Retry to fetch them again.',
  nothingToCreate: 'Choose at least one segment with keywords.',
  totalBudgetExceeded: 'The daily budgets of the campaigns add up to more than the total budget.',
  generationIncomplete:
    'The campaigns were created only in part. Retry to finish them; nothing is created twice.',
} as const;

const slugFormat: TextRule = (value) =>
  /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? undefined : 'validation.slugInvalid';
const slugLength: TextRule = (value) =>
  value.length <= GENERATOR_LIMITS.slug ? undefined : 'validation.slugInvalid';
/** A custom segment's slug: lower-case letters, digits and single hyphens. */
export const generatorSlugSchema = textSchema([required, slugFormat, slugLength]);

const templateNameLength: TextRule = (value) =>
  value.length <= GENERATOR_LIMITS.templateName ? undefined : 'validation.templateNameTooLong';
export const generatorTemplateNameSchema = textSchema([required, templateNameLength]);

const appleId = z.number().int().positive();
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid');

/** Filters on researched keywords (category and competitor segments); null: no filter. */
export const generatorRangesSchema = z.object({
  organicRank: generatorRangeSchema.nullable(),
  popularity: generatorRangeSchema.nullable(),
  totalApps: generatorRangeSchema.nullable(),
});
export type GeneratorRanges = z.infer<typeof generatorRangesSchema>;

/**
 * One segment: where its keywords come from and its bid. Brand and custom segments take the
 * keywords typed in; category keywords come from research (opId 11), competitor keywords from the
 * competitors' research (opId 12), both filtered by the ranges; Discovery takes every other
 * segment's terms as broad keywords plus a Search Match ad group.
 */
export const generatorSegmentSchema = z.object({
  segment: z.enum(GENERATOR_SEGMENTS),
  enabled: z.boolean(),
  /** Custom segments only; unique among the settings' segments. */
  slug: generatorSlugSchema.nullable(),
  keywords: z.array(keywordTextSchema).max(GENERATOR_LIMITS.keywordsPerSegment),
  /** Competitor segment: the rival apps whose keywords are fetched. */
  competitorAdamIds: z.array(appleId).max(GENERATOR_LIMITS.competitors),
  ranges: generatorRangesSchema,
  /** The segment's default max CPT bid; empty: the settings' cpt. */
  cpt: optionalMoneySchema,
});
export type GeneratorSegmentSettings = z.infer<typeof generatorSegmentSchema>;

const generatorFields = {
  adAccountId: appleId,
  adamId: appleId,
  /** Names campaigns: "{organisation} - {app} - {segment} - {country}". */
  organisationName: textSchema([required]),
  appName: textSchema([required]),
  countries: z
    .array(countryCode)
    .min(1, 'validation.countryRequired')
    .max(GENERATOR_LIMITS.countries),
  /** Segmentation shared by every ad group (age, gender, customer type, device). */
  audience: audienceSchema,
  /** Default max CPT bid of every ad group. */
  cpt: defaultBidSchema,
  /** Daily budget of each campaign. */
  dailyCap: budgetSchema,
  /** A country's campaigns get this daily budget instead of dailyCap. */
  countryBudgets: z.record(countryCode, budgetSchema),
  /** The most all generated campaigns may spend per day together; empty: no limit. */
  totalBudget: optionalMoneySchema,
  segments: z.array(generatorSegmentSchema).min(1, 'validation.required'),
};

type GeneratorShape = z.infer<z.ZodObject<typeof generatorFields>>;

function generatorRules(settings: GeneratorShape, ctx: z.RefinementCtx) {
  const slugs = new Set<string>();
  settings.segments.forEach((segment, index) => {
    if (segment.segment === 'custom' && !segment.slug)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.required',
        path: ['segments', index, 'slug'],
      });
    if (segment.segment !== 'custom') return;
    if (segment.slug && slugs.has(segment.slug))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.slugRepeated',
        path: ['segments', index, 'slug'],
      });
    if (segment.slug) slugs.add(segment.slug);
  });
  for (const segment of GENERATOR_SEGMENTS.filter((name) => name !== 'custom')) {
    const indexes = settings.segments.flatMap((entry, index) =>
      entry.segment === segment ? [index] : [],
    );
    for (const index of indexes.slice(1))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.segmentRepeated',
        path: ['segments', index, 'segment'],
      });
  }
}

/** What a template or draft stores and a generation runs. */
export const generatorSettingsSchema = z.object(generatorFields).superRefine(generatorRules);
export type GeneratorSettings = z.infer<typeof generatorSettingsSchema>;

/** A draft keeps whatever was typed; only its shape is checked. */
export const generatorDraftSettingsSchema = z.object(generatorFields).partial();
export type GeneratorDraftSettings = z.infer<typeof generatorDraftSettingsSchema>;

// The structure: what the preview shows, the user edits and the generation sends.

const planKeywordSchema = z.object({ text: keywordTextSchema, matchType: z.enum(MATCH_TYPES) });
export type GeneratorPlanKeyword = { text: string; matchType: MatchType };

export const generatorPlanAdGroupSchema = z.object({
  name: z.string().min(1).max(199),
  defaultBid: defaultBidSchema,
  searchMatch: z.boolean(),
  keywords: z.array(planKeywordSchema),
  negativeKeywords: z.array(planKeywordSchema),
});
export type GeneratorPlanAdGroup = z.infer<typeof generatorPlanAdGroupSchema>;

export const generatorPlanCampaignSchema = z.object({
  segment: z.enum(GENERATOR_SEGMENTS),
  /** The custom segment's slug; null for the others. */
  slug: z.string().nullable(),
  country: countryCode,
  name: z.string().min(1).max(199),
  dailyBudget: budgetSchema,
  /** Campaign-level negatives: Discovery negates every exact term of the other segments. */
  negativeKeywords: z.array(planKeywordSchema),
  adGroups: z.array(generatorPlanAdGroupSchema).min(1),
});
export type GeneratorPlanCampaign = z.infer<typeof generatorPlanCampaignSchema>;

export const generatorPlanSchema = z.object({
  campaigns: z.array(generatorPlanCampaignSchema).min(1, 'validation.required'),
});
export type GeneratorPlan = z.infer<typeof generatorPlanSchema>;

/** Where a generation is: keywords fetched, then the spec's sync states. */
export const GENERATION_STATUSES = [
  'FETCHING_KEYWORDS',
  'KEYWORDS_FAILED',
  'READY',
  'WAITING_TO_SYNC',
  'SYNCING',
  'SYNC_COMPLETE',
  'INCOMPLETE',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** A count of things made against the count planned. */
export interface GenerationCount {
  done: number;
  total: number;
}

/** The spec's progress flags (spec 2 §3.4) with the counts behind them. */
export interface GenerationProgress {
  campaignsCreated: boolean;
  adGroupsCreated: boolean;
  allDone: boolean;
  campaigns: GenerationCount;
  adGroups: GenerationCount;
  keywords: GenerationCount;
}

/** A segment as campaign and ad group names spell it: its label, or a custom segment's slug. */
export function segmentLabel(segment: GeneratorSegment, slug: string | null): string {
  return segment === 'custom' && slug ? slug : GENERATOR_SEGMENT_LABELS[segment];
}

/** A generation's progress on the data-request channel (opIds 11, 12, 21, 22, 23). */
export interface GenerationProgressMessage {
  opId: 11 | 12 | 21 | 22 | 23;
  /** The generation's id. */
  context: string;
  appId: string;
  data: { status: GenerationStatus; progress: GenerationProgress; failure: string | null };
}
