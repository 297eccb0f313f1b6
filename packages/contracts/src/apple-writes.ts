// Changes sent to Apple Ads from the ads manager (and later from automation): the inputs of every
// action, the bulk-action result, and the spec's success and error wording (spec 1 §4, §8).
import { z } from 'zod';
import { MATCH_TYPES, NEGATIVE_KEYWORD_TARGETS } from './campaigns';
import { campaignNameSchema, adGroupNameSchema, keywordTextSchema } from './validation/names';
import { cpaGoalSchema, defaultBidSchema, moneySchema } from './validation/money';

/** Entities whose status the ads manager changes. */
export const WRITABLE_LEVELS = ['campaign', 'adGroup', 'keyword', 'negativeKeyword', 'ad'] as const;
export type WritableLevel = (typeof WRITABLE_LEVELS)[number];

export const STATUS_ACTIONS = ['pause', 'resume', 'delete'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

/** Which screen a change came from, recorded in the activity log. */
export const CHANGE_SOURCES = [
  'adsManager',
  'automation',
  'campaignGenerator',
  'campaignCreation',
  'keywordOptimization',
] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

const appleId = z.number().int().positive();
/** Apple's modificationTime of the copy the user saw (ISO 8601); a newer one in Apple refuses. */
const seenAt = z.string().datetime({ offset: true });

/** One entity as the user saw it; without a modificationTime nothing is compared. */
export const entityRefSchema = z.object({ id: appleId, modificationTime: seenAt.nullish() });
export type EntityRef = z.infer<typeof entityRefSchema>;

/** Pause, resume or delete one or more entities of one level in one ad account. */
export const statusChangeInput = z.object({
  adAccountId: appleId,
  level: z.enum(WRITABLE_LEVELS),
  action: z.enum(STATUS_ACTIONS),
  entities: z.array(entityRefSchema).min(1).max(5000),
});
export type StatusChangeInput = z.infer<typeof statusChangeInput>;

/** Edit a campaign: only the fields given change. */
export const campaignEditInput = z.object({
  adAccountId: appleId,
  campaign: entityRefSchema,
  name: campaignNameSchema.optional(),
  dailyBudget: moneySchema.optional(),
  /** ISO 3166-1 alpha-2 codes. */
  countriesOrRegions: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid'))
    .min(1, 'validation.required')
    .max(250)
    .optional(),
  /** null removes the end date. */
  endTime: z.string().datetime({ offset: true }).nullable().optional(),
});
export type CampaignEditInput = z.infer<typeof campaignEditInput>;

export const AGE_MIN = 18;
export const AGE_MAX = 65;

/** Audience targeting of an ad group: absent keys are left as they are; null clears a dimension. */
export const audienceTargetingSchema = z.object({
  deviceClass: z
    .array(z.enum(['IPHONE', 'IPAD']))
    .min(1)
    .nullable()
    .optional(),
  gender: z.enum(['M', 'F']).nullable().optional(),
  age: z
    .object({
      min: z.number().int().min(AGE_MIN).max(AGE_MAX),
      max: z.number().int().min(AGE_MIN).max(AGE_MAX).nullable(),
    })
    .refine((age) => age.max === null || age.min <= age.max, {
      message: 'validation.ageRangeOrder',
      path: ['max'],
    })
    .nullable()
    .optional(),
  /** Hours of the week 0-167 the ad group runs; null runs all week. */
  daypart: z.array(z.number().int().min(0).max(167)).min(1).nullable().optional(),
});
export type AudienceTargeting = z.infer<typeof audienceTargetingSchema>;

/** Edit an ad group: only the fields given change. */
export const adGroupEditInput = z.object({
  adAccountId: appleId,
  adGroup: entityRefSchema,
  name: adGroupNameSchema.optional(),
  defaultBid: defaultBidSchema.optional(),
  /** Empty clears the CPA goal. */
  cpaGoal: cpaGoalSchema,
  automatedKeywordsOptIn: z.boolean().optional(),
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).nullable().optional(),
  targeting: audienceTargetingSchema.optional(),
});
export type AdGroupEditInput = z.infer<typeof adGroupEditInput>;

export const keywordBidInput = z.object({
  adAccountId: appleId,
  keyword: entityRefSchema,
  bid: moneySchema,
});
export type KeywordBidInput = z.infer<typeof keywordBidInput>;

/**
 * A manual raise this many times the current amount or more is confirmed before it is sent
 * (automation has its own caps in the safety gateway).
 */
export const UNUSUAL_RAISE_FACTOR = 3;

export type UnusualChangeReason = 'moreThanTripled' | 'aboveCpaGoal';

/**
 * Why a new bid or budget (micros) deserves a second look: more than UNUSUAL_RAISE_FACTOR times
 * the current amount, or a bid above the ad group's CPA goal. Empty when it looks ordinary.
 */
export function unusualChangeReasons(change: {
  currentMicros: number | null | undefined;
  nextMicros: number;
  cpaGoalMicros?: number | null | undefined;
}): UnusualChangeReason[] {
  const reasons: UnusualChangeReason[] = [];
  const { currentMicros, nextMicros, cpaGoalMicros } = change;
  if (currentMicros && nextMicros > UNUSUAL_RAISE_FACTOR * currentMicros)
    reasons.push('moreThanTripled');
  if (cpaGoalMicros && nextMicros > cpaGoalMicros) reasons.push('aboveCpaGoal');
  return reasons;
}

