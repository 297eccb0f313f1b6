// Keywords and negative keywords, single and bulk. Bulk answers one result per item with its
// correlationId; without allowPartialSuccess one failing item rejects the whole batch.
import type { Keyword, NegativeKeyword } from '../model/entities.js';
import { newKeyword, newNegativeKeyword } from '../model/factories.js';
import { centsToAmount } from '../model/money.js';
import { presentKeyword } from '../model/presenters.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { runQuery } from '../server/entity-query.js';
import { Validator } from '../server/validate.js';
import { accountId, body, diff, idParam, ownAdGroup, ownCampaign, ownKeyword } from './scope.js';
import { termRelevance } from './relevance.js';

const MAX_BULK_ITEMS = 1000;
type Operation = 'CREATE' | 'UPDATE' | 'DELETE';

/** Prepares one item; `apply` runs only when the batch may proceed. */
type Prepared =
  { correlationId: number; apply: () => unknown } | { correlationId: number; error: ApiError };

function prepare(correlationId: number, build: () => () => unknown): Prepared {
  try {
    return { correlationId, apply: build() };
  } catch (error) {
    if (error instanceof ApiError) return { correlationId, error };
    throw error;
  }
}

function runBulk(
  context: RouteContext,
  operation: Operation,
  prepareItem: (data: unknown, correlationId: number) => Prepared,
) {
  const request = body(context);
  const items = request.items;
  if (!Array.isArray(items) || items.length === 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', [
      detail('FIELD_REQUIRED', 'items must be a non-empty array', 'items'),
    ]);
  if (items.length > MAX_BULK_ITEMS)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', [
      detail('INVALID_VALUE', `at most ${MAX_BULK_ITEMS} items per request`, 'items'),
    ]);
  const prepared = items.map((item: { correlationId?: number; data?: unknown }, index) =>
    prepareItem(item?.data, Number(item?.correlationId ?? index)),
  );
  const failures = prepared.filter(
    (p): p is { correlationId: number; error: ApiError } => 'error' in p,
  );
  if (failures.length > 0 && request.allowPartialSuccess !== true) {
    const details: ErrorDetail[] = failures.flatMap((failure) =>
      (failure.error.details.length > 0
        ? failure.error.details
        : [{ code: failure.error.code, message: failure.error.message }]
      ).map((d) => ({ ...d, info: { ...(d.info ?? {}), correlationId: failure.correlationId } })),
    );
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      'Bulk request rejected: no item was processed',
      details,
    );
  }
  const result = prepared.map((p) => {
    if ('error' in p)
      return {
        correlationId: p.correlationId,
        operation,
        success: false,
        error: p.error.toBody().error,
      };
    const entity = p.apply();
    return operation === 'DELETE'
      ? { correlationId: p.correlationId, operation, success: true }
      : { correlationId: p.correlationId, operation, success: true, result: entity };
  });
  return { body: { result } };
}

function keywordCreate(context: RouteContext, data: unknown): () => Keyword {
  const v = Validator.of(data);
  const adGroupId = v.integer('adGroupId', true);
  const text = v.string('text', true, 80);
  const matchType = v.oneOf('matchType', ['EXACT', 'BROAD'], false);
  const status = v.oneOf('status', ['ENABLED', 'PAUSED'], false);
  v.done();
  const adGroup = ownAdGroup(context, adGroupId as number);
  const currency = adGroup.bidStrategy.bid?.currency ?? 'USD';
  const bidCents = v.money('bid', false, currency);
  const { store } = context;
  const duplicate = (store.keywordIdsByAdGroup.get(adGroup.id) ?? []).some((id) => {
    const other = store.keywords.get(id);
    return (
      other &&
      !other.deleted &&
      other.text.toLowerCase() === (text as string).toLowerCase() &&
      other.matchType === (matchType ?? 'BROAD')
    );
  });
  if (duplicate)
    v.details.push(
      detail('DUPLICATE_KEYWORD', 'The keyword already exists in this ad group.', 'text'),
    );
  v.done();
  return () => {
    const now = store.now();
    const keyword = newKeyword(
      store.nextId(),
      {
        adGroup,
        text: text as string,
        matchType: matchType ?? 'BROAD',
        bidCents: bidCents ?? null,
        currency,
        status: status ?? 'ENABLED',
      },
      now,
    );
    store.putKeyword(keyword, now, termRelevance(store, adGroup.campaignId, keyword.text));
    store.recordChange({
      adAccountId: keyword.adAccountId,
      entityType: 'KEYWORD',
      entityId: keyword.id,
      changeType: 'CREATE',
      changes: diff({}, keyword),
      userId: context.user.userId,
    });
    return presentKeyword(store, keyword.id);
  };
}

