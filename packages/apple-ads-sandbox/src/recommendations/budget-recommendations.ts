// Daily-budget (DAILYCAP) and target-CPA (TCPA) recommendations for a promoted app's campaigns,
// from their last complete days: a campaign whose budget held back demand on two or more of the
// last 7 days is offered the budget its busiest day needed; a campaign with installs over the
// last 30 days is offered a target CPA just above its average cost per install. Applying a
// budget recommendation changes the campaign's budget, and delivery, from that instant.
import { appleTimestamp, DAY_MS, localDayOf, localDayStartMs } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import {
  dailyBudgetDecisionsSchema,
  targetCpaDecisionsSchema,
  type DailyBudgetDecision,
  type TargetCpaDecision,
} from '@tapwise/apple-ads-schemas';
import type { Campaign } from '../model/entities.js';
import { amountToCents, money } from '../model/money.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { matchesFilter, refuseInvalid } from '../server/entity-query.js';
import { diff } from '../routes/scope.js';
import { campaignPerformance, type CampaignPerformance } from './campaign-performance.js';
import {
  recommendationBidStrategy,
  recommendationHistory,
  type DailyCapRecommendation,
  type Recommendation,
  type TargetCpaRecommendation,
} from './recommendation-objects.js';
import {
  parseRecommendationQuery,
  promotedObjectOf,
  promotedObjectsOf,
  RECOMMENDATION_ERROR,
  recommendationPage,
} from './recommendation-query.js';

export type RecommendationKind = 'DAILYCAP' | 'TCPA';

const LOOKBACK_DAYS: Record<RecommendationKind, number> = { DAILYCAP: 7, TCPA: 30 };
const MIN_LIMITED_DAYS = 2;
const MIN_INSTALLS = 10;

const QUERY_ENDPOINT = {
  DAILYCAP: '/recommendations/daily-budgets/query',
  TCPA: '/recommendations/target-cpas/query',
} as const;

/** Every filter of the page applies to the rows; bidStrategy compares its type (choice). */
export function queryRecommendations(
  store: SandboxStore,
  adAccountId: number,
  kind: RecommendationKind,
  body: unknown,
) {
  const query = parseRecommendationQuery(QUERY_ENDPOINT[kind], body);
  const rows = promotedObjectsOf(store, adAccountId, query).flatMap((promoted): Recommendation[] =>
    recommendationsFor(store, adAccountId, kind, promoted.id),
  );
  const matched = rows.filter((row) => {
    const view = { ...row, bidStrategy: row.bidStrategy.bidStrategyType };
    return (query.filters ?? []).every((filter) =>
      matchesFilter(view, { ...filter, ignoreCase: filter.ignoreCase ?? false }),
    );
  });
  return recommendationPage(matched, query, [{ field: 'campaignId', order: 'ASC' }]);
}

/**
 * Every current recommendation of a kind for an app or brand; daily-budget ids name the budget
 * they replace.
 */
export function recommendationsFor<K extends RecommendationKind>(
  store: SandboxStore,
  adAccountId: number,
  kind: K,
  promotedObjectId: string,
): Extract<Recommendation, { recommendationType: K }>[] {
  const memo = new DeliveryMemo(store);
  const recommendations: Recommendation[] = [];
  for (const campaign of store.campaigns.values()) {
    if (
      campaign.adAccountId !== adAccountId ||
      campaign.deleted ||
      campaign.status !== 'ENABLED' ||
      campaign.promotedObjectId !== promotedObjectId
    )
      continue;
    const performance = campaignPerformance(store, memo, campaign, LOOKBACK_DAYS[kind]);
    const recommendation =
      kind === 'DAILYCAP'
        ? budgetRecommendation(store, campaign, performance)
        : targetCpaRecommendation(store, campaign, performance);
    if (recommendation) recommendations.push(recommendation);
  }
  return recommendations as Extract<Recommendation, { recommendationType: K }>[];
}

