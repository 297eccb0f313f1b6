// Values of automation-rule conditions and actions (spec 2 §5): a value is required; an action's
// is not 0; a range's from is lower than its to. The spec's "not 0" is read as the actions' rule
// (docs/product-decisions.md): a condition comparing a count with 0 ("installs equal to 0") is
// the commonest waste rule, while a change by or to 0 is a slip.
import * as z from 'zod';

/** A condition's value: any number, 0 included. */
export const ruleConditionValueSchema = z.number({ error: 'validation.required' });

/** An action's value (a change by or to an amount or percent): not 0. */
export const ruleActionValueSchema = ruleConditionValueSchema.refine((value) => value !== 0, {
  error: 'validation.ruleValueZero',
});

/** Range comparators (IN_RANGE, NOT_IN_RANGE, BETWEEN); 0 is a fair lower bound here. */
export const ruleValueRangeSchema = z
  .object({ from: ruleConditionValueSchema, to: ruleConditionValueSchema })
  .superRefine(({ from, to }, ctx) => {
    if (!(from < to)) {
      ctx.addIssue({ code: 'custom', message: 'validation.rangeFromNotLower', path: ['to'] });
    }
  });

export type RuleValueRange = z.infer<typeof ruleValueRangeSchema>;
