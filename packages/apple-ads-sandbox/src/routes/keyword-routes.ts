// Keywords and negative keywords, single and bulk. Bulk answers one result per item with its
// correlationId; without allowPartialSuccess one failing item rejects the whole batch.
import {
  keywordBulkUpdateSchema,
  keywordCreateSchema,
  keywordUpdateSchema,
  MAX_BULK_ITEMS,
  negativeKeywordBulkUpdateSchema,
  negativeKeywordCreateSchema,
  negativeKeywordUpdateSchema,
} from '@tapwise/apple-ads-schemas';
import type { Campaign, Keyword, NegativeKeyword } from '../model/entities.js';
import { newKeyword, newNegativeKeyword } from '../model/factories.js';
import { centsToAmount } from '../model/money.js';
import { presentKeyword } from '../model/presenters.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { runQuery } from '../server/entity-query.js';
import { parseBody, Validator } from '../server/validate.js';
import { deleteNegativeKeyword, recordDeletes } from '../model/cascade.js';
import {
  accountId,
  body,
  currencyOf,
  diff,
  idParam,
  ownAdGroup,
  ownCampaign,
  ownKeyword,
} from './scope.js';
import { checkKeywordsAllowed } from './placement-rules.js';
import { termRelevance } from './relevance.js';

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
  const request = parseBody(keywordCreateSchema, data);
  const adGroup = ownAdGroup(context, request.adGroupId);
  const currency = adGroup.bidStrategy.bid?.currency ?? currencyOf(context);
  const v = Validator.of(data);
  const bidCents = v.money('bid', false, currency);
  const text = request.text;
  // Choice: the market model serves App Store search keywords, EXACT and BROAD only.
  const matchType = modelledMatchType(v, request.matchType, ['EXACT', 'BROAD'] as const);
  checkKeywordsAllowed(v, context.store.campaigns.get(adGroup.campaignId) as Campaign, 'adGroupId');
  const status = request.status;
  const { store } = context;
  const duplicate = (store.keywordIdsByAdGroup.get(adGroup.id) ?? []).some((id) => {
    const other = store.keywords.get(id);
    return (
      other &&
      !other.deleted &&
      other.text.toLowerCase() === text.toLowerCase() &&
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
        text,
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
  const request =
    id === undefined
      ? parseBody(keywordBulkUpdateSchema, data)
      : { ...parseBody(keywordUpdateSchema, data), id };
  const status = request.status;
  const v = Validator.of(data);
  const keyword = ownKeyword(context, request.id);
  const bidCents = v.money(
    'bid',
    false,
    keyword.bid?.currency ?? context.store.accountOf(keyword.adAccountId).currency,
  );
  v.done();
  const { store } = context;
  return () => {
    const updated: Keyword = { ...keyword, modificationTime: store.timestamp() };
    if (status) updated.status = status;
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

function ownNegative(context: RouteContext, id: number, readDeleted = false): NegativeKeyword {
  const negative = context.store.negativeKeywords.get(id);
  if (
    !negative ||
    negative.adAccountId !== accountId(context) ||
    (negative.deleted && !readDeleted)
  )
    throw notFound('Negative keyword');
  return negative;
}

function negativeCreate(context: RouteContext, data: unknown): () => NegativeKeyword {
  const request = parseBody(negativeKeywordCreateSchema, data);
  const adGroup = request.adGroupId == null ? null : ownAdGroup(context, request.adGroupId);
  const campaign = ownCampaign(context, adGroup ? adGroup.campaignId : (request.campaignId ?? 0));
  const v = Validator.of(data);
  const matchType = modelledMatchType(v, request.matchType, ['EXACT', 'BROAD', 'PHRASE'] as const);
  checkKeywordsAllowed(v, campaign, adGroup ? 'adGroupId' : 'campaignId');
  v.done();
  const { text, status } = request;
  const { store } = context;
  return () => {
    const negative = newNegativeKeyword(
      store.nextId(),
      {
        adAccountId: campaign.adAccountId,
        campaignId: campaign.id,
        adGroupId: adGroup?.id ?? null,
        text,
        // negativekeywordcreate.md: BROAD when omitted.
        matchType: matchType ?? 'BROAD',
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
  const request =
    id === undefined
      ? parseBody(negativeKeywordBulkUpdateSchema, data)
      : { ...parseBody(negativeKeywordUpdateSchema, data), id };
  const status = request.status;
  const negative = ownNegative(context, request.id);
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
  return () => {
    recordDeletes(
      context.store,
      deleteNegativeKeyword(context.store, negative.id),
      context.user.userId,
    );
    return null;
  };
}

/** Refuses the match types the market model does not serve (a choice, named in the message). */
function modelledMatchType<T extends string>(
  v: Validator,
  matchType: string | null | undefined,
  modelled: readonly T[],
): T | undefined {
  if (matchType == null) return undefined;
  if (modelled.includes(matchType as T)) return matchType as T;
  v.details.push(
    detail('INVALID_VALUE', `the sandbox models ${modelled.join(', ')} match types`, 'matchType'),
  );
  return undefined;
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
    body: {
      result: presentKeyword(context.store, ownKeyword(context, idParam(context), true).id),
    },
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
    body: { result: ownNegative(context, idParam(context), true) },
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
