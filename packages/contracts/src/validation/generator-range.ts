// Campaign-generator ranges (organic rank, popularity, total apps): the end must exceed the start
// by more than 10 (spec 2 §5 and §9).
import * as z from 'zod';
import { GENERATOR_RANGE_GAP_MUST_EXCEED } from '../limits';

const rangeBound = z
  .number({ error: 'validation.required' })
  .int({ error: 'validation.rangeBoundInvalid' })
  .min(0, { error: 'validation.rangeBoundInvalid' });

export const generatorRangeSchema = z
  .object({ from: rangeBound, to: rangeBound })
  .superRefine(({ from, to }, ctx) => {
    if (!(to - from > GENERATOR_RANGE_GAP_MUST_EXCEED)) {
      ctx.addIssue({ code: 'custom', message: 'validation.rangeGapTooSmall', path: ['to'] });
    }
  });

export type GeneratorRange = z.infer<typeof generatorRangeSchema>;