function budgetRecommendation(
  store: SandboxStore,
  campaign: Campaign,
  performance: CampaignPerformance,
): DailyCapRecommendation | null {
  if (performance.limitedDays < MIN_LIMITED_DAYS) return null;
  const budgetCents = amountToCents(campaign.dailyBudget.value.amount) ?? 0;
  // Whole currency units, enough for the busiest recent day.
  const suggestedCents = Math.max(
    budgetCents + 100,
    Math.ceil(performance.maxDemandCents / 100) * 100,
  );
  const base = baseRecommendation(
    store,
    campaign,
    performance,
    `DAILYCAP-${campaign.id}-${budgetCents}`,
  );
  const currency = campaign.dailyBudget.value.currency;
  const growth =
    performance.spendCents === 0 ? 1 : performance.demandCents / performance.spendCents;
  const perDay = (value: number) => Math.round((value * growth) / performance.days);
  return {
    ...base,
    recommendationType: 'DAILYCAP',
    adAccountId: campaign.adAccountId,
    suggestedDailyBudgetAmount: money(suggestedCents, currency),
    dailyBudget: campaign.dailyBudget.value,
    expectedSpend: money(Math.round(performance.demandCents / performance.days), currency),
    expectedCpa: base.averageCPA,
    expectedInstalls: perDay(performance.installs),
    expectedTaps: perDay(performance.taps),
    expectedImpressions: perDay(performance.impressions),
  };
}

function targetCpaRecommendation(
  store: SandboxStore,
  campaign: Campaign,
  performance: CampaignPerformance,
): TargetCpaRecommendation | null {
  if (performance.installs < MIN_INSTALLS) return null;
  const currency = campaign.dailyBudget.value.currency;
  const cpaCents = performance.spendCents / performance.installs;
  // A little above the current average so volume holds while costs stay predictable.
  const targetCents = Math.max(1, Math.round(cpaCents * 1.1));
  const base = baseRecommendation(store, campaign, performance, `TCPA-${campaign.id}`);
  return {
    ...base,
    recommendationType: 'TCPA',
    recommendedTargetCPA: money(targetCents, currency),
    expectedSpend: base.spend,
    expectedCPA: money(targetCents, currency),
    expectedInstalls: Math.round(performance.installs / performance.days),
    expectedTaps: Math.round(performance.taps / performance.days),
  };
}

/** The fields both kinds share; each kind adds its suggestion and expected figures. */
function baseRecommendation(
  store: SandboxStore,
  campaign: Campaign,
  performance: CampaignPerformance,
  id: string,
) {
  const currency = campaign.dailyBudget.value.currency;
  const timezone = store.accountOf(campaign.adAccountId).timezone;
  const createdMs = localDayStartMs(timezone, localDayOf(timezone, store.now()));
  const days = performance.days;
  return {
    id,
    promotedObjectId: campaign.promotedObjectId,
    promotedObjectType: campaign.promotedObjectType,
    campaignId: campaign.id,
    campaignName: campaign.name,
    spend: money(Math.round(performance.spendCents / days), currency),
    averageCPA:
      performance.installs === 0
        ? null
        : money(Math.round(performance.spendCents / performance.installs), currency),
    averageCPT:
      performance.taps === 0
        ? null
        : money(Math.round(performance.spendCents / performance.taps), currency),
    installs: Math.round(performance.installs / days),
    taps: Math.round(performance.taps / days),
    impression: Math.round(performance.impressions / days),
    ttr:
      performance.impressions === 0
        ? 0
        : Math.round((performance.taps / performance.impressions) * 10_000) / 10_000,
    bidStrategy: recommendationBidStrategy(campaign.bidStrategy),
    state: store.recommendationStates.get(id) ?? ('AVAILABLE' as const),
    status: 'ENABLED' as const,
    creationTime: appleTimestamp(createdMs),
    modificationTime: appleTimestamp(createdMs),
    expirationTime: appleTimestamp(createdMs + 7 * DAY_MS),
  };
}

type Decision = DailyBudgetDecision | TargetCpaDecision;

/**
 * POST /recommendations/{daily-budgets|target-cpas}/{apply|dismiss}: every item is checked before
 * anything changes; only AVAILABLE recommendations can be decided (state is terminal,
 * recommendations-endpoints.md). The answer lists one history record per recommendation
 * (recommendationapplydailybudgetresponse.md), with a null pagination.
 */
