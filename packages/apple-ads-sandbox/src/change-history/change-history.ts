// Change history over store.changeLog: POST /change-history/query answers AuditSummary rows (one
// per user, transaction, event type and entity type) and GET /change-history/{detailId} the
// field-level ChangeDetails of one entity in one transaction (detailId = Type.entityId.txnId).
// Values travel as string arrays, as Apple sends them; errors use codes BAD_REQUEST / NOT_FOUND.
import {
  auditQuerySchema,
  changeDetailsParamsSchema,
  type AuditFilter,
} from '@tapwise/apple-ads-schemas';
import { parseAppleTimestamp, zoneOffsetMs } from '../model/calendar.js';
import type { ChangeEvent } from '../model/entities.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail } from '../server/api-error.js';
import { matchesFilter, queryParams, refuseInvalid } from '../server/entity-query.js';

const ENTITY_TYPES: Readonly<Record<string, string>> = {
  CAMPAIGN: 'Campaign',
  ADGROUP: 'AdGroup',
  KEYWORD: 'Keyword',
  NEGATIVE_KEYWORD: 'NegativeKeyword',
  AD: 'Ad',
  CREATIVE: 'Creative',
  LOCATION_GROUP: 'LocationGroup',
  AD_ACCOUNT: 'AdAccount',
};
/** Change history answers Apple's ErrorMessage, whose codes are BAD_REQUEST and NOT_FOUND. */
const BAD_REQUEST = 'BAD_REQUEST';
/** Every sandbox change arrives through the API. */
const USER_TYPE = 'CUSTOMER_API';

/** The fields an event can be filtered on, in Apple's names. */
interface Facts {
  eventTime: number;
  eventType: string;
  entityType: string;
  entityId: string;
  userId: string;
  userType: string;
  txnId: string;
  adAccountId: string;
  campaignId?: string;
  adGroupId?: string;
}

export function queryChangeHistory(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = refuseInvalid(auditQuerySchema, body, BAD_REQUEST);
  const options = query.options ?? {};
  const zone = options.timeZone === 'ORTZ' ? store.accountOf(adAccountId).timezone : 'UTC';
  const filters = (query.filters ?? []).map((filter, index) =>
    filter.field === 'eventTime'
      ? eventTimeFilter(store, filter, zone, index)
      : { ...filter, value: valuesOf(filter).map(String) },
  );
  const events = accountEvents(store, adAccountId).filter((event) => {
    const facts = factsOf(store, event);
    return filters.every((filter) => matchesFilter(facts, filter));
  });
  const rows = summaries(store, events, (options.metadata ?? 'none') !== 'none');
  sortSummaries(rows, query.sorting?.[0]);
  const offset = query.pagination?.offset ?? 0;
  const pageSize = query.pagination?.pageSize ?? 50;
  const result = rows.slice(offset, offset + pageSize);
  return {
    dataType: 'AuditSummary',
    result,
    pagination: {
      offset,
      pageSize: result.length,
      totalCount: options.needTotals === 'false' ? 0 : rows.length,
    },
    error: null,
  };
}

export function changeDetails(
  store: SandboxStore,
  adAccountId: number,
  detailId: string,
  query: URLSearchParams,
) {
  const page = refuseInvalid(changeDetailsParamsSchema, queryParams(query), BAD_REQUEST);
  const events = accountEvents(store, adAccountId).filter(
    (event) => detailIdOf(event) === detailId,
  );
  if (events.length === 0)
    throw new ApiError(404, 'NOT_FOUND', `No change history record ${detailId}`);
  const offset = page.offset ?? 0;
  const record = detailsOf(store, events, { offset, limit: page.limit ?? 100 });
  return {
    dataType: 'ChangeDetail',
    result: [record],
    // Choice: pagination counts the records (always one), as the page's example does.
    pagination: { offset: 0, pageSize: 1, totalCount: 1 },
    error: null,
  };
}

function accountEvents(store: SandboxStore, adAccountId: number): ChangeEvent[] {
  return store.changeLog.filter((event) => event.adAccountId === adAccountId);
}

