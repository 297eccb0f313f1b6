// Strategic losing (docs/strategic-losing.md): the search terms where an app loses impression
// share to rivals over Apple's last 30 days, with its own numbers there and the spend to win.
import { z } from 'zod';

export const STRATEGIC_LOSING_SORTS = [
  'spendToWin',
  'share',
  'popularity',
  'rank',
  'spend',
] as const;
export type StrategicLosingSort = (typeof STRATEGIC_LOSING_SORTS)[number];

/** The low end of Apple's top impression share band (91-100 %): the share a win aims for. */
export const WINNING_SHARE = 0.91;

/** The lost terms an answer holds by default, and at most: the rest are further pages. */
export const STRATEGIC_LOSING_PAGE_SIZE = 50;
export const STRATEGIC_LOSING_MAX_PAGE_SIZE = 500;

export const strategicLosingInputSchema = z.object({
  adAccountId: z.number().int().positive(),
  adamId: z.number().int().positive(),
  /** Two-letter storefront; every storefront when absent. */
  storefront: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.countryInvalid')
    .nullish(),
  /** 1-5, Apple's popularity band. */
  minPopularity: z.number().int().min(1).max(5).nullish(),
  /** 0-1: terms whose share is at most this. */
  maxShare: z.number().min(0).max(1).nullish(),
  sort: z.enum(STRATEGIC_LOSING_SORTS).default('spendToWin'),
  /** The page: the sorted lost terms from `offset`, at most `limit` of them. */
  offset: z.number().int().min(0).default(0),
  limit: z
    .number()
    .int()
    .min(1)
    .max(STRATEGIC_LOSING_MAX_PAGE_SIZE)
    .default(STRATEGIC_LOSING_PAGE_SIZE),
});
export type StrategicLosingInput = z.input<typeof strategicLosingInputSchema>;

/** A keyword that matched the term over the window, with its bid today. */
export interface StrategicLosingKeyword {
  keywordId: number;
  adGroupId: number;
  campaignId: number;
  text: string;
  matchType: string;
  /** The keyword's bid, else its ad group's default bid; null when neither is known. */
  bidMicros: number | null;
  modificationTime: string | null;
}

export interface StrategicLosingRow {
  countryOrRegion: string;
  searchTerm: string;
  /** 0-1, the mean of the middles of Apple's daily bands. */
  share: number;
  rank: number;
  /** 1-5. */
  searchPopularity: number;
  days: number;
  spendMicros: number;
  impressions: number;
  taps: number;
  installs: number;
  cptMicros: number | null;
  cpaMicros: number | null;
  /** Extra spend over the window to reach WINNING_SHARE; null when there is no spend to scale. */
  spendToWinMicros: number | null;
  /** The keywords that matched it, most spend first. */
  keywords: StrategicLosingKeyword[];
}

export interface StrategicLosingAnswer {
  /** UTC days, YYYY-MM-DD, inclusive. */
  windowStart: string;
  windowEnd: string;
  /** The ad account's currency: every amount is in it. */
  currency: string;
  /** False until a sync has stored impression share for the app. */
  hasShareData: boolean;
  /** The storefronts the app has impression share in. */
  storefronts: string[];
  /** Every lost term matching the filters; `rows` is the asked page of them, in the sort. */
  total: number;
  rows: StrategicLosingRow[];
}
