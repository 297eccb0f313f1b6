// Budget orders (shared budgets): create, get, partial update, soft delete and query. They belong
// to the org and name the ad accounts that draw from them; a user sees the budget orders that
// name an account it reaches.
import {
  sharedBudgetCreateSchema,
  selectorSchema,
  sharedBudgetUpdateSchema,
} from '@tapwise/apple-ads-schemas';
import { DAY_MS, parseAppleTimestamp } from '../model/calendar.js';
import type { SharedBudget } from '../model/entities.js';
import { newSharedBudget } from '../model/factories.js';
import { amountToCents, centsToAmount } from '../model/money.js';
import { presentSharedBudget } from '../model/presenters.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { refuseInvalid, runQuery } from '../server/entity-query.js';
import { parseBody } from '../server/validate.js';
import { idParam } from './scope.js';

export function registerSharedBudgetRoutes(router: Router): void {
  // Context: none on writes, optional on reads (SDK 1.109.0, WIRE.md section 2).
  router.add('POST', '/shared-budgets', createSharedBudget, { context: false });
  router.add(
    'GET',
    '/shared-budgets/{id}',
    (context) => ({
      body: { result: presentSharedBudget(context.store, visibleBudget(context).id) },
    }),
    { context: false },
  );
  router.add('PUT', '/shared-budgets/{id}', updateSharedBudget, { context: false });
  router.add('DELETE', '/shared-budgets/{id}', deleteSharedBudget, { context: false });
  router.add('POST', '/shared-budgets/query', querySharedBudgets, { context: false });
}

function reaches(context: RouteContext, adAccountId: number): boolean {
  const { user, store } = context;
  return (
    store.adAccounts.has(adAccountId) &&
    (user.adAccountIds === 'all' || user.adAccountIds.includes(adAccountId))
  );
}

/** A budget order the caller may see; deleted ones are 404 (delete-shared-budgets-_id_.md). */
function visibleBudget(context: RouteContext): SharedBudget {
  const budget = context.store.sharedBudgets.get(idParam(context));
  if (!budget || budget.deleted || !budget.adAccountIds.some((id) => reaches(context, id)))
    throw notFound('Budget order');
  return budget;
}

function validationError(details: ErrorDetail[]): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
}

/** The first UTC midnight after now: "Must be tomorrow or later. Today is rejected." */
function tomorrowMs(context: RouteContext): number {
  return (Math.floor(context.store.now() / DAY_MS) + 1) * DAY_MS;
}

/**
 * The rules a budget order's accounts and amount must keep: every account reachable by the caller,
 * one currency across them, and the amount in it (sharedbudgetcreate.md).
 */
function checkAccountsAndValue(
  context: RouteContext,
  adAccountIds: number[],
  value: { amount: string; currency?: string | null },
  details: ErrorDetail[],
): string | undefined {
  const unreachable = adAccountIds.filter((id) => !reaches(context, id));
  if (unreachable.length > 0) {
    details.push(
      detail(
        'INVALID_VALUE',
        `ad accounts ${unreachable.join(', ')} are not ad accounts this user reaches`,
        'adAccountIds',
      ),
    );
    return undefined;
  }
  const currencies = new Set(adAccountIds.map((id) => context.store.accountOf(id).currency));
  const [currency] = currencies;
  if (currencies.size > 1 || currency === undefined) {
    details.push(
      detail(
        'INVALID_VALUE',
        'the ad accounts of a budget order share one currency',
        'adAccountIds',
      ),
    );
    return undefined;
  }
  if ((amountToCents(value.amount) ?? 0) <= 0)
    details.push(detail('INVALID_VALUE', 'value.amount must be positive', 'value.amount'));
  if (value.currency != null && value.currency !== currency)
    details.push(
      detail(
        'INVALID_VALUE',
        `value.currency must be the ad account currency ${currency}`,
        'value.currency',
      ),
    );
  return currency;
}

function checkSchedule(
  context: RouteContext,
  startTime: string,
  endTime: string | null,
  details: ErrorDetail[],
  startChanged: boolean,
): void {
  if (startChanged && parseAppleTimestamp(startTime) < tomorrowMs(context))
    details.push(detail('INVALID_VALUE', 'startTime must be tomorrow (UTC) or later', 'startTime'));
  if (endTime !== null && parseAppleTimestamp(endTime) <= parseAppleTimestamp(startTime))
    details.push(detail('INVALID_VALUE', 'endTime must be after startTime', 'endTime'));
}

function createSharedBudget(context: RouteContext) {
  const { store } = context;
  const request = parseBody(sharedBudgetCreateSchema, context.body);
  const details: ErrorDetail[] = [];
  const adAccountIds = [...new Set(request.adAccountIds)];
  const currency = checkAccountsAndValue(context, adAccountIds, request.value, details);
  const endTime = request.endTime ?? null;
  checkSchedule(context, request.startTime, endTime, details, true);
  if (details.length > 0 || currency === undefined) throw validationError(details);
  const budget = newSharedBudget(
    store.nextId(),
    {
      orgId: store.org.id,
      name: request.name,
      startTime: request.startTime,
      endTime,
      value: { amount: centsToAmount(amountToCents(request.value.amount) ?? 0), currency },
      adAccountIds,
      invoiceDetail: {
        clientName: request.invoiceDetail.clientName ?? null,
        primaryBuyerName: request.invoiceDetail.primaryBuyerName,
        primaryBuyerEmail: request.invoiceDetail.primaryBuyerEmail,
        orderNumber: request.invoiceDetail.orderNumber ?? null,
        billingEmail: request.invoiceDetail.billingEmail,
      },
    },
    store.now(),
  );
  store.sharedBudgets.set(budget.id, budget);
  store.revision++;
  return { body: { result: presentSharedBudget(store, budget.id) } };
}

