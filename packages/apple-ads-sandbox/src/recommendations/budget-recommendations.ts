// Daily-budget (DAILYCAP) and target-CPA (TCPA) recommendations for a promoted app's campaigns,
// from their last complete days: a campaign whose budget held back demand on two or more of the
// last 7 days is offered the budget its busiest day needed; a campaign with installs over the
// last 30 days is offered a target CPA just above its average cost per install. Applying a
// budget recommendation changes the campaign's budget, and delivery, from that instant.
import { appleTimestamp, DAY_MS, localDayOf, localDayStartMs } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import type { Campaign } from '../model/entities.js';
import { amountToCents, money } from '../model/money.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { diff } from '../routes/scope.js';
import { campaignPerformance, type CampaignPerformance } from './campaign-performance.js';
import {
  recommendationBidStrategy,
  recommendationHistory,
  type DailyCapRecommendation,
  type Recommendation,
  type TargetCpaRecommendation,
} from './recommendation-objects.js';
import { parseRecommendationQuery, recommendationPage } from './recommendation-request.js';

export type RecommendationKind = 'DAILYCAP' | 'TCPA';

const LOOKBACK_DAYS: Record<RecommendationKind, number> = { DAILYCAP: 7, TCPA: 30 };
const MIN_LIMITED_DAYS = 2;
const MIN_INSTALLS = 10;

export function queryRecommendations(
  store: SandboxStore,
  adAccountId: number,
  kind: RecommendationKind,
  body: unknown,
) {
  const query = parseRecommendationQuery(store, adAccountId, body);
  const rows = recommendationsFor(store, adAccountId, kind, query.app.adamId);
  return recommendationPage(rows, query, [{ field: 'campaignId', order: 'ASC' }]);
}

/** Every current recommendation of a kind for the app; daily-budget ids name the budget they replace. */
export function recommendationsFor<K extends RecommendationKind>(
  store: SandboxStore,
  adAccountId: number,
  kind: K,
  adamId: number,
): Extract<Recommendation, { recommendationType: K }>[] {
  const memo = new DeliveryMemo(store);
  const recommendations: Recommendation[] = [];
  for (const campaign of store.campaigns.values()) {
    if (
      campaign.adAccountId !== adAccountId ||
      campaign.deleted ||
      campaign.status !== 'ENABLED' ||
      campaign.promotedObjectId !== String(adamId)
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

/**
 * POST /recommendations/{daily-budgets|target-cpas}/{apply|dismiss}: a list of
 * {id, promotedObjectId, promotedObjectType, appliedDailyBudget | appliedTargetCPA}. Every id is
 * checked before anything changes; the answer lists one history record per recommendation
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
  if (!Array.isArray(body) || body.length === 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', [
      detail('FIELD_REQUIRED', 'the body is a non-empty array of recommendations', 'body'),
    ]);
  const details: ErrorDetail[] = [];
  const chosen = (body as Record<string, unknown>[]).map((item, index) => {
    const id = item?.id;
    const adamId = Number(item?.promotedObjectId);
    if (typeof id !== 'string')
      details.push(detail('FIELD_REQUIRED', 'id is required', `[${index}].id`));
    if (item?.promotedObjectType !== 'APPSTORE_APP')
      details.push(
        detail(
          'INVALID_VALUE',
          'promotedObjectType must be APPSTORE_APP',
          `[${index}].promotedObjectType`,
        ),
      );
    const candidates = recommendationsFor(store, adAccountId, kind, adamId).sort(
      (a, b) => a.campaignId - b.campaignId,
    );
    const rank = candidates.findIndex((candidate) => candidate.id === id) + 1;
    const recommendation = candidates[rank - 1];
    if (typeof id === 'string' && !recommendation)
      details.push(
        detail('INVALID_VALUE', `no recommendation ${id} for this app`, `[${index}].id`),
      );
    const override = item?.[kind === 'DAILYCAP' ? 'appliedDailyBudget' : 'appliedTargetCPA'] as
      { amount?: unknown } | undefined;
    const overrideCents =
      override && typeof override.amount === 'string' ? amountToCents(override.amount) : null;
    if (
      override !== undefined &&
      override !== null &&
      (overrideCents === null || overrideCents <= 0)
    )
      details.push(detail('INVALID_VALUE', 'the applied amount must be positive', `[${index}]`));
    return { recommendation, rank, overrideCents };
  });
  if (details.length > 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
  return {
    result: chosen.map(({ recommendation, rank, overrideCents }) => {
      const current = recommendation as Recommendation;
      const suggested =
        current.recommendationType === 'DAILYCAP'
          ? current.suggestedDailyBudgetAmount
          : current.recommendedTargetCPA;
      const applied =
        decision === 'DISMISSED'
          ? null
          : overrideCents === null
            ? suggested
            : money(overrideCents, suggested.currency);
      if (applied && current.recommendationType === 'DAILYCAP')
        applyBudget(store, current.campaignId, applied, userId);
      store.recommendationStates.set(current.id, decision);
      return recommendationHistory(current, {
        state: decision,
        applied,
        rank,
        time: store.timestamp(),
      });
    }),
    pagination: null,
  };
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