function keywordUpdate(context: RouteContext, data: unknown, id?: number): () => Keyword {
  const v = Validator.of(data);
  const keywordId = id ?? v.integer('id', true);
  const status = v.oneOf('status', ['ENABLED', 'PAUSED'], false);
  if (v.has('bid') === false && (data as Record<string, unknown>).bid === null)
    v.details.push(detail('INVALID_VALUE', 'bid cannot be null', 'bid'));
  v.done();
  const keyword = ownKeyword(context, keywordId as number);
  const bidCents = v.money(
    'bid',
    false,
    keyword.bid?.currency ?? context.store.accountOf(keyword.adAccountId).currency,
  );
  v.done();
  const { store } = context;
  return () => {
    const updated: Keyword = { ...keyword, modificationTime: store.timestamp() };
    if (status !== undefined) updated.status = status;
    if (bidCents !== undefined)
      updated.bid = {
        amount: centsToAmount(bidCents),
        currency: keyword.bid?.currency ?? store.accountOf(keyword.adAccountId).currency,
      };
    store.putKeyword(updated, store.now());
    store.recordChange({
      adAccountId: keyword.adAccountId,
      entityType: 'KEYWORD',
      entityId: keyword.id,
      changeType: 'UPDATE',
      changes: diff(keyword, updated),
      userId: context.user.userId,
    });
    return presentKeyword(store, keyword.id);
  };
}

function keywordDelete(context: RouteContext, id: number): () => null {
  const keyword = ownKeyword(context, id);
  const { store } = context;
  return () => {
    store.putKeyword(
      { ...keyword, deleted: true, modificationTime: store.timestamp() },
      store.now(),
    );
    store.recordChange({
      adAccountId: keyword.adAccountId,
      entityType: 'KEYWORD',
      entityId: keyword.id,
      changeType: 'DELETE',
      changes: [],
      userId: context.user.userId,
    });
    return null;
  };
}

function ownNegative(context: RouteContext, id: number): NegativeKeyword {
  const negative = context.store.negativeKeywords.get(id);
  if (!negative || negative.adAccountId !== accountId(context) || negative.deleted)
    throw notFound('Negative keyword');
  return negative;
}

function negativeCreate(context: RouteContext, data: unknown): () => NegativeKeyword {
  const v = Validator.of(data);
  const campaignId = v.integer('campaignId', false);
  const adGroupId = v.integer('adGroupId', false);
  const text = v.string('text', true, 80);
  const matchType = v.oneOf('matchType', ['EXACT', 'BROAD', 'PHRASE'], false);
  const status = v.oneOf('status', ['ENABLED', 'PAUSED'], false);
  if (campaignId === undefined && adGroupId === undefined)
    v.details.push(detail('FIELD_REQUIRED', 'campaignId or adGroupId is required', 'campaignId'));
  v.done();
  const adGroup = adGroupId !== undefined ? ownAdGroup(context, adGroupId) : null;
  const campaign = ownCampaign(context, adGroup ? adGroup.campaignId : (campaignId as number));
  const { store } = context;
  return () => {
    const negative = newNegativeKeyword(
      store.nextId(),
      {
        adAccountId: campaign.adAccountId,
        campaignId: campaign.id,
        adGroupId: adGroup?.id ?? null,
        text: text as string,
        matchType: matchType ?? 'EXACT',
        status: status ?? 'ENABLED',
      },
      store.now(),
    );
    store.negativeKeywords.set(negative.id, negative);
    store.revision++;
    store.recordChange({
      adAccountId: negative.adAccountId,
      entityType: 'NEGATIVE_KEYWORD',
      entityId: negative.id,
      changeType: 'CREATE',
      changes: diff({}, negative),
      userId: context.user.userId,
    });
    return negative;
  };
}

