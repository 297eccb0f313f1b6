// Change history (v1-change-history.md): AuditSummary rows per transaction and the field-level
// ChangeDetails of one entity in one transaction. An eventTime filter is required by Apple; a
// query that breaks the page's rules (auditQuerySchema) is refused before it is sent.
import {
  auditQuerySchema,
  changeDetailsParamsSchema,
  requireValid,
} from '@tapwise/apple-ads-schemas';
import type { AccountCall } from './account-call.js';
import type { Page } from './types.js';

export interface AuditFilter {
  /** eventTime, entityType, entityId, eventType, userId, userType, txnId, adAccountId, campaignId, adGroupId. */
  field: string;
  /** eventTime: BETWEEN, GREATER_THAN, LESS_THAN; entityType, eventType, userType: IN; others EQUALS, IN. */
  operator: 'EQUALS' | 'IN' | 'LESS_THAN' | 'GREATER_THAN' | 'BETWEEN';
  /** eventTime: ISO 8601, at most six months back. */
  value: unknown;
}

export interface AuditQuery {
  filters: AuditFilter[];
  /** Any filterable field; eventTime DESC by default. */
  sorting?: { field: string; order: 'ASC' | 'DESC' }[];
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
    /** Page the changes array: limit defaults to 100. */
    options?: { offset?: number; limit?: number },
  ): Promise<Page<ChangeDetails>>;
}

export function changeHistoryOperations(call: AccountCall): ChangeHistoryOperations {
  const query = async (request: AuditQuery) =>
    call<Page<AuditSummary>>(
      'POST',
      '/change-history/query',
      requireValid('POST /change-history/query', auditQuerySchema, request),
    );
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
    details: async (detailId, options = {}) => {
      const page = requireValid(
        'GET /change-history/{detailId}',
        changeDetailsParamsSchema,
        options,
      );
      return call('GET', `/change-history/${encodeURIComponent(detailId)}`, undefined, page);
    },
  };
}
