// Campaigns and ad groups: create, get, partial update (arrays replace), delete, query. Bodies are
// checked against the shared v1 schemas; what needs the store (ownership, names, currency) here.
import {
  adGroupCreateSchema,
  adGroupUpdateSchema,
  campaignCreateSchema,
  campaignUpdateSchema,
  type MoneyBody,
  PRICING_MODEL_OF_BILLING_EVENT,
} from '@tapwise/apple-ads-schemas';
import { deleteAdGroup, deleteCampaign, recordDeletes } from '../model/cascade.js';
import type { AdGroup, BidStrategy, Campaign, TargetingData } from '../model/entities.js';
import { newAdGroup, newCampaign } from '../model/factories.js';
import { amountToCents, centsToAmount } from '../model/money.js';
import {
  legacyLimitedStatusReasons,
  presentAdGroup,
  presentCampaign,
} from '../model/presenters.js';
import { parseAppleTimestamp } from '../model/calendar.js';
import type { RouteContext, Router } from '../server/router.js';
import { detail } from '../server/api-error.js';
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { runQuery } from '../server/entity-query.js';
import { parseBody, Validator } from '../server/validate.js';
import { checkAdGroupPlacement, checkCampaignPlacementUpdate } from './placement-rules.js';
import { accountId, currencyOf, diff, idParam, ownAdGroup, ownCampaign } from './scope.js';

export function registerCampaignRoutes(router: Router): void {
  router.add('POST', '/campaigns', createCampaign);
  router.add('GET', '/campaigns/{id}', (context) => ({
    body: {
      result: presentCampaign(context.store, ownCampaign(context, idParam(context), true).id),
    },
  }));
  router.add('GET', '/campaigns/{id}/legacy-app-limited-status-reason-details', (context) => ({
    body: { result: legacyLimitedStatusReasons(ownCampaign(context, idParam(context))) },
  }));
  router.add('PUT', '/campaigns/{id}', updateCampaign);
  router.add('DELETE', '/campaigns/{id}', (context) => {
    const campaign = ownCampaign(context, idParam(context));
    recordDeletes(context.store, deleteCampaign(context.store, campaign.id), context.user.userId);
    return { body: {} };
  });
  router.add('POST', '/campaigns/query', (context) => {
    const account = accountId(context);
    const campaigns = [...context.store.campaigns.values()]
      .filter((c) => c.adAccountId === account)
      .map((c) => presentCampaign(context.store, c.id));
    return { body: runQuery(campaigns, context.body, selectorSchema('/campaigns/query')) };
  });

  router.add('POST', '/adgroups', createAdGroup);
  router.add('GET', '/adgroups/{id}', (context) => ({
    body: {
      result: presentAdGroup(context.store, ownAdGroup(context, idParam(context), true).id),
    },
  }));
  router.add('PUT', '/adgroups/{id}', updateAdGroup);
  router.add('DELETE', '/adgroups/{id}', (context) => {
    const adGroup = ownAdGroup(context, idParam(context));
    recordDeletes(context.store, deleteAdGroup(context.store, adGroup.id), context.user.userId);
    return { body: {} };
  });
  router.add('POST', '/adgroups/query', (context) => {
    const account = accountId(context);
    const adGroups = [...context.store.adGroups.values()]
      .filter((g) => g.adAccountId === account)
      .map((g) => presentAdGroup(context.store, g.id));
    return { body: runQuery(adGroups, context.body, selectorSchema('/adgroups/query')) };
  });
}

/** "2.5" is stored and answered as "2.50", as Apple answers amounts. */
function normalAmount(money: MoneyBody): string {
  return centsToAmount(amountToCents(money.amount) ?? 0);
}

function timeOf(value: string | null | undefined): number | null | undefined {
  return value === undefined || value === null ? value : parseAppleTimestamp(value);
}

