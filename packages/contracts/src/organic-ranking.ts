// Organic keyword ranking (docs/keyword-research.md): the keywords a company tracks for its own
// apps, their daily organic rank, and the inputs both ends validate.
import { z } from 'zod';
import { appStoreIdSchema, researchLocaleSchema, researchTermSchema } from './keyword-research';

/** At most this many terms per trackKeywords call (one App Store search each). */
export const TRACK_KEYWORDS_MAX_TERMS = 50;
/** At most this many tracked keywords per company: each costs a daily App Store search. */
export const TRACKED_KEYWORDS_MAX = 500;
/** Rank history and movers look back at most this many days. */
export const RANK_HISTORY_MAX_DAYS = 365;

/**
 * Terms to track for one app in one storefront (the server tracks them in lower case). The
 * limits are checked by the server with their own messages (TRACK_KEYWORDS_MAX_TERMS, TRACKED_KEYWORDS_MAX).
 */
export const trackKeywordsInputSchema = researchLocaleSchema.extend({
  adamId: appStoreIdSchema,
  terms: z.array(researchTermSchema).min(1, 'validation.required'),
});
export type TrackKeywordsInput = z.infer<typeof trackKeywordsInputSchema>;

/** What the server answers when it refuses; the web translates them by key. */
export const ORGANIC_RANKING_MESSAGES = {
  notOwnApp: 'Only apps of your synced campaigns can be tracked.',
  tooManyTerms: `Track at most ${TRACK_KEYWORDS_MAX_TERMS} keywords at a time.`,
  capReached: `A company can track at most ${TRACKED_KEYWORDS_MAX} keywords.`,
  notFound: 'No such tracked keyword.',
} as const;
export type OrganicRankingMessage = keyof typeof ORGANIC_RANKING_MESSAGES;

/** How far back history and movers look (the web offers fixed choices). */
export const rankDaysSchema = z.number().int().min(1).max(RANK_HISTORY_MAX_DAYS);

/** A tracked keyword with its latest rank and the change since the rank before. */
export interface TrackedKeywordRow {
  id: string;
  adamId: string;
  appName: string | null;
  location: string;
  language: string;
  device: string;
  term: string;
  /** Position in the storefront's search (1 = first); null when not in the first 200. */
  organicRank: number | null;
  previousRank: number | null;
  /** Places gained (positive) or lost (negative); null when either rank is missing. */
  change: number | null;
  popularity: number | null;
  totalApps: number | null;
  lastCheckedAt: string | null;
}

/** One UTC day of a tracked keyword: organic rank and the company's ads on the same text. */
export interface RankPoint {
  day: string;
  organicRank: number | null;
  popularity: number | null;
  /** Decimal, 2 places, in the ad accounts' currency. */
  localSpend: string;
  taps: number;
  installs: number;
}
