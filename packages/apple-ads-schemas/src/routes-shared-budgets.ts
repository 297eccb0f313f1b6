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