/** The stored form of a bid strategy the schema accepted (type and goal come together). */
function bidStrategyOf(
  strategy: {
    bidStrategyType?: string | null;
    bidStrategyGoal?: string | null;
    bid?: MoneyBody | null;
  },
  currency: string,
  current: BidStrategy,
): BidStrategy {
  const bid = strategy.bid ? { amount: normalAmount(strategy.bid), currency } : current.bid;
  return {
    bidStrategyType: strategy.bidStrategyType ?? current.bidStrategyType,
    bidStrategyGoal: strategy.bidStrategyGoal ?? current.bidStrategyGoal,
    ...(bid ? { bid } : {}),
  };
}

/** Checks a Money's currency against the ad account's (money.md: the account's currency). */
function checkCurrency(
  v: Validator,
  field: string,
  money: MoneyBody | null | undefined,
  currency: string,
) {
  if (money?.currency && money.currency !== currency)
    v.details.push(
      detail(
        'INVALID_VALUE',
        `${field}.currency must be the ad account currency ${currency}`,
        `${field}.currency`,
      ),
    );
}

function createCampaign(context: RouteContext) {
  const { store } = context;
  const request = parseBody(campaignCreateSchema, context.body);
  const account = accountId(context);
  const currency = currencyOf(context);
  const v = Validator.of(context.body);
  checkCurrency(v, 'dailyBudget.value', request.dailyBudget.value, currency);
  checkCurrency(v, 'bidStrategy.bid', request.bidStrategy?.bid, currency);
  if (request.adAccountId !== account)
    v.details.push(detail('INVALID_VALUE', 'adAccountId must match X-AP-Context', 'adAccountId'));
  // campaigncreate.md: invoiceDetail is "Required for Line of Credit accounts".
  if (store.accountOf(account).paymentModel === 'LOC' && !request.invoiceDetail)
    v.details.push(
      detail('FIELD_REQUIRED', 'invoiceDetail is required for a LOC account', 'invoiceDetail'),
    );
  const adamId = Number(request.promotedObjectId);
  // Choice: the sandbox's accounts have no brand delegations, so a brand is never the account's.
  if (
    request.promotedObjectType !== 'APPSTORE_APP' ||
    !(store.accountApps.get(account) ?? []).includes(adamId)
  )
    v.details.push(
      detail(
        'INVALID_VALUE',
        'the promoted object is not one of this ad account',
        'promotedObjectId',
      ),
    );
  if (
    [...store.campaigns.values()].some(
      (c) => c.adAccountId === account && !c.deleted && c.name === request.name,
    )
  )
    v.details.push(detail('DUPLICATE_NAME', 'A campaign with this name already exists.', 'name'));
  v.done();
  const now = store.now();
  const campaign = newCampaign(
    store.nextId(),
    {
      adAccountId: account,
      name: request.name,
      adamId,
      countries: request.targeting.countryOrRegion.include ?? [],
      budgetCents: amountToCents(request.dailyBudget.value.amount) ?? 0,
      currency,
      status: request.status ?? 'ENABLED',
      billingEvent: request.billingEvent,
      supplyPlacement: request.targeting.supplyPlacement?.include ?? undefined,
      startMs: timeOf(request.startTime) ?? now,
      endMs: timeOf(request.endTime) ?? null,
    },
    now,
  );
  if (request.bidStrategy)
    campaign.bidStrategy = bidStrategyOf(request.bidStrategy, currency, campaign.bidStrategy);
  campaign.paymentModel = store.accountOf(account).paymentModel;
  campaign.invoiceDetail = request.invoiceDetail ?? null;
  store.putCampaign(campaign, now);
  store.recordChange({
    adAccountId: campaign.adAccountId,
    entityType: 'CAMPAIGN',
    entityId: campaign.id,
    changeType: 'CREATE',
    changes: diff({}, campaign),
    userId: context.user.userId,
  });
  return { body: { result: presentCampaign(store, campaign.id) } };
}