function updateSharedBudget(context: RouteContext) {
  const { store } = context;
  const budget = visibleBudget(context);
  const request = parseBody(sharedBudgetUpdateSchema, context.body);
  const details: ErrorDetail[] = [];
  const adAccountIds = request.adAccountIds
    ? [...new Set(request.adAccountIds)]
    : budget.adAccountIds;
  const currency = checkAccountsAndValue(
    context,
    adAccountIds,
    request.value ?? budget.value,
    details,
  );
  const startTime = request.startTime ?? budget.startTime;
  const endTime = request.endTime === undefined ? budget.endTime : request.endTime;
  checkSchedule(context, startTime, endTime, details, request.startTime != null);
  // "End date changes on active budget orders can only shorten the period" (put-shared-budgets-_id_.md).
  const started = parseAppleTimestamp(budget.startTime) <= store.now();
  if (
    started &&
    endTime !== null &&
    (budget.endTime === null || parseAppleTimestamp(endTime) > parseAppleTimestamp(budget.endTime))
  )
    details.push(
      detail(
        'INVALID_VALUE',
        'the end of a started budget order can only move earlier (or be removed with null)',
        'endTime',
      ),
    );
  if (details.length > 0 || currency === undefined) throw validationError(details);
  const invoice = request.invoiceDetail;
  const updated: SharedBudget = {
    ...budget,
    name: request.name ?? budget.name,
    startTime,
    endTime,
    value: request.value
      ? { amount: centsToAmount(amountToCents(request.value.amount) ?? 0), currency }
      : budget.value,
    adAccountIds,
    invoiceDetail: {
      clientName:
        invoice?.clientName !== undefined ? invoice.clientName : budget.invoiceDetail.clientName,
      primaryBuyerName: invoice?.primaryBuyerName ?? budget.invoiceDetail.primaryBuyerName,
      primaryBuyerEmail: invoice?.primaryBuyerEmail ?? budget.invoiceDetail.primaryBuyerEmail,
      orderNumber:
        invoice?.orderNumber !== undefined ? invoice.orderNumber : budget.invoiceDetail.orderNumber,
      billingEmail: invoice?.billingEmail ?? budget.invoiceDetail.billingEmail,
    },
    modificationTime: store.timestamp(),
  };
  store.sharedBudgets.set(budget.id, updated);
  store.revision++;
  return { body: { result: presentSharedBudget(store, budget.id) } };
}

/** The refusals of delete-shared-budgets-_id_.md ("Check Deletion Restrictions"), all 400. */
function deleteSharedBudget(context: RouteContext) {
  const { store } = context;
  const budget = visibleBudget(context);
  const refuse = (message: string) => {
    throw new ApiError(400, 'INVALID_REQUEST', message);
  };
  // Started covers expired too; canceled and exhausted budget orders are not modelled.
  if (parseAppleTimestamp(budget.startTime) <= store.now())
    refuse('A budget order that has already started (or expired) cannot be deleted');
  const assigned = [...store.campaigns.values()].filter(
    (campaign) =>
      !campaign.deleted && campaign.sharedBudgets.some((share) => share.budgetId === budget.id),
  );
  if (assigned.length > 0)
    refuse(
      `Remove the budget order from campaigns ${assigned.map((c) => c.id).join(', ')} before deleting it`,
    );
  store.sharedBudgets.set(budget.id, {
    ...budget,
    deleted: true,
    modificationTime: store.timestamp(),
  });
  store.revision++;
  return { body: {} };
}

function querySharedBudgets(context: RouteContext) {
  const { store } = context;
  const request = refuseInvalid(selectorSchema('/shared-budgets/query'), context.body);
  if (context.adAccountId !== null && !reaches(context, context.adAccountId))
    throw new ApiError(403, 'FORBIDDEN', 'The API user has no access to this ad account');
  // An X-AP-Context, when sent, narrows the list to the budget orders of that account.
  const budgets = [...store.sharedBudgets.values()]
    .filter((budget) =>
      context.adAccountId === null
        ? budget.adAccountIds.some((id) => reaches(context, id))
        : budget.adAccountIds.includes(context.adAccountId),
    )
    .map((budget) => presentSharedBudget(store, budget.id));
  // adAccountIds is an array: EQUALS and IN match a budget order naming any of the values.
  const filters = request.filters?.map((filter) =>
    filter.field === 'adAccountIds'
      ? { ...filter, operator: 'CONTAINS_ANY' as const, value: [filter.value].flat() }
      : filter,
  );
  return { body: runQuery(budgets, { ...request, filters }) };
}
