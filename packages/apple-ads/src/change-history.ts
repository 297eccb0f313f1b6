// Change history (v1-change-history.md): AuditSummary rows per transaction and the field-level
// ChangeDetails of one entity in one transaction. An eventTime filter is required by Apple.
import type { AccountCall } from './account-call.js';
import type { Page } from './types.js';

export interface AuditFilter {
  /** eventTime, entityType, entityId, userId, userType, txnId, adAccountId, campaignId, adGroupId. */
  field: string;
  /** Only EQUALS and IN outside eventTime. */
  operator:
    | 'EQUALS'
    | 'IN'
    | 'LESS_THAN'
    | 'LESS_THAN_OR_EQUAL_TO'
    | 'GREATER_THAN'
    | 'GREATER_THAN_OR_EQUAL_TO'
    | 'BETWEEN';
  value: unknown;
}

export interface AuditQuery {
  filters: AuditFilter[];
  sorting?: { field: 'eventTime'; order: 'ASC' | 'DESC' }[];
  pagination?: { offset?: number; pageSize?: number };
  options?: {
    metadata?: 'none' | 'latest' | 'snapshot';
    /** "false" skips the count: totalCount is then 0. */
    needTotals?: 'true' | 'false';
    /** Time zone of the eventTime filter values. */
    timeZone?: 'UTC' | 'ORTZ';
  };
}

export interface AuditSummary {
  transactionId: string;
  eventType: 'CREATE' | 'UPDATE' | 'DELETE' | (string & {});
  /** ISO 8601 in UTC. */
  eventTime: string;
  entityType: string;
  count: number;
  /** With options.metadata: `{ [entityType]: entityId, detailId, meta }` per entity. */
  metas: Record<string, unknown>[];
  userType: 'CUSTOMER' | 'CUSTOMER_API' | 'APPLE_SUPPORT' | (string & {});
  modifiedBy: string;
}

export interface FieldChange {
  field: string;
  /** Every value is a string; empty for CREATE. */
  oldValues: string[];
  newValues: string[];
}

export interface ChangeDetails {
  transactionId: string;
  /** EntityType.entityId.transactionId */
  detailId: string;
  eventType: string;
  entityType: string;
  entityId: string;
  eventTime: string;
  userType: string;
  modifiedBy: string;
  entityMetaData?: Record<string, string>;
  details: { transactionId: string; changes: FieldChange[] }[];
}

export interface ChangeHistoryOperations {
  query(query: AuditQuery): Promise<Page<AuditSummary>>;
  /** Every summary row, page by page. */
  all(query: Omit<AuditQuery, 'pagination'>, pageSize?: number): AsyncGenerator<AuditSummary[]>;
  details(
    detailId: string,
    options?: { offset?: number; limit?: number },
  ): Promise<Page<ChangeDetails>>;
}

export function changeHistoryOperations(call: AccountCall): ChangeHistoryOperations {
  const query = (request: AuditQuery) =>
    call<Page<AuditSummary>>('POST', '/change-history/query', request);
  return {
    query,
    all: async function* (request, pageSize = 500) {
      let offset = 0;
      for (;;) {
        const page = await query({ ...request, pagination: { offset, pageSize } });
        if (page.result.length > 0) yield page.result;
        offset += page.result.length;
        if (page.result.length < pageSize) return;
      }
    },
    details: (detailId, options = {}) =>
      call('GET', `/change-history/${encodeURIComponent(detailId)}`, undefined, {
        offset: options.offset,
        limit: options.limit,
      }),
  };
}
