// Values of automation-rule conditions and actions (spec 2 §5): a value is required and not 0;
// a range's from is lower than its to.
import * as z from 'zod';

export const ruleValueSchema = z
  .number({ error: 'validation.required' })
  .refine((value) => value !== 0, { error: 'validation.ruleValueZero' });

const rangeBound = z.number({ error: 'validation.required' });

/** Range comparators (IN_RANGE, NOT_IN_RANGE, BETWEEN); 0 is a fair lower bound here. */
export const ruleValueRangeSchema = z
  .object({ from: rangeBound, to: rangeBound })
  .superRefine(({ from, to }, ctx) => {
    if (!(from < to)) {
      ctx.addIssue({ code: 'custom', message: 'validation.rangeFromNotLower', path: ['to'] });
    }
  });

export type RuleValue = z.infer<typeof ruleValueSchema>;
export type RuleValueRange = z.infer<typeof ruleValueRangeSchema>;