function negativeUpdate(context: RouteContext, data: unknown, id?: number): () => NegativeKeyword {
  const v = Validator.of(data);
  const negativeId = id ?? v.integer('id', true);
  const status = v.oneOf('status', ['ENABLED', 'PAUSED'], false);
  v.done();
  const negative = ownNegative(context, negativeId as number);
  const { store } = context;
  return () => {
    const updated: NegativeKeyword = {
      ...negative,
      status: status ?? negative.status,
      modificationTime: store.timestamp(),
    };
    store.negativeKeywords.set(negative.id, updated);
    store.recordChange({
      adAccountId: negative.adAccountId,
      entityType: 'NEGATIVE_KEYWORD',
      entityId: negative.id,
      changeType: 'UPDATE',
      changes: diff(negative, updated),
      userId: context.user.userId,
    });
    return updated;
  };
}

function negativeDelete(context: RouteContext, id: number): () => null {
  const negative = ownNegative(context, id);
  const { store } = context;
  return () => {
    store.negativeKeywords.set(negative.id, {
      ...negative,
      deleted: true,
      modificationTime: store.timestamp(),
    });
    store.recordChange({
      adAccountId: negative.adAccountId,
      entityType: 'NEGATIVE_KEYWORD',
      entityId: negative.id,
      changeType: 'DELETE',
      changes: [],
      userId: context.user.userId,
    });
    return null;
  };
}

function idOf(data: unknown): number {
  const id = typeof data === 'number' ? data : Number((data as { id?: unknown } | null)?.id);
  if (!Number.isSafeInteger(id))
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', [
      detail('FIELD_REQUIRED', 'id is required', 'id'),
    ]);
  return id;
}

export function registerKeywordRoutes(router: Router): void {
  router.add('POST', '/keywords', (context) => ({
    body: { result: keywordCreate(context, context.body)() },
  }));
  router.add('GET', '/keywords/{id}', (context) => ({
    body: { result: presentKeyword(context.store, ownKeyword(context, idParam(context)).id) },
  }));
  router.add('PUT', '/keywords/{id}', (context) => ({
    body: { result: keywordUpdate(context, context.body, idParam(context))() },
  }));
  router.add('DELETE', '/keywords/{id}', (context) => {
    keywordDelete(context, idParam(context))();
    return { body: {} };
  });
  router.add('POST', '/keywords/query', (context) => {
    const account = accountId(context);
    const keywords: Keyword[] = [];
    for (const keyword of context.store.keywords.values())
      if (keyword.adAccountId === account) keywords.push(keyword);
    const page = runQuery(keywords, context.body, selectorSchema('/keywords/query'));
    return {
      body: {
        ...page,
        result: page.result.map((keyword) => presentKeyword(context.store, keyword.id)),
      },
    };
  });
  router.add('POST', '/keywords/bulk-create', (context) =>
    runBulk(context, 'CREATE', (data, id) => prepare(id, () => keywordCreate(context, data))),
  );
  router.add('POST', '/keywords/bulk-update', (context) =>
    runBulk(context, 'UPDATE', (data, id) => prepare(id, () => keywordUpdate(context, data))),
  );
  router.add('POST', '/keywords/bulk-delete', (context) =>
    runBulk(context, 'DELETE', (data, id) => prepare(id, () => keywordDelete(context, idOf(data)))),
  );

  router.add('POST', '/negative-keywords', (context) => ({
    body: { result: negativeCreate(context, context.body)() },
  }));
  router.add('GET', '/negative-keywords/{id}', (context) => ({
    body: { result: ownNegative(context, idParam(context)) },
  }));
  router.add('PUT', '/negative-keywords/{id}', (context) => ({
    body: { result: negativeUpdate(context, context.body, idParam(context))() },
  }));
  router.add('DELETE', '/negative-keywords/{id}', (context) => {
    negativeDelete(context, idParam(context))();
    return { body: {} };
  });
  router.add('POST', '/negative-keywords/query', (context) => {
    const account = accountId(context);
    const negatives = [...context.store.negativeKeywords.values()].filter(
      (negative) => negative.adAccountId === account,
    );
    return {
      body: runQuery(negatives, context.body, selectorSchema('/negative-keywords/query')),
    };
  });
  router.add('POST', '/negative-keywords/bulk-create', (context) =>
    runBulk(context, 'CREATE', (data, id) => prepare(id, () => negativeCreate(context, data))),
  );
  router.add('POST', '/negative-keywords/bulk-update', (context) =>
    runBulk(context, 'UPDATE', (data, id) => prepare(id, () => negativeUpdate(context, data))),
  );
  router.add('POST', '/negative-keywords/bulk-delete', (context) =>
    runBulk(context, 'DELETE', (data, id) =>
      prepare(id, () => negativeDelete(context, idOf(data))),
    ),
  );
}
