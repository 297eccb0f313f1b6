// Daily-budget (DAILYCAP) and target-CPA (TCPA) recommendations for a promoted app's campaigns,
// from their last complete days: a campaign whose budget held back demand on two or more of the
// last 7 days is offered the budget its busiest day needed; a campaign with installs over the
// last 30 days is offered a target CPA just above its average cost per install. Applying a
// budget recommendation changes the campaign's budget, and delivery, from that instant.
import { appleTimestamp, DAY_MS, localDayOf, localDayStartMs } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import type { Campaign } from '../model/entities.js';
import { amountToCents, centsToAmount, money } from '../model/money.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { diff } from '../routes/scope.js';
import { campaignPerformance, type CampaignPerformance } from './campaign-performance.js';
import { parseRecommendationQuery, recommendationPage } from './recommendation-request.js';

export type RecommendationKind = 'DAILYCAP' | 'TCPA';

const LOOKBACK_DAYS: Record<RecommendationKind, number> = { DAILYCAP: 7, TCPA: 30 };
const MIN_LIMITED_DAYS = 2;
const MIN_INSTALLS = 10;

export interface Recommendation {
  id: string;
  recommendationType: RecommendationKind;
  promotedObjectId: string;
  promotedObjectType: string;
  campaignId: number;
  campaignName: string;
  suggestedDailyBudgetAmount?: { amount: string; currency: string };
  suggestedTargetCPA?: { amount: string; currency: string };
  dailyBudget: { amount: string; currency: string };
  spend: { amount: string; currency: string };
  averageCPA: { amount: string; currency: string } | null;
  averageCPT: { amount: string; currency: string } | null;
  expectedSpend: { amount: string; currency: string } | null;
  expectedCpa: { amount: string; currency: string } | null;
  installs: number;
  taps: number;
  impression: number;
  ttr: number;
  expectedInstalls: number | null;
  expectedTaps: number | null;
  expectedImpressions: number | null;
  bidStrategy: Campaign['bidStrategy'];
  state: 'AVAILABLE' | 'APPLIED' | 'DISMISSED';
  status: 'ENABLED';
  creationTime: string;
  modificationTime: string;
  expirationTime: string;
}

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
export function recommendationsFor(
  store: SandboxStore,
  adAccountId: number,
  kind: RecommendationKind,
  adamId: number,
): Recommendation[] {
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
  return recommendations;
}

function budgetRecommendation(
  store: SandboxStore,
  campaign: Campaign,
  performance: CampaignPerformance,
): Recommendation | null {
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
    'DAILYCAP',
  );
  const currency = campaign.dailyBudget.value.currency;
  const growth =
    performance.spendCents === 0 ? 1 : performance.demandCents / performance.spendCents;
  const perDay = (value: number) => Math.round((value * growth) / performance.days);
  return {
    ...base,
    suggestedDailyBudgetAmount: money(suggestedCents, currency),
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
): Recommendation | null {
  if (performance.installs < MIN_INSTALLS) return null;
  const currency = campaign.dailyBudget.value.currency;
  const cpaCents = performance.spendCents / performance.installs;
  // A little above the current average so volume holds while costs stay predictable.
  const targetCents = Math.max(1, Math.round(cpaCents * 1.1));
  const base = baseRecommendation(store, campaign, performance, `TCPA-${campaign.id}`, 'TCPA');
  return {
    ...base,
    suggestedTargetCPA: money(targetCents, currency),
    expectedSpend: base.spend,
    expectedCpa: money(targetCents, currency),
    expectedInstalls: Math.round(performance.installs / performance.days),
    expectedTaps: Math.round(performance.taps / performance.days),
    expectedImpressions: Math.round(performance.impressions / performance.days),
  };
}

function baseRecommendation(
  store: SandboxStore,
  campaign: Campaign,
  performance: CampaignPerformance,
  id: string,
  kind: RecommendationKind,
): Recommendation {
  const currency = campaign.dailyBudget.value.currency;
  const timezone = store.accountOf(campaign.adAccountId).timezone;
  const createdMs = localDayStartMs(timezone, localDayOf(timezone, store.now()));
  const days = performance.days;
  return {
    id,
    recommendationType: kind,
    promotedObjectId: campaign.promotedObjectId,
    promotedObjectType: campaign.promotedObjectType,
    campaignId: campaign.id,
    campaignName: campaign.name,
    dailyBudget: campaign.dailyBudget.value,
    spend: money(Math.round(performance.spendCents / days), currency),
    averageCPA:
      performance.installs === 0
        ? null
        : money(Math.round(performance.spendCents / performance.installs), currency),
    averageCPT:
      performance.taps === 0
        ? null
        : money(Math.round(performance.spendCents / performance.taps), currency),
    expectedSpend: null,
    expectedCpa: null,
    installs: Math.round(performance.installs / days),
    taps: Math.round(performance.taps / days),
    impression: Math.round(performance.impressions / days),
    ttr:
      performance.impressions === 0
        ? 0
        : Math.round((performance.taps / performance.impressions) * 10_000) / 10_000,
    expectedInstalls: null,
    expectedTaps: null,
    expectedImpressions: null,
    bidStrategy: campaign.bidStrategy,
    state: store.recommendationStates.get(id) ?? 'AVAILABLE',
    status: 'ENABLED',
    creationTime: appleTimestamp(createdMs),
    modificationTime: appleTimestamp(createdMs),
    expirationTime: appleTimestamp(createdMs + 7 * DAY_MS),
  };
}

/**
 * POST /recommendations/{daily-budgets|target-cpas}/{apply|dismiss}: a list of
 * {id, promotedObjectId, promotedObjectType, appliedDailyBudget | appliedTargetCPA}. Every id is
 * checked before anything changes; the answer lists the recommendations in their new state.
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
    const recommendation = recommendationsFor(store, adAccountId, kind, adamId).find(
      (candidate) => candidate.id === id,
    );
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
    return { recommendation, overrideCents };
  });
  if (details.length > 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
  return {
    result: chosen.map(({ recommendation, overrideCents }) => {
      const current = recommendation as Recommendation;
      if (decision === 'APPLIED' && kind === 'DAILYCAP')
        applyBudget(store, current, overrideCents, userId);
      store.recommendationStates.set(current.id, decision);
      return { ...current, state: decision };
    }),
  };
}

function applyBudget(
  store: SandboxStore,
  recommendation: Recommendation,
  overrideCents: number | null,
  userId: number,
): void {
  const campaign = store.campaigns.get(recommendation.campaignId) as Campaign;
  const cents =
    overrideCents ?? amountToCents(recommendation.suggestedDailyBudgetAmount?.amount ?? '0') ?? 0;
  const updated: Campaign = {
    ...campaign,
    dailyBudget: {
      value: { amount: centsToAmount(cents), currency: campaign.dailyBudget.value.currency },
    },
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