const valuesOf = (filter: AuditFilter): unknown[] =>
  Array.isArray(filter.value) ? filter.value : [filter.value];

/** eventTime values as instants, none further back than the page's six months. */
function eventTimeFilter(store: SandboxStore, filter: AuditFilter, zone: string, index: number) {
  const instants = valuesOf(filter).map((value) => eventTimeValue(String(value), zone));
  const earliest = sixMonthsBefore(store.now());
  if (instants.some((instant) => instant < earliest))
    throw new ApiError(400, 'BAD_REQUEST', 'Validation errors found', [
      detail(
        'INVALID_VALUE',
        `eventTime reaches back at most 6 months, to ${new Date(earliest).toISOString()}`,
        `filters.${index}.value`,
      ),
    ]);
  return { ...filter, value: filter.operator === 'BETWEEN' ? instants : instants[0] };
}

function sixMonthsBefore(now: number): number {
  const day = new Date(now);
  day.setUTCMonth(day.getUTCMonth() - 6);
  return day.getTime();
}

/** Filter instants are UTC, or the account's wall-clock time with options.timeZone ORTZ. */
function eventTimeValue(raw: string, zone: string): number {
  const withTime = raw.length === 10 ? `${raw}T00:00:00.000` : raw;
  if (/(Z|[+-]\d\d:\d\d)$/.test(withTime)) return Date.parse(withTime);
  const asUtc = Date.parse(`${withTime}Z`);
  return zone === 'UTC' ? asUtc : asUtc - zoneOffsetMs(zone, asUtc);
}

/** The summary row's name for a filterable field, where a row carries it. */
const SUMMARY_FIELDS: Readonly<Record<string, keyof Summary>> = {
  eventTime: 'eventTime',
  eventType: 'eventType',
  entityType: 'entityType',
  userType: 'userType',
  userId: 'modifiedBy',
  txnId: 'transactionId',
};

/**
 * Newest first unless asked otherwise. A field a summary row does not carry (entityId and the
 * parent ids) orders by eventTime (choice: the page lets any filterable field sort).
 */
function sortSummaries(
  rows: Summary[],
  sort: { field: string; order: 'ASC' | 'DESC' } | undefined,
) {
  const key = SUMMARY_FIELDS[sort?.field ?? 'eventTime'] ?? 'eventTime';
  const direction = (sort?.order ?? 'DESC') === 'DESC' ? -1 : 1;
  rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * direction);
}

function entityTypeOf(event: ChangeEvent): string {
  return ENTITY_TYPES[event.entityType] ?? event.entityType;
}

function detailIdOf(event: ChangeEvent): string {
  return `${entityTypeOf(event)}.${event.entityId}.${event.transactionId}`;
}

function eventTime(event: ChangeEvent): string {
  return `${event.time}Z`;
}

function factsOf(store: SandboxStore, event: ChangeEvent): Facts {
  const meta = entityMetaData(store, event);
  return {
    eventTime: parseAppleTimestamp(event.time),
    eventType: event.changeType,
    entityType: entityTypeOf(event),
    entityId: String(event.entityId),
    userId: String(event.userId ?? ''),
    userType: USER_TYPE,
    txnId: String(event.transactionId),
    adAccountId: String(event.adAccountId),
    ...(meta.campaignId !== undefined ? { campaignId: meta.campaignId } : {}),
    ...(meta.adGroupId !== undefined ? { adGroupId: meta.adGroupId } : {}),
  };
}