const newKeyword = z.object({
  text: keywordTextSchema,
  matchType: z.enum(MATCH_TYPES),
});

/** Add targeting keywords to one ad group; a text+match type already there is refused. */
export const addKeywordsInput = z.object({
  adAccountId: appleId,
  adGroupId: appleId,
  keywords: z
    .array(newKeyword.extend({ bid: moneySchema.optional() }))
    .min(1, 'validation.required')
    .max(1000),
});
export type AddKeywordsInput = z.infer<typeof addKeywordsInput>;

/**
 * Add negative keywords to selected ad groups, to every ad group of selected campaigns, or to
 * selected campaigns (campaign-level negatives), spec 1 §9.
 */
export const addNegativeKeywordsInput = z
  .object({
    adAccountId: appleId,
    target: z.enum(NEGATIVE_KEYWORD_TARGETS),
    campaignIds: z.array(appleId).max(1000).default([]),
    adGroupIds: z.array(appleId).max(1000).default([]),
    keywords: z.array(newKeyword).min(1, 'validation.required').max(1000),
  })
  .refine(
    (input) =>
      input.target === 'SELECTED_AD_GROUPS'
        ? input.adGroupIds.length > 0
        : input.campaignIds.length > 0,
    { message: 'validation.required', path: ['target'] },
  );
export type AddNegativeKeywordsInput = z.input<typeof addNegativeKeywordsInput>;

/** Per-row outcome of a bulk action (and of multi-row actions). */
export interface WriteRowResult {
  id: number;
  ok: boolean;
  /** Apple's or Tapwise's reason when not ok, in words. */
  message: string | null;
}

export interface BulkActionStarted {
  bulkActionId: string;
  total: number;
}

/** The data-request channel message of a bulk action (opId 60). */
export interface BulkActionProgress {
  bulkActionId: string;
  done: number;
  total: number;
  /** Set when the action finished; one entry per row. */
  results: WriteRowResult[] | null;
}

/** Multi-row actions up to this many rows answer at once; larger ones run as a bulk action. */
export const DIRECT_WRITE_MAX_ROWS = 20;

/** A keyword's move takes it to another ad group (created there, then deleted here); copy keeps it. */
export const KEYWORD_TRANSFER_MODES = ['move', 'copy'] as const;
export type KeywordTransferMode = (typeof KEYWORD_TRANSFER_MODES)[number];

/** Move or copy keywords (their text, match type, own bid and status) to another ad group. */
export const keywordTransferInput = z.object({
  adAccountId: appleId,
  mode: z.enum(KEYWORD_TRANSFER_MODES),
  keywords: z.array(entityRefSchema).min(1).max(DIRECT_WRITE_MAX_ROWS),
  targetAdGroupId: appleId,
});
export type KeywordTransferInput = z.infer<typeof keywordTransferInput>;

/** Spec 1 §8 wording of the ads manager's toasts. */
export const ADS_MANAGER_MESSAGES = {
  campaignStatusFailed: "Couldn't change campaign status",
  adGroupStatusFailed: "Couldn't update ad group status",
  keywordStatusFailed: "Couldn't update keyword status",
  campaignDeleteFailed: 'Error while deleting campaign',
  adGroupDeleteFailed: 'Error while deleting ad group',
  keywordDeleteFailed: 'Error while deleting keyword',
  adDeleteFailed: 'Error while deleting ad',
  campaignNameTaken: 'A campaign with the same name already exists',
  updateFailed: 'Error while updating data',
  bidChanged: 'Bid amount changed successfully',
  campaignUpdated: 'Campaign updated',
  adGroupUpdated: 'Ad group updated',
  deleted: 'Deleted Successfully',
  /** Pause or resume: the row moves to the Live or Paused list. */
  statusChanged: 'Status changed and item moved',
  keywordsAdded: 'Keywords added',
  negativeKeywordsAddedToAdGroup: 'Negative keywords added to ad group',
  negativeKeywordsAddedToCampaign: 'Negative keywords added to campaign',
  noChanges: 'No changes detected',
  /** The entity changed in Apple after the page loaded (ENTITY_CHANGED). */
  entityChanged:
    'This was changed in Apple Ads after you opened the page. Reload to see the latest values, then try again.',
  /** A keyword with the same text and match type is already in the ad group. */
  keywordDuplicate: 'This keyword is already in the ad group.',
  readOnly: 'Your role can view the ads manager but not change it.',
  keywordsMoved: 'Keywords moved',
  keywordsCopied: 'Keywords copied',
  /** A move whose keyword Apple created in the new ad group but did not delete from the old. */
  keywordMovePartly:
    'Added to the new ad group, but Apple did not remove it from the old one, so it is in both. Move it again to finish.',
  keywordTransferSameAdGroup: 'The keyword is already in this ad group.',
  keywordTransferOtherApp: 'Choose an ad group of a campaign for the same app.',
  keywordTransferNotSearchResults:
    'Keywords can be added only to ad groups of search results campaigns.',
} as const;
export type AdsManagerMessage = keyof typeof ADS_MANAGER_MESSAGES;

/** Deleted rows keep a disabled checkbox with this tooltip (spec 1 §2). */
export const DELETED_ROW_TOOLTIPS = {
  campaign: 'Deleted Campaign',
  adGroup: 'Deleted Adgroup',
  keyword: 'Deleted Keyword',
} as const;
