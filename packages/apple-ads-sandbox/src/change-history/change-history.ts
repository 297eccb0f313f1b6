// Change history over store.changeLog: POST /change-history/query answers AuditSummary rows (one
// per user, transaction, event type and entity type) and GET /change-history/{detailId} the
// field-level ChangeDetails of one entity in one transaction (detailId = Type.entityId.txnId).
// Values travel as string arrays, as Apple sends them; errors use codes BAD_REQUEST / NOT_FOUND.
import { parseAppleTimestamp, zoneOffsetMs } from '../model/calendar.js';
import type { ChangeEvent } from '../model/entities.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail } from '../server/api-error.js';
import { matchesFilter } from '../server/entity-query.js';

const ENTITY_TYPES: Readonly<Record<string, string>> = {
  CAMPAIGN: 'Campaign',
  ADGROUP: 'AdGroup',
  KEYWORD: 'Keyword',
  NEGATIVE_KEYWORD: 'NegativeKeyword',
  AD: 'Ad',
};
const TIME_OPERATORS = [
  'EQUALS',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'BETWEEN',
];
const FIELDS = [
  'eventTime',
  'eventType',
  'entityType',
  'entityId',
  'userId',
  'userType',
  'txnId',
  'adAccountId',
  'campaignId',
  'adGroupId',
];
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
  const input = (body ?? {}) as Record<string, unknown>;
  const options = (input.options ?? {}) as Record<string, unknown>;
  const zone =
    options.timeZone === 'ORTZ' ? store.accountOf(adAccountId).timezone : ('UTC' as const);
  const filters = parseAuditFilters(input.filters, zone);
  const metadata = options.metadata ?? 'none';
  if (!['none', 'latest', 'snapshot'].includes(String(metadata)))
    throw badRequest('options.metadata must be none, latest or snapshot', 'options.metadata');
  const events = accountEvents(store, adAccountId).filter((event) => {
    const facts = factsOf(store, event);
    return filters.every((filter) => matchesFilter(facts, filter));
  });
  const rows = summaries(store, events, metadata !== 'none');
  const descending = sortOrder(input.sorting) === 'DESC';
  rows.sort(
    (a, b) =>
      (a.eventTime < b.eventTime ? -1 : a.eventTime > b.eventTime ? 1 : 0) * (descending ? -1 : 1),
  );
  const { offset, pageSize } = auditPage(input.pagination);
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
  const events = accountEvents(store, adAccountId).filter(
    (event) => detailIdOf(event) === detailId,
  );
  if (events.length === 0)
    throw new ApiError(404, 'NOT_FOUND', `No change history record ${detailId}`);
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1)
    throw badRequest('offset and limit must be non-negative integers', 'limit');
  const records = [detailsOf(store, events)];
  const result = records.slice(offset, offset + limit);
  return {
    dataType: 'ChangeDetail',
    result,
    pagination: { offset, pageSize: result.length, totalCount: records.length },
    error: null,
  };
}

function badRequest(message: string, field: string): ApiError {
  return new ApiError(400, 'BAD_REQUEST', message, [detail('INVALID_VALUE', message, field)]);
}

function accountEvents(store: SandboxStore, adAccountId: number): ChangeEvent[] {
  return store.changeLog.filter((event) => event.adAccountId === adAccountId);
}

function parseAuditFilters(value: unknown, zone: string) {
  const filters = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (!filters.some((filter) => filter?.field === 'eventTime'))
    throw new ApiError(400, 'BAD_REQUEST', 'The eventTime filter is required.', [
      {
        code: 'MISSING_FIELD',
        message: 'eventTime must be provided.',
        info: { field: 'eventTime' },
      },
    ]);
  return filters.map((filter, index) => {
    const field = String(filter?.field ?? '');
    const operator = String(filter?.operator ?? '');
    if (!FIELDS.includes(field))
      throw badRequest(`unknown filter field ${field}`, `filters[${index}].field`);
    if (
      field === 'eventTime'
        ? !TIME_OPERATORS.includes(operator)
        : !['EQUALS', 'IN'].includes(operator)
    )
      throw badRequest(
        `operator ${operator} is not supported on ${field}`,
        `filters[${index}].operator`,
      );
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    if (field !== 'eventTime') return { field, operator, value: values.map(String) };
    const instants = values.map((raw) => eventTimeValue(raw, zone));
    if (instants.some(Number.isNaN))
      throw badRequest('eventTime values are yyyy-MM-ddTHH:mm:ss.SSS', `filters[${index}].value`);
    return { field, operator, value: instants };
  });
}

/** Filter instants are UTC, or the account's wall-clock time with options.timeZone ORTZ. */
function eventTimeValue(raw: unknown, zone: string): number {
  if (typeof raw !== 'string') return Number.NaN;
  const asUtc = parseAppleTimestamp(raw.length === 10 ? `${raw}T00:00:00.000` : raw);
  if (zone === 'UTC' || /Z$|[+-]\d\d:\d\d$/.test(raw)) return asUtc;
  return asUtc - zoneOffsetMs(zone, asUtc);
}

function sortOrder(sorting: unknown): 'ASC' | 'DESC' {
  const first = Array.isArray(sorting)
    ? (sorting[0] as { order?: unknown } | undefined)
    : undefined;
  // Newest first unless asked otherwise: change history is read from the latest change back.
  return first?.order === 'ASC' ? 'ASC' : 'DESC';
}

function auditPage(value: unknown): { offset: number; pageSize: number } {
  const pagination = (value ?? {}) as Record<string, unknown>;
  const offset = Number(pagination.offset ?? 0);
  const pageSize = Number(pagination.pageSize ?? 50);
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('offset must be a non-negative integer', 'pagination.offset');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    throw badRequest('pageSize must be between 1 and 1000', 'pagination.pageSize');
  return { offset, pageSize };
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
    default:
      return {};
  }
}

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

function detailsOf(store: SandboxStore, events: ChangeEvent[]) {
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
    details: events.map((event) => ({ transactionId, changes: fieldChanges(event) })),
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
