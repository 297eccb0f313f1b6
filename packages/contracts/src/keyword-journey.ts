// The keyword journey (spec 1 §1, §8, §9): where each keyword of an app stands over a window —
// Impression (impressions, no taps), Tap (taps, no installs), Install (installs, no goal events),
// Event (goal events) — and how keywords moved between stages week by week.
import { z } from 'zod';
import { METRICS, type MetricCounts } from './metrics';
import { appScopeSchema, isoDate, type DateRange } from './overview';

export const KEYWORD_JOURNEY_WINDOWS = [7, 14, 30, 90] as const;
export type KeywordJourneyWindow = (typeof KEYWORD_JOURNEY_WINDOWS)[number];

/** The stages in journey order; NONE is a keyword without a single impression. */
export const KEYWORD_STAGES = ['NONE', 'IMPRESSION', 'TAP', 'INSTALL', 'EVENT'] as const;
export type KeywordStage = (typeof KEYWORD_STAGES)[number];

/** How many consecutive weeks the movement chart shows. */
export const KEYWORD_JOURNEY_WEEKS = 8;
/** The most keywords of one stage an answer lists (by spend); the count says how many there are. */
export const KEYWORD_JOURNEY_LIST_LIMIT = 500;

export const keywordJourneyQuerySchema = appScopeSchema.extend({
  days: z.union(KEYWORD_JOURNEY_WINDOWS.map((days) => z.literal(days))),
  /** The window's last day; yesterday (UTC), the last complete day, by default. */
  end: isoDate.optional(),
  /** A goal of the app whose events make the Event stage; the app's first goal by default. */
  goalId: z.uuid().optional(),
  /** The stage whose keywords the answer lists. */
  stage: z.enum(KEYWORD_STAGES).default('IMPRESSION'),
});
export type KeywordJourneyQuery = z.input<typeof keywordJourneyQuerySchema>;

/** The furthest stage a keyword reached over a period: events beat installs beat taps beat impressions. */
export function keywordStage(counts: MetricCounts, events: number): KeywordStage {
  if (events > 0) return 'EVENT';
  if (METRICS.installs.value(counts) > 0) return 'INSTALL';
  if (METRICS.taps.value(counts) > 0) return 'TAP';
  return METRICS.impressions.value(counts) > 0 ? 'IMPRESSION' : 'NONE';
}

export const stageRank = (stage: KeywordStage) => KEYWORD_STAGES.indexOf(stage);

/** Why the Event stage may be empty whatever the keywords do. */
export const EVENT_SOURCES = ['READY', 'NO_GOAL', 'NO_PARTNER_DATA'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

export type StageCountMap = Record<KeywordStage, number>;

export interface KeywordJourneyRow {
  keywordId: number;
  text: string;
  matchType: string;
  campaignId: number;
  adGroupId: number;
  counts: MetricCounts;
  events: number;
}

export interface KeywordJourneyWeek extends DateRange {
  stageCounts: StageCountMap;
  /** Keywords whose stage is later than in the week before, and earlier. */
  forward: number;
  back: number;
}

export interface KeywordJourney {
  window: DateRange;
  currency: string;
  stageCounts: StageCountMap;
  stage: KeywordStage;
  /** The stage's keywords by spend, at most KEYWORD_JOURNEY_LIST_LIMIT. */
  keywords: KeywordJourneyRow[];
  goal: { id: string; name: string } | null;
  goals: { id: string; name: string }[];
  eventSource: EventSource;
  weeks: KeywordJourneyWeek[];
  /** Days of synced history up to the window's end (0 without any). */
  dataDays: number;
  /** Every count is zero or the data is younger than KEYWORD_JOURNEY_WAIT_DAYS: wait. */
  needsWait: boolean;
}