export function decideRecommendations(
  store: SandboxStore,
  adAccountId: number,
  kind: RecommendationKind,
  decision: 'APPLIED' | 'DISMISSED',
  body: unknown,
  userId: number,
) {
  const items: Decision[] =
    kind === 'DAILYCAP'
      ? refuseInvalid(dailyBudgetDecisionsSchema, body, RECOMMENDATION_ERROR)
      : refuseInvalid(targetCpaDecisionsSchema, body, RECOMMENDATION_ERROR);
  const [first] = items as [Decision];
  const promoted = promotedObjectOf(
    store,
    adAccountId,
    first.promotedObjectType,
    first.promotedObjectId,
    '0.promotedObjectId',
  );
  const candidates: Recommendation[] = recommendationsFor(
    store,
    adAccountId,
    kind,
    promoted.id,
  ).sort((a, b) => a.campaignId - b.campaignId);
  const details: ErrorDetail[] = [];
  const chosen = items.map((item, index) => {
    const rank = candidates.findIndex((candidate) => candidate.id === item.id) + 1;
    const recommendation = candidates[rank - 1];
    const override = decision === 'APPLIED' ? overrideOf(item) : null;
    if (!recommendation)
      details.push(
        detail(
          'INVALID_VALUE',
          `no recommendation ${item.id} for this promoted object`,
          `${index}.id`,
        ),
      );
    else if (recommendation.state !== 'AVAILABLE')
      details.push(
        detail(
          'INVALID_VALUE',
          `recommendation ${item.id} is already ${recommendation.state}`,
          `${index}.id`,
        ),
      );
    else if (override && override.currency !== suggestionOf(recommendation).currency)
      details.push(
        detail(
          'INVALID_VALUE',
          `the amount is in the campaign's currency, ${suggestionOf(recommendation).currency}`,
          `${index}.${kind === 'DAILYCAP' ? 'appliedDailyBudget' : 'appliedTargetCPA'}.currency`,
        ),
      );
    return { recommendation: recommendation as Recommendation, rank, override };
  });
  if (details.length > 0)
    throw new ApiError(400, RECOMMENDATION_ERROR, 'Validation errors found', details);
  return {
    result: chosen.map(({ recommendation, rank, override }) => {
      const applied =
        decision === 'DISMISSED'
          ? null
          : override
            ? money(amountToCents(override.amount) ?? 0, override.currency)
            : suggestionOf(recommendation);
      if (applied && recommendation.recommendationType === 'DAILYCAP')
        applyBudget(store, recommendation.campaignId, applied, userId);
      store.recommendationStates.set(recommendation.id, decision);
      return recommendationHistory(recommendation, {
        state: decision,
        applied,
        rank,
        time: store.timestamp(),
      });
    }),
    pagination: null,
  };
}

function suggestionOf(recommendation: Recommendation) {
  return recommendation.recommendationType === 'DAILYCAP'
    ? recommendation.suggestedDailyBudgetAmount
    : recommendation.recommendedTargetCPA;
}

/** The amount an apply item overrides the suggestion with; dismissing ignores it. */
function overrideOf(item: Decision) {
  return (
    ('appliedDailyBudget' in item ? item.appliedDailyBudget : null) ??
    ('appliedTargetCPA' in item ? item.appliedTargetCPA : null) ??
    null
  );
}

function applyBudget(
  store: SandboxStore,
  campaignId: number,
  budget: { amount: string; currency: string },
  userId: number,
): void {
  const campaign = store.campaigns.get(campaignId) as Campaign;
  const updated: Campaign = {
    ...campaign,
    dailyBudget: { value: budget },
    modificationTime: store.timestamp(),
  };
  store.putCampaign(updated, store.now());
  store.recordChange({
    adAccountId: campaign.adAccountId,
    entityType: 'CAMPAIGN',
    entityId: campaign.id,
    changeType: 'UPDATE',
    changes: diff(campaign, updated),
    userId,
  });
}
