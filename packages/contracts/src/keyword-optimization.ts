// The keyword (bid) optimisation page (docs/keyword-optimization.md): what the page asks for, the
// words of a suggestion, and a bulk change of bids. Money travels as strings of the keyword's
// currency ("1.25"); the server keeps micros.
import { z } from 'zod';
import { MATCH_TYPES } from './campaigns';
import { moneySchema } from './validation/money';

/** Days the numbers are read over; 30 is Apple's impression share window. */
export const KEYWORD_OPTIMIZATION_LOOKBACKS = [7, 14, 30, 90] as const;
export const DEFAULT_KEYWORD_OPTIMIZATION_LOOKBACK = 30;

/** Spec 2 §3.3 bid strength, from impression share and rank. */
export const BID_STRENGTHS = ['STRONG', 'MODERATE', 'WEAK'] as const;
export type BidStrength = (typeof BID_STRENGTHS)[number];

export const BID_SUGGESTION_ACTIONS = ['RAISE', 'LOWER', 'HOLD'] as const;
export type BidSuggestionAction = (typeof BID_SUGGESTION_ACTIONS)[number];

/** Why a bid is suggested (or not); `value` is the number the words show. */
export const BID_SUGGESTION_REASONS = [
  /** Fewer taps than the minimum: value = taps. */
  'TOO_FEW_TAPS',
  /** The ad group has neither a target CPA nor installs to measure its own CPA. */
  'NO_TARGET_CPA',
  /** Taps without an install: value = taps. */
  'NO_INSTALLS',
  /** CPA under the target by value %. */
  'CPA_UNDER_TARGET',
  /** CPA over the target by value %. */
  'CPA_OVER_TARGET',
  /** CPA within the tolerance of the target: value = its distance in %. */
  'CPA_ON_TARGET',
  /** The impression share: value = %. */
  'SHARE',
  /** Already winning nearly every impression: raising buys little. value = share %. */
  'SHARE_SATURATED',
  /** The change was cut to the step cap: value = the cap in %. */
  'STEP_CAPPED',
] as const;
export type BidSuggestionReasonCode = (typeof BID_SUGGESTION_REASONS)[number];
export interface BidSuggestionReason {
  code: BidSuggestionReasonCode;
  value: number | null;
}

export const KEYWORD_OPTIMIZATION_SORT_COLUMNS = [
  'keyword',
  'campaign',
  'adGroup',
  'matchType',
  'bid',
  'spend',
  'impressions',
  'taps',
  'installs',
  'cpt',
  'cpa',
  'conversionRate',
  'targetCpa',
  'share',
  'rank',
  'searchPopularity',
  'bidStrength',
  'difficultyScore',
  'suggestedBid',
  'suggestedChange',
] as const;
export type KeywordOptimizationSortColumn = (typeof KEYWORD_OPTIMIZATION_SORT_COLUMNS)[number];

export const KEYWORD_OPTIMIZATION_PAGE_SIZES = [25, 50, 100] as const;

const appleId = z.number().int().positive();

export const keywordOptimizationQuery = z.object({
  adamId: appleId,
  lookbackDays: z
    .number()
    .int()
    .refine((days) => (KEYWORD_OPTIMIZATION_LOOKBACKS as readonly number[]).includes(days))
    .default(DEFAULT_KEYWORD_OPTIMIZATION_LOOKBACK),
  campaignIds: z.array(appleId).max(1000).default([]),
  adGroupIds: z.array(appleId).max(1000).default([]),
  /** A storefront of the keyword's campaign (ISO country code). */
  storefront: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish(),
  matchType: z.enum(MATCH_TYPES).nullish(),
  bidStrength: z.enum(BID_STRENGTHS).nullish(),
  /** Only keywords whose suggested bid differs from their bid. */
  hasSuggestion: z.boolean().default(false),
  search: z.string().max(100).nullish(),
  sort: z
    .object({
      column: z.enum(KEYWORD_OPTIMIZATION_SORT_COLUMNS),
      direction: z.enum(['ASC', 'DESC']),
    })
    .default({ column: 'spend', direction: 'DESC' }),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(50),
});
export type KeywordOptimizationQueryInput = z.input<typeof keywordOptimizationQuery>;
export type KeywordOptimizationQuery = z.output<typeof keywordOptimizationQuery>;

/** At most this many bids in one apply. */
export const BID_CHANGES_MAX = 1000;

export const bidChangeSchema = z.object({
  adAccountId: appleId,
  keywordId: appleId,
  /** The new bid in the keyword's currency. */
  bid: moneySchema,
});
export type BidChange = z.infer<typeof bidChangeSchema>;

export const bidChangesInput = z.object({
  changes: z.array(bidChangeSchema).min(1).max(BID_CHANGES_MAX),
});
export type BidChangesInput = z.infer<typeof bidChangesInput>;

export const applyBidChangesInput = bidChangesInput.extend({
  /** The client's key for this apply: sending it again applies nothing twice. */
  requestId: z.uuid(),
});
export type ApplyBidChangesInput = z.infer<typeof applyBidChangesInput>;

/** Why a previewed change will not be sent as asked. */
export const BID_CHANGE_REFUSALS = [
  'NOT_FOUND',
  'NO_CHANGE',
  'OVER_RUN_CAP',
  'KILL_SWITCH',
] as const;
export type BidChangeRefusal = (typeof BID_CHANGE_REFUSALS)[number];

export const KEYWORD_OPTIMIZATION_MESSAGES = {
  applied: 'The bids were sent to Apple Ads.',
  reverted: 'The apply was reverted.',
  nothingToApply: 'None of the chosen bids would change.',
  /** The name of the rule that carries the page's applies (not a valid rule name on purpose). */
  carrierRuleName: 'Keyword optimization: bid changes',
} as const;
