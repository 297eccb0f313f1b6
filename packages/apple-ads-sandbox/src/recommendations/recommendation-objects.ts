// The wire objects of the recommendations API: DailyCapRecommendation and TargetCpaRecommendation
// (query rows), and the history records that applying or dismissing one answers
// (dailycaprecommendationhistory.md, targetcparecommendationhistory.md).
import type { BidStrategy } from '../model/entities.js';
import { amountToCents, money } from '../model/money.js';

type Money = { amount: string; currency: string };

/** recommendationbidstrategy.md: the campaign's strategy, its bid named `bidAmount`. */
export interface RecommendationBidStrategy {
  bidStrategyType: string;
  bidStrategyGoal: string;
  bidAmount?: Money;
}

interface RecommendationFields {
  id: string;
  promotedObjectId: string;
  promotedObjectType: string;
  campaignId: number;
  campaignName: string;
  state: 'AVAILABLE' | 'APPLIED' | 'DISMISSED';
  status: 'ENABLED';
  bidStrategy: RecommendationBidStrategy;
  installs: number;
  spend: Money;
  averageCPA: Money | null;
  averageCPT: Money | null;
  impression: number;
  taps: number;
  ttr: number;
  expectedInstalls: number;
  expectedSpend: Money;
  expectedTaps: number;
  creationTime: string;
  modificationTime: string;
  expirationTime: string;
}

/** dailycaprecommendation.md */
export interface DailyCapRecommendation extends RecommendationFields {
  recommendationType: 'DAILYCAP';
  adAccountId: number;
  suggestedDailyBudgetAmount: Money;
  dailyBudget: Money;
  expectedImpressions: number;
  expectedCpa: Money | null;
}

/** targetcparecommendation.md: no account, budget or impressions estimate; `expectedCPA`. */
export interface TargetCpaRecommendation extends RecommendationFields {
  recommendationType: 'TCPA';
  recommendedTargetCPA: Money;
  expectedCPA: Money;
}

export type Recommendation = DailyCapRecommendation | TargetCpaRecommendation;

export function recommendationBidStrategy(bidStrategy: BidStrategy): RecommendationBidStrategy {
  const { bidStrategyType, bidStrategyGoal, bid } = bidStrategy;
  return { bidStrategyType, bidStrategyGoal, ...(bid ? { bidAmount: bid } : {}) };
}

/** The sandbox has no confidence intervals: the Low / High bounds are the estimate ± 10% (a choice). */
const SPREAD = 0.1;

function countBounds(name: string, value: number): Record<string, number> {
  return {
    [`${name}Low`]: Math.round(value * (1 - SPREAD)),
    [`${name}High`]: Math.round(value * (1 + SPREAD)),
  };
}

function moneyBounds(name: string, value: Money | null): Record<string, Money | null> {
  const cents = value ? (amountToCents(value.amount) ?? 0) : null;
  const bound = (factor: number) =>
    value && cents !== null ? money(Math.round(cents * factor), value.currency) : null;
  return { [`${name}Low`]: bound(1 - SPREAD), [`${name}High`]: bound(1 + SPREAD) };
}

export interface Decision {
  state: 'APPLIED' | 'DISMISSED';
  /** The amount applied; null on dismiss. */
  applied: Money | null;
  /** 1-based position among the app's recommendations of this kind when acted on. */
  rank: number;
  time: string;
}

/** The immutable record Apple answers for an applied or dismissed recommendation. */
export function recommendationHistory(recommendation: Recommendation, decision: Decision) {
  const shared = {
    recommendationId: recommendation.id,
    recommendationType: recommendation.recommendationType,
    promotedObjectId: recommendation.promotedObjectId,
    promotedObjectType: recommendation.promotedObjectType,
    campaignId: recommendation.campaignId,
    campaignName: recommendation.campaignName,
    state: decision.state,
    status: recommendation.status,
    rank: decision.rank,
    installs: recommendation.installs,
    spend: recommendation.spend,
    averageCPA: recommendation.averageCPA,
    averageCPT: recommendation.averageCPT,
    impression: recommendation.impression,
    taps: recommendation.taps,
    ttr: recommendation.ttr,
    expectedInstalls: recommendation.expectedInstalls,
    expectedSpend: recommendation.expectedSpend,
    expectedTaps: recommendation.expectedTaps,
    creationTime: recommendation.creationTime,
    modificationTime: decision.time,
    appliedTime: decision.time,
    expirationTime: recommendation.expirationTime,
  };
  if (recommendation.recommendationType === 'TCPA')
    return {
      ...shared,
      appliedTargetCPA: decision.applied,
      recommendedTargetCPA: recommendation.recommendedTargetCPA,
      expectedCPA: recommendation.expectedCPA,
    };
  return {
    ...shared,
    appliedDailyBudgetAmount: decision.applied,
    suggestedDailyBudgetAmount: recommendation.suggestedDailyBudgetAmount,
    expectedImpressions: recommendation.expectedImpressions,
    ...countBounds('expectedImpressions', recommendation.expectedImpressions),
    ...countBounds('expectedInstalls', recommendation.expectedInstalls),
    ...moneyBounds('expectedSpend', recommendation.expectedSpend),
    ...countBounds('expectedTaps', recommendation.expectedTaps),
    expectedCpa: recommendation.expectedCpa,
    ...moneyBounds('expectedCpa', recommendation.expectedCpa),
  };
}