function updateCampaign(context: RouteContext) {
  const { store } = context;
  const campaign = ownCampaign(context, idParam(context));
  const request = parseBody(campaignUpdateSchema, context.body);
  const currency = campaign.dailyBudget.value.currency;
  const v = Validator.of(context.body);
  checkCurrency(v, 'dailyBudget.value', request.dailyBudget?.value, currency);
  checkCurrency(v, 'bidStrategy.bid', request.bidStrategy?.bid, currency);
  const countries = request.targeting?.countryOrRegion;
  if (countries && (countries.include?.length ?? 0) === 0)
    v.details.push(
      detail(
        'INVALID_VALUE',
        'targeting.countryOrRegion.include needs at least one country or region',
        'targeting.countryOrRegion.include',
      ),
    );
  checkCampaignPlacementUpdate(v, campaign, request);
  const startTime = request.startTime ?? campaign.startTime;
  const endTime = request.endTime === undefined ? campaign.endTime : request.endTime;
  if (endTime && endTime <= startTime)
    v.details.push(detail('INVALID_VALUE', 'endTime is after startTime', 'endTime'));
  if (
    request.name &&
    [...store.campaigns.values()].some(
      (c) =>
        c.adAccountId === campaign.adAccountId &&
        c.id !== campaign.id &&
        !c.deleted &&
        c.name === request.name,
    )
  )
    v.details.push(detail('DUPLICATE_NAME', 'A campaign with this name already exists.', 'name'));
  v.done();
  const updated: Campaign = { ...campaign, modificationTime: store.timestamp() };
  if (request.name) updated.name = request.name;
  if (request.status) updated.status = request.status;
  if (request.dailyBudget?.value)
    updated.dailyBudget = { value: { amount: normalAmount(request.dailyBudget.value), currency } };
  if (request.startTime) updated.startTime = request.startTime;
  if (request.endTime !== undefined) updated.endTime = request.endTime;
  if (request.bidStrategy)
    updated.bidStrategy = bidStrategyOf(request.bidStrategy, currency, campaign.bidStrategy);
  if (countries) updated.targeting = { ...campaign.targeting, countryOrRegion: countries };
  store.putCampaign(updated, store.now());
  store.recordChange({
    adAccountId: campaign.adAccountId,
    entityType: 'CAMPAIGN',
    entityId: campaign.id,
    changeType: 'UPDATE',
    changes: diff(campaign, updated),
    userId: context.user.userId,
  });
  return { body: { result: presentCampaign(store, campaign.id) } };
}

function createAdGroup(context: RouteContext) {
  const { store } = context;
  const request = parseBody(adGroupCreateSchema, context.body);
  const campaign = ownCampaign(context, request.campaignId);
  const currency = campaign.dailyBudget.value.currency;
  const v = Validator.of(context.body);
  const pricingModel = PRICING_MODEL_OF_BILLING_EVENT[campaign.billingEvent];
  if (pricingModel && request.pricingModel !== pricingModel)
    v.details.push(
      detail(
        'INVALID_VALUE',
        `pricingModel must be ${pricingModel} in a ${campaign.billingEvent} campaign`,
        'pricingModel',
      ),
    );
  const strategy = bidStrategyOf(request.bidStrategy ?? {}, currency, campaign.bidStrategy);
  checkModelledStrategy(v, strategy);
  checkAdGroupPlacement(v, campaign, store.accountApps.get(campaign.adAccountId) ?? [], {
    ...request,
    bidStrategyType: strategy.bidStrategyType,
  });
  checkCurrency(v, 'bidStrategy.bid', request.bidStrategy?.bid, currency);
  if (
    (store.adGroupIdsByCampaign.get(campaign.id) ?? []).some(
      (id) => store.adGroups.get(id)?.name === request.name && !store.adGroups.get(id)?.deleted,
    )
  )
    v.details.push(
      detail(
        'DUPLICATE_NAME',
        'An ad group with this name already exists in the campaign.',
        'name',
      ),
    );
  v.done();
  const now = store.now();
  const adGroup = newAdGroup(
    store.nextId(),
    {
      campaign,
      name: request.name,
      defaultBidCents: amountToCents(strategy.bid?.amount ?? '0') ?? 0,
      automatedKeywordsOptIn: request.automatedKeywordsOptIn ?? false,
      status: request.status ?? 'ENABLED',
      targeting: request.targeting ? targetingOf(request.targeting) : undefined,
      startMs: timeOf(request.startTime) ?? now,
      endMs: timeOf(request.endTime) ?? null,
    },
    now,
  );
  adGroup.bidStrategy = strategy;
  store.putAdGroup(adGroup, now);
  store.recordChange({
    adAccountId: adGroup.adAccountId,
    entityType: 'ADGROUP',
    entityId: adGroup.id,
    changeType: 'CREATE',
    changes: diff({}, adGroup),
    userId: context.user.userId,
  });
  return { body: { result: presentAdGroup(store, adGroup.id) } };
}

