// AuditQuery of POST /change-history/query (query-audit-summary-_-grouped-by-transaction.md,
// auditquery.md, auditoperator.md): the fields of the page's filter table with their operators,
// an eventTime range that every request needs, the two closed value lists, sorting on any
// filterable field and the three string options.
import { z } from 'zod';
import { arityProblem, requestPaginationSchema, type RequestSchema } from './selector';

/** AuditOperator: the SDK's enum; the filter table narrows it per field. */
const AUDIT_OPERATORS = [
  'EQUALS',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'BETWEEN',
] as const;
type AuditOperator = (typeof AUDIT_OPERATORS)[number];

const ONE_OR_MANY: readonly AuditOperator[] = ['EQUALS', 'IN'];
/** The filter table: field → operators. */
export const AUDIT_FILTER_FIELDS: Readonly<Record<string, readonly AuditOperator[]>> = {
  eventTime: ['BETWEEN', 'GREATER_THAN', 'LESS_THAN'],
  entityType: ['IN'],
  entityId: ONE_OR_MANY,
  eventType: ['IN'],
  userType: ['IN'],
  userId: ONE_OR_MANY,
  txnId: ONE_OR_MANY,
  adAccountId: ONE_OR_MANY,
  campaignId: ONE_OR_MANY,
  adGroupId: ONE_OR_MANY,
};

/** The two fields whose values the page closes. */
const CLOSED_VALUES: Readonly<Record<string, readonly string[]>> = {
  eventType: ['CREATE', 'UPDATE', 'DELETE'],
  userType: ['CUSTOMER', 'CUSTOMER_API', 'APPLE_SUPPORT'],
};

/** "ISO 8601 date strings": a day, or a time with optional milliseconds and offset. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?)?$/;

const PAGE = 'query-audit-summary-_-grouped-by-transaction.md';

const filterSchema = z.strictObject({
  field: z.string({ error: 'filter field is required' }).min(1, 'filter field is required'),
  operator: z.enum(AUDIT_OPERATORS, {
    error: `operator must be one of ${AUDIT_OPERATORS.join(', ')}`,
  }),
  value: z.unknown(),
});
export type AuditFilter = z.infer<typeof filterSchema>;

const options = z.strictObject({
  metadata: z.enum(['none', 'latest', 'snapshot'], 'metadata is none, latest or snapshot'),
  needTotals: z.enum(['true', 'false'], 'needTotals is the string "true" or "false"'),
  timeZone: z.enum(['UTC', 'ORTZ'], 'timeZone is UTC or ORTZ'),
});

const shape = z.strictObject({
  filters: z.array(filterSchema).nullish(),
  sorting: z
    .array(
      z.strictObject({
        field: z.string({ error: 'sort field is required' }),
        order: z.enum(['ASC', 'DESC'], 'order must be ASC or DESC'),
      }),
    )
    .nullish(),
  // Choice: pages of up to 1000 rows, as entity queries (the page gives no cap).
  pagination: requestPaginationSchema(1000)
    .extend({ totalCount: z.int('totalCount is an integer').optional() })
    .nullish(),
  options: options.partial().nullish(),
});
export type AuditQueryBody = z.infer<typeof shape>;

function valueProblem(filter: AuditFilter): string | null {
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  if (
    filter.field === 'eventTime' &&
    !values.every((v) => typeof v === 'string' && ISO_8601.test(v))
  )
    return 'eventTime values are ISO 8601 dates, e.g. 2025-03-01 or 2025-03-01T00:00:00.000Z';
  const closed = CLOSED_VALUES[filter.field];
  if (closed && !values.every((value) => closed.includes(String(value))))
    return `${filter.field} values are ${closed.join(', ')}`;
  return null;
}

export const auditQuerySchema: RequestSchema<AuditQueryBody> = shape.superRefine((query, ctx) => {
  const filters = query.filters ?? [];
  for (const [index, filter] of filters.entries()) {
    const path = ['filters', index];
    const operators = AUDIT_FILTER_FIELDS[filter.field];
    if (!operators) {
      ctx.addIssue({
        code: 'custom',
        message: `${filter.field} is not a filterable field (${PAGE})`,
        path: [...path, 'field'],
      });
      continue;
    }
    if (!operators.includes(filter.operator)) {
      ctx.addIssue({
        code: 'custom',
        message: `${filter.field} takes ${operators.join(', ')}, not ${filter.operator} (${PAGE})`,
        path: [...path, 'operator'],
      });
      continue;
    }
    const problem =
      arityProblem(filter.operator, filter.value, () => false) ?? valueProblem(filter);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [...path, 'value'] });
  }
  if (!filters.some((filter) => filter.field === 'eventTime'))
    ctx.addIssue({
      code: 'custom',
      message: `an eventTime filter is required (${PAGE})`,
      path: ['filters'],
      params: { violation: 'FIELD_REQUIRED' },
    });
  for (const [index, sort] of (query.sorting ?? []).entries())
    if (!AUDIT_FILTER_FIELDS[sort.field])
      ctx.addIssue({
        code: 'custom',
        message: `${sort.field} is not a sortable field: any filterable field is (${PAGE})`,
        path: ['sorting', index, 'field'],
      });
});

/** GET /change-history/{detailId}: limit and offset page the `changes` array (default 100). */
export const changeDetailsParamsSchema = z.strictObject({
  limit: z.coerce
    .number<unknown>()
    .int('limit is an integer')
    .min(1, 'limit is at least 1')
    .optional(),
  offset: z.coerce
    .number<unknown>()
    .int('offset is an integer')
    .min(0, 'offset is at least 0')
    .optional(),
});
export type ChangeDetailsParams = z.infer<typeof changeDetailsParamsSchema>;