/** Key attributes of the entity, as strings; entities are never removed, only marked deleted. */
function entityMetaData(store: SandboxStore, event: ChangeEvent): Record<string, string> {
  const id = Number(event.entityId);
  const pick = (entity: object | undefined, fields: string[]): Record<string, string> => {
    const meta: Record<string, string> = {};
    for (const field of fields) {
      const value = (entity as Record<string, unknown> | undefined)?.[field];
      if (value !== undefined && value !== null) meta[field] = String(value);
    }
    return meta;
  };
  switch (event.entityType) {
    case 'CAMPAIGN':
      return { ...pick(store.campaigns.get(id), ['name', 'adAccountId']), campaignId: String(id) };
    case 'ADGROUP':
      return { ...pick(store.adGroups.get(id), ['name', 'campaignId']), adGroupId: String(id) };
    case 'KEYWORD':
      return pick(store.keywords.get(id), ['text', 'matchType', 'campaignId', 'adGroupId']);
    case 'NEGATIVE_KEYWORD':
      return pick(store.negativeKeywords.get(id), ['text', 'matchType', 'campaignId', 'adGroupId']);
    case 'AD':
      return pick(store.ads.get(id), ['name', 'campaignId', 'adGroupId']);
    case 'CREATIVE':
      return pick(store.creatives.get(id), ['name', 'creativeType']);
    case 'LOCATION_GROUP':
      return pick(store.locationGroups.get(String(event.entityId)), ['name', 'groupType']);
    case 'AD_ACCOUNT':
      return pick(store.adAccounts.get(id), ['name']);
    default:
      return {};
  }
}

type Summary = ReturnType<typeof summaries>[number];

function summaries(store: SandboxStore, events: ChangeEvent[], withMetas: boolean) {
  const groups = new Map<string, ChangeEvent[]>();
  for (const event of events) {
    const key = [
      USER_TYPE,
      event.userId,
      event.transactionId,
      event.changeType,
      event.entityType,
    ].join('|');
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as ChangeEvent;
    const entityIds = [...new Set(group.map((event) => String(event.entityId)))];
    return {
      transactionId: String(first.transactionId),
      eventType: first.changeType,
      eventTime: eventTime(first),
      entityType: entityTypeOf(first),
      count: entityIds.length,
      // The sandbox keeps no snapshots: `snapshot` metadata shows the latest state too.
      metas: withMetas
        ? entityIds.map((entityId) => {
            const event = group.find(
              (candidate) => String(candidate.entityId) === entityId,
            ) as ChangeEvent;
            return {
              [entityTypeOf(event)]: entityId,
              detailId: detailIdOf(event),
              meta: entityMetaData(store, event),
            };
          })
        : [],
      userType: USER_TYPE,
      modifiedBy: String(first.userId ?? ''),
    };
  });
}

function detailsOf(
  store: SandboxStore,
  events: ChangeEvent[],
  page: { offset: number; limit: number },
) {
  const first = events[0] as ChangeEvent;
  const transactionId = String(first.transactionId);
  return {
    transactionId,
    detailId: detailIdOf(first),
    eventType: first.changeType,
    entityType: entityTypeOf(first),
    entityId: String(first.entityId),
    eventTime: eventTime(first),
    userType: USER_TYPE,
    modifiedBy: String(first.userId ?? ''),
    entityMetaData: entityMetaData(store, first),
    details: events.map((event) => ({
      transactionId,
      changes: fieldChanges(event).slice(page.offset, page.offset + page.limit),
    })),
  };
}

function fieldChanges(event: ChangeEvent) {
  if (event.changeType === 'DELETE')
    return [{ field: 'deleted', oldValues: ['false'], newValues: ['true'] }];
  return event.changes.map((change) => ({
    field: change.field,
    oldValues: event.changeType === 'CREATE' ? [] : asStrings(change.oldValue),
    newValues: asStrings(change.newValue),
  }));
}

/** Apple encodes every value as strings: scalars as one element, arrays element by element. */
export function asStrings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => asStrings(item));
  if (typeof value === 'object') {
    const money = value as { amount?: unknown; currency?: unknown; value?: unknown };
    if (typeof money.amount === 'string' && typeof money.currency === 'string')
      return [money.amount];
    // dailyBudget is {value: Money}; Apple shows it as the amount alone.
    if (Object.keys(value).length === 1 && money.value !== undefined) return asStrings(money.value);
    return [JSON.stringify(value)];
  }
  return [String(value)];
}
