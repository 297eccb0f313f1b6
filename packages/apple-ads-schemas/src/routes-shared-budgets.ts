// Budget orders (shared budgets): SharedBudgetCreate, SharedBudgetUpdate and the QueryRequest of
// POST /shared-budgets/query, as SDK 1.109.0 models them (v1-shared-budgets.md), with the rules
// of Apple's pages sharedbudgetcreate.md, sharedbudgetupdate.md, invoicedetail.md and money.md.
import { z } from 'zod';

/** `yyyy-MM-ddTHH:mm:ss.SSS`, UTC without a zone (sharedbudget.md). */
export const V1_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

const timestamp = (field: string) =>
  z.string().regex(V1_TIMESTAMP, `${field} must be yyyy-MM-ddTHH:mm:ss.SSS in UTC`);

/** Money (money.md): a decimal string with at most two decimals; the currency is optional. */
export const v1MoneySchema = z.strictObject({
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount must be a decimal string with at most two decimals'),
  currency: z.string().nullish(),
});

const email = (field: string) => z.email(`${field} must be a valid email address`);
const nonEmpty = (field: string) => z.string().trim().min(1, `${field} must not be empty`);

const adAccountIds = z
  .array(z.int('adAccountIds holds integer ad account ids'))
  .min(1, 'adAccountIds needs at least one ad account id');

export const sharedBudgetCreateSchema = z.strictObject({
  name: nonEmpty('name'),
  startTime: timestamp('startTime'),
  endTime: timestamp('endTime').nullish(),
  value: v1MoneySchema,
  adAccountIds,
  invoiceDetail: z.strictObject({
    billingEmail: email('billingEmail'),
    primaryBuyerEmail: email('primaryBuyerEmail'),
    primaryBuyerName: nonEmpty('primaryBuyerName'),
    clientName: z.string().nullish(),
    orderNumber: z.string().nullish(),
  }),
});
export type SharedBudgetCreate = z.infer<typeof sharedBudgetCreateSchema>;

/** Partial update: omitted (or null, as the SDK allows) fields keep their value; `endTime: null` removes the end. */
export const sharedBudgetUpdateSchema = z.strictObject({
  name: nonEmpty('name').nullish(),
  startTime: timestamp('startTime').nullish(),
  endTime: timestamp('endTime').nullish(),
  value: v1MoneySchema.nullish(),
  adAccountIds: adAccountIds.nullish(),
  invoiceDetail: z
    .strictObject({
      billingEmail: email('billingEmail').nullish(),
      primaryBuyerEmail: email('primaryBuyerEmail').nullish(),
      primaryBuyerName: nonEmpty('primaryBuyerName').nullish(),
      clientName: z.string().nullish(),
      orderNumber: z.string().nullish(),
    })
    .nullish(),
});
export type SharedBudgetUpdate = z.infer<typeof sharedBudgetUpdateSchema>;

/** QueryFilterOperator of SDK 1.109.0, plus CONTAINS, which query-location-groups.md lists. */
export const V1_QUERY_OPERATORS = [
  'EQUALS',
  'CONTAINS',
  'NOT_EQUALS',
  'IN',
  'NOT_IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'BETWEEN',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'NOT_CONTAINS_ANY',
  'NOT_CONTAINS_ALL',
  'STARTS_WITH',
  'ENDS_WITH',
  'LIKE',
  'NOT_LIKE',
  'IS_NULL',
  'IS_NOT_NULL',
] as const;

/**
 * QueryRequest (queryrequest.md) with the fields and operators a query page lists as filterable
 * and sortable: anything else is refused by name.
 */
export function v1QueryRequestSchema(
  filterable: Readonly<Record<string, readonly (typeof V1_QUERY_OPERATORS)[number][]>>,
  sortable: readonly string[],
) {
  const fields = Object.keys(filterable);
  return z.strictObject({
    filters: z
      .array(
        z
          .strictObject({
            field: z.enum(fields, `field must be one of ${fields.join(', ')}`),
            operator: z.enum(V1_QUERY_OPERATORS, 'operator is not a QueryFilterOperator'),
            value: z.unknown().optional(),
            ignoreCase: z.boolean().nullish(),
          })
          .refine((filter) => filterable[filter.field]?.includes(filter.operator) ?? true, {
            message: 'this operator is not supported on this field',
            path: ['operator'],
          }),
      )
      .nullish(),
    sorting: z
      .array(
        z.strictObject({
          field: z.enum(
            ['id', ...sortable],
            `sorting field must be one of ${['id', ...sortable].join(', ')}`,
          ),
          order: z.enum(['ASC', 'DESC'], 'order must be ASC or DESC'),
        }),
      )
      .nullish(),
    pagination: z
      .strictObject({
        offset: z.int('offset must be an integer').min(0, 'offset must not be negative').nullish(),
        pageSize: z
          .int('pageSize must be an integer')
          .min(1, 'pageSize must be at least 1')
          .max(1000, 'pageSize must be at most 1000')
          .nullish(),
        fetchTotalCount: z.boolean().nullish(),
      })
      .nullish(),
  });
}

const TIME_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
] as const;

/** Filterable fields of post-shared-budgets-query.md; only `name` is sortable there. */
export const sharedBudgetQuerySchema = v1QueryRequestSchema(
  {
    deleted: ['EQUALS', 'IN'],
    id: ['EQUALS', 'IN'],
    name: ['EQUALS', 'IN', 'LIKE', 'STARTS_WITH', 'ENDS_WITH'],
    orgId: ['EQUALS'],
    adAccountIds: ['EQUALS', 'IN'],
    systemStatus: ['EQUALS', 'IN'],
    systemStatusReasons: [
      'CONTAINS_ANY',
      'CONTAINS_ALL',
      'NOT_CONTAINS_ANY',
      'NOT_CONTAINS_ALL',
      'IS_NULL',
      'IS_NOT_NULL',
    ],
    startTime: TIME_OPERATORS,
    endTime: TIME_OPERATORS,
    creationTime: TIME_OPERATORS,
    modificationTime: TIME_OPERATORS,
  },
  ['name'],
);
