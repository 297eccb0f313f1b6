// Campaigns and ad groups: create, get, partial update (arrays replace), delete, query.
import type { AdGroup, Campaign, TargetingData } from '../model/entities.js';
import { newAdGroup, newCampaign } from '../model/factories.js';
import { centsToAmount } from '../model/money.js';
import { presentAdGroup, presentCampaign } from '../model/presenters.js';
import { parseAppleTimestamp } from '../model/calendar.js';
import type { RouteContext, Router } from '../server/router.js';
import { detail } from '../server/api-error.js';
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { runQuery } from '../server/entity-query.js';
import { Validator } from '../server/validate.js';
import { accountId, currencyOf, diff, idParam, ownAdGroup, ownCampaign } from './scope.js';

const STATUSES = ['ENABLED', 'PAUSED'] as const;

export function registerCampaignRoutes(router: Router): void {
  router.add('POST', '/campaigns', createCampaign);
  router.add('GET', '/campaigns/{id}', (context) => ({
    body: { result: presentCampaign(context.store, ownCampaign(context, idParam(context)).id) },
  }));
  router.add('PUT', '/campaigns/{id}', updateCampaign);
  router.add('DELETE', '/campaigns/{id}', (context) => {
    const campaign = ownCampaign(context, idParam(context));
    const updated: Campaign = {
      ...campaign,
      deleted: true,
      modificationTime: context.store.timestamp(),
    };
    context.store.putCampaign(updated, context.store.now());
    context.store.recordChange({
      adAccountId: campaign.adAccountId,
      entityType: 'CAMPAIGN',
      entityId: campaign.id,
      changeType: 'DELETE',
      changes: [],
      userId: context.user.userId,
    });
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
    body: { result: presentAdGroup(context.store, ownAdGroup(context, idParam(context)).id) },
  }));
  router.add('PUT', '/adgroups/{id}', updateAdGroup);
  router.add('DELETE', '/adgroups/{id}', (context) => {
    const adGroup = ownAdGroup(context, idParam(context));
    context.store.putAdGroup(
      { ...adGroup, deleted: true, modificationTime: context.store.timestamp() },
      context.store.now(),
    );
    context.store.recordChange({
      adAccountId: adGroup.adAccountId,
      entityType: 'ADGROUP',
      entityId: adGroup.id,
      changeType: 'DELETE',
      changes: [],
      userId: context.user.userId,
    });
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

function targetingList(value: unknown): TargetingData | null {
  if (!value || typeof value !== 'object') return null;
  const data = value as TargetingData;
  return {
    include: Array.isArray(data.include) ? data.include.map(String) : null,
    exclude: Array.isArray(data.exclude) ? data.exclude.map(String) : null,
  };
}

function timeField(v: Validator, field: string): number | null | undefined {
  const value = v.raw(field);
  if (value === undefined || value === null) return value as undefined | null;
  const ms = typeof value === 'string' ? parseAppleTimestamp(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    v.details.push(detail('INVALID_VALUE', `${field} must be yyyy-MM-ddTHH:mm:ss.SSS`, field));
    return undefined;
  }
  return ms;
}

function createCampaign(context: RouteContext) {
  const { store } = context;
  const v = Validator.of(context.body);
  const adAccountId = v.integer('adAccountId', true);
  const name = v.string('name', true, 200);
  v.oneOf('billingEvent', ['TAPS', 'IMPRESSIONS', 'INSTALLS'], true);
  const promotedObjectType = v.oneOf(
    'promotedObjectType',
    ['APPSTORE_APP', 'BUSINESS_BRAND'],
    true,
  );
  const promotedObjectId = v.raw('promotedObjectId');
  if (promotedObjectId === undefined || promotedObjectId === null)
    v.details.push(detail('FIELD_REQUIRED', 'promotedObjectId is required', 'promotedObjectId'));
  const currency = currencyOf(context);
  const budgetCents = v.money('dailyBudget.value', true, currency);
  const status = v.oneOf('status', STATUSES, false);
  const targeting = v.raw('targeting') as Record<string, unknown> | undefined;
  if (!targeting) v.details.push(detail('FIELD_REQUIRED', 'targeting is required', 'targeting'));
  const countries = targetingList(targeting?.countryOrRegion)?.include ?? [];
  if (targeting && countries.length === 0)
    v.details.push(
      detail(
        'FIELD_REQUIRED',
        'targeting.countryOrRegion.include needs at least one storefront',
        'targeting.countryOrRegion',
      ),
    );
  const startMs = timeField(v, 'startTime');
  const endMs = timeField(v, 'endTime');
  if (adAccountId !== undefined && adAccountId !== accountId(context))
    v.details.push(detail('INVALID_VALUE', 'adAccountId must match X-AP-Context', 'adAccountId'));
  const adamId = Number(promotedObjectId);
  if (
    promotedObjectType === 'APPSTORE_APP' &&
    promotedObjectId !== undefined &&
    !(store.accountApps.get(accountId(context)) ?? []).includes(adamId)
  ) {
    v.details.push(
      detail('INVALID_VALUE', 'the app is not owned by this ad account', 'promotedObjectId'),
    );
  }
  if (
    name &&
    [...store.campaigns.values()].some(
      (c) => c.adAccountId === accountId(context) && !c.deleted && c.name === name,
    )
  ) {
    v.details.push(detail('DUPLICATE_NAME', 'A campaign with this name already exists.', 'name'));
  }
  v.done();
  const now = store.now();
  const campaign = newCampaign(
    store.nextId(),
    {
      adAccountId: accountId(context),
      name: name as string,
      adamId,
      countries,
      budgetCents: budgetCents as number,
      currency,
      status: status ?? 'ENABLED',
      supplyPlacement: targetingList(targeting?.supplyPlacement)?.include ?? undefined,
      startMs: startMs ?? now,
      endMs: endMs ?? null,
    },
    now,
  );
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
  const v = Validator.of(context.body);
  const name = v.string('name', false, 200);
  const status = v.oneOf('status', STATUSES, false);
  const budgetCents = v.money('dailyBudget.value', false, campaign.dailyBudget.value.currency);
  const targeting = v.raw('targeting') as Record<string, unknown> | undefined;
  const endMs = timeField(v, 'endTime');
  if (
    name !== undefined &&
    [...store.campaigns.values()].some(
      (c) =>
        c.adAccountId === campaign.adAccountId &&
        c.id !== campaign.id &&
        !c.deleted &&
        c.name === name,
    )
  ) {
    v.details.push(detail('DUPLICATE_NAME', 'A campaign with this name already exists.', 'name'));
  }
  v.done();
  const updated: Campaign = { ...campaign, modificationTime: store.timestamp() };
  if (name !== undefined) updated.name = name;
  if (status !== undefined) updated.status = status;
  if (budgetCents !== undefined)
    updated.dailyBudget = {
      value: { amount: centsToAmount(budgetCents), currency: campaign.dailyBudget.value.currency },
    };
  if (endMs !== undefined)
    updated.endTime = endMs === null ? null : new Date(endMs).toISOString().slice(0, 23);
  const countries = targetingList(targeting?.countryOrRegion);
  if (countries?.include && countries.include.length > 0)
    updated.targeting = { ...campaign.targeting, countryOrRegion: countries };
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

const TARGETING_DIMENSIONS = [
  'adminArea',
  'appCategory',
  'appDownloader',
  'country',
  'daypart',
  'deviceClass',
  'gender',
  'locality',
  'locationGroup',
  'maxAge',
  'minAge',
  'postalCode',
  'radius',
  'travelIntent',
];

function adGroupTargeting(v: Validator): Record<string, TargetingData> | undefined {
  const targeting = v.raw('targeting');
  if (targeting === undefined || targeting === null) return undefined;
  const result: Record<string, TargetingData> = {};
  for (const [dimension, value] of Object.entries(targeting as Record<string, unknown>)) {
    if (!TARGETING_DIMENSIONS.includes(dimension)) {
      v.details.push(
        detail(
          'INVALID_FIELD',
          `unknown targeting dimension ${dimension}`,
          `targeting.${dimension}`,
        ),
      );
      continue;
    }
    const data = targetingList(value);
    if (data) result[dimension] = data;
  }
  return result;
}

function createAdGroup(context: RouteContext) {
  const { store } = context;
  const v = Validator.of(context.body);
  const campaignId = v.integer('campaignId', true);
  const name = v.string('name', true, 200);
  v.oneOf('pricingModel', ['CPT', 'CPM', 'CPA'], true);
  const status = v.oneOf('status', STATUSES, false);
  const automatedKeywordsOptIn = v.boolean('automatedKeywordsOptIn');
  const targeting = adGroupTargeting(v);
  v.done();
  const campaign = ownCampaign(context, campaignId as number);
  const bidCents = v.money('bidStrategy.bid', true, campaign.dailyBudget.value.currency);
  const startMs = timeField(v, 'startTime');
  const endMs = timeField(v, 'endTime');
  if (
    (store.adGroupIdsByCampaign.get(campaign.id) ?? []).some(
      (id) => store.adGroups.get(id)?.name === name && !store.adGroups.get(id)?.deleted,
    )
  ) {
    v.details.push(
      detail(
        'DUPLICATE_NAME',
        'An ad group with this name already exists in the campaign.',
        'name',
      ),
    );
  }
  v.done();
  const now = store.now();
  const adGroup = newAdGroup(
    store.nextId(),
    {
      campaign,
      name: name as string,
      defaultBidCents: bidCents as number,
      automatedKeywordsOptIn: automatedKeywordsOptIn ?? false,
      status: status ?? 'ENABLED',
      targeting,
      startMs: startMs ?? now,
      endMs: endMs ?? null,
    },
    now,
  );
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

/** Ad groups switch between a manual max CPT bid and a target CPA (MAX_CONVERSIONS). */
const BID_STRATEGY_GOALS = { MANUAL_CPT: 'TAP', MAX_CONVERSIONS: 'INSTALL' } as const;

function bidStrategyTypeOf(v: Validator): keyof typeof BID_STRATEGY_GOALS | undefined {
  const strategy = v.raw('bidStrategy') as Record<string, unknown> | undefined | null;
  const type = strategy?.bidStrategyType;
  if (type === undefined || type === null) return undefined;
  if (type !== 'MANUAL_CPT' && type !== 'MAX_CONVERSIONS') {
    v.details.push(
      detail(
        'INVALID_VALUE',
        'bidStrategy.bidStrategyType must be MANUAL_CPT or MAX_CONVERSIONS',
        'bidStrategy.bidStrategyType',
      ),
    );
    return undefined;
  }
  const goal = strategy?.bidStrategyGoal;
  if (goal !== undefined && goal !== null && goal !== BID_STRATEGY_GOALS[type]) {
    v.details.push(
      detail(
        'INVALID_VALUE',
        `bidStrategy.bidStrategyGoal must be ${BID_STRATEGY_GOALS[type]} for ${type}`,
        'bidStrategy.bidStrategyGoal',
      ),
    );
    return undefined;
  }
  return type;
}

function updateAdGroup(context: RouteContext) {
  const { store } = context;
  const adGroup = ownAdGroup(context, idParam(context));
  const v = Validator.of(context.body);
  const name = v.string('name', false, 200);
  const status = v.oneOf('status', STATUSES, false);
  const automatedKeywordsOptIn = v.boolean('automatedKeywordsOptIn');
  const bidCents = v.money('bidStrategy.bid', false, adGroup.bidStrategy.bid?.currency ?? 'USD');
  const strategyType = bidStrategyTypeOf(v);
  const targeting = adGroupTargeting(v);
  v.done();
  const updated: AdGroup = { ...adGroup, modificationTime: store.timestamp() };
  if (name !== undefined) updated.name = name;
  if (status !== undefined) updated.status = status;
  if (automatedKeywordsOptIn !== undefined) updated.automatedKeywordsOptIn = automatedKeywordsOptIn;
  if (strategyType !== undefined)
    updated.bidStrategy = {
      ...adGroup.bidStrategy,
      bidStrategyType: strategyType,
      bidStrategyGoal: BID_STRATEGY_GOALS[strategyType],
    };
  if (bidCents !== undefined)
    updated.bidStrategy = {
      ...updated.bidStrategy,
      bid: {
        amount: centsToAmount(bidCents),
        currency: adGroup.bidStrategy.bid?.currency ?? 'USD',
      },
    };
  // PUT is partial, but a targeting dimension that is sent replaces the previous one wholesale.
  if (targeting !== undefined) updated.targeting = { ...adGroup.targeting, ...targeting };
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