/**
 * Choice: the market model bids a manual CPT (needing a bid) or a target CPA (MAX_CONVERSIONS,
 * its bid the target); CPM and MAX_ENGAGEMENTS ad groups are outside it and refused.
 */
function checkModelledStrategy(v: Validator, strategy: BidStrategy): void {
  if (strategy.bidStrategyType !== 'MANUAL_CPT' && strategy.bidStrategyType !== 'MAX_CONVERSIONS')
    v.details.push(
      detail(
        'INVALID_VALUE',
        'the sandbox models MANUAL_CPT and MAX_CONVERSIONS ad groups only',
        'bidStrategy.bidStrategyType',
      ),
    );
  else if (!strategy.bid)
    v.details.push(detail('FIELD_REQUIRED', 'bidStrategy.bid is required', 'bidStrategy.bid'));
}

function targetingOf(
  targeting: Record<string, TargetingData | null | undefined>,
): Record<string, TargetingData> {
  return Object.fromEntries(
    Object.entries(targeting).filter((entry): entry is [string, TargetingData] => !!entry[1]),
  );
}

function updateAdGroup(context: RouteContext) {
  const { store } = context;
  const adGroup = ownAdGroup(context, idParam(context));
  const request = parseBody(adGroupUpdateSchema, context.body);
  const currency = adGroup.bidStrategy.bid?.currency ?? currencyOf(context);
  const v = Validator.of(context.body);
  const strategy = request.bidStrategy
    ? bidStrategyOf(request.bidStrategy, currency, adGroup.bidStrategy)
    : adGroup.bidStrategy;
  if (request.bidStrategy) checkModelledStrategy(v, strategy);
  checkAdGroupPlacement(
    v,
    store.campaigns.get(adGroup.campaignId) as Campaign,
    store.accountApps.get(adGroup.adAccountId) ?? [],
    { ...request, bidStrategyType: request.bidStrategy?.bidStrategyType },
  );
  checkCurrency(v, 'bidStrategy.bid', request.bidStrategy?.bid, currency);
  const startTime = request.startTime ?? adGroup.startTime;
  const endTime = request.endTime === undefined ? adGroup.endTime : request.endTime;
  if (endTime && endTime <= startTime)
    v.details.push(detail('INVALID_VALUE', 'endTime is after startTime', 'endTime'));
  if (
    request.name &&
    (store.adGroupIdsByCampaign.get(adGroup.campaignId) ?? []).some((id) => {
      const other = store.adGroups.get(id);
      return id !== adGroup.id && other?.name === request.name && !other?.deleted;
    })
  )
    v.details.push(
      detail(
        'DUPLICATE_NAME',
        'An ad group with this name already exists in the campaign.',
        'name',
      ),
    );
  v.done();
  const updated: AdGroup = {
    ...adGroup,
    bidStrategy: strategy,
    modificationTime: store.timestamp(),
  };
  if (request.name) updated.name = request.name;
  if (request.status) updated.status = request.status;
  if (request.automatedKeywordsOptIn != null)
    updated.automatedKeywordsOptIn = request.automatedKeywordsOptIn;
  if (request.startTime) updated.startTime = request.startTime;
  if (request.endTime !== undefined) updated.endTime = request.endTime;
  // PUT is partial, but a targeting dimension that is sent replaces the previous one wholesale.
  if (request.targeting)
    updated.targeting = { ...adGroup.targeting, ...targetingOf(request.targeting) };
  store.putAdGroup(updated, store.now());
  store.recordChange({
    adAccountId: adGroup.adAccountId,
    entityType: 'ADGROUP',
    entityId: adGroup.id,
    changeType: 'UPDATE',
    changes: diff(adGroup, updated),
    userId: context.user.userId,
  });
  return { body: { result: presentAdGroup(store, adGroup.id) } };
}
