// Pieces shared by the entity write schemas: Money, Apple's timestamps, {include, exclude}
// targeting and the bid strategy pairings (bidstrategycreate.md, bidstrategyupdate.md).
import { z } from 'zod';

/** money.md: amount is a decimal string with at most two decimals; this rule adds "positive". */
export const moneySchema = z.strictObject({
  amount: z
    .string('amount is a decimal string')
    .refine(
      (amount) => /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0,
      'amount is a positive decimal string with at most two decimals',
    ),
  currency: z.string().length(3, 'currency is an ISO 4217 code').nullish(),
});

export type MoneyBody = z.infer<typeof moneySchema>;

/** campaigncreate.md: `yyyy-MM-dd'T'HH:mm:ss.SSS` in UTC. */
export const appleTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/, "a time is yyyy-MM-dd'T'HH:mm:ss.SSS");

export const statusSchema = z.enum(['ENABLED', 'PAUSED'], 'status is ENABLED or PAUSED');

/** targetingdatacreate.md / targetingdataupdate.md: values to include or exclude. */
export const targetingDataSchema = z.strictObject({
  include: z.array(z.string()).nullish(),
  exclude: z.array(z.string()).nullish(),
});

export const BID_STRATEGY_GOALS = {
  MANUAL_CPT: 'TAP',
  MANUAL_CPM: 'IMPRESSION',
  MAX_CONVERSIONS: 'INSTALL',
  MAX_ENGAGEMENTS: 'TAP',
} as const;
export type BidStrategyType = keyof typeof BID_STRATEGY_GOALS;

/**
 * campaigncreate/bidstrategy-datadictionary.md (and the update and ad group pages): type and goal
 * are sent together and paired MANUAL_CPT↔TAP, MANUAL_CPM↔IMPRESSION, MAX_CONVERSIONS↔INSTALL,
 * MAX_ENGAGEMENTS↔TAP.
 */
export const bidStrategySchema = z
  .strictObject({
    bidStrategyType: z
      .enum(
        Object.keys(BID_STRATEGY_GOALS) as [BidStrategyType, ...BidStrategyType[]],
        'bidStrategyType is MANUAL_CPT, MANUAL_CPM, MAX_CONVERSIONS or MAX_ENGAGEMENTS',
      )
      .nullish(),
    bidStrategyGoal: z
      .enum(['TAP', 'IMPRESSION', 'INSTALL'], 'bidStrategyGoal is TAP, IMPRESSION or INSTALL')
      .nullish(),
    bid: moneySchema.nullish(),
  })
  .superRefine((strategy, context) => {
    const { bidStrategyType: type, bidStrategyGoal: goal } = strategy;
    if ((type == null) !== (goal == null))
      context.addIssue({
        code: 'custom',
        path: [type == null ? 'bidStrategyType' : 'bidStrategyGoal'],
        message: 'bidStrategyType and bidStrategyGoal are sent together',
      });
    else if (type != null && BID_STRATEGY_GOALS[type] !== goal)
      context.addIssue({
        code: 'custom',
        path: ['bidStrategyGoal'],
        message: `bidStrategyGoal must be ${BID_STRATEGY_GOALS[type]} for ${type}`,
      });
  });

export const idSchema = z.number('an id is an integer').int('an id is an integer').positive();

/** A schema of this package, for packages that do not import zod. */
export type V1Schema = z.ZodType;
