// GraphQL types several modules share: the counts of a row, a period in and out, a chart point,
// and the step that turns GraphQL's nulls into absent values before a zod schema reads them.
import type { DateRange, GoalCounts, MetricCounts, SeriesPoint } from '@tapwise/contracts';
import { builder } from './builder';

/** GraphQL sends null for an omitted optional value; the zod schemas expect it absent. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null && entry !== undefined)
      .map(([key, entry]) => [key, withoutNulls(entry)]),
  );
}

export const DateRangeInput = builder.inputType('DateRangeInput', {
  fields: (t) => ({
    start: t.string({ required: true }),
    end: t.string({ required: true }),
  }),
});

export const MetricCountsRef = builder.objectRef<MetricCounts>('MetricCounts').implement({
  fields: (t) => ({
    impressions: t.exposeFloat('impressions'),
    taps: t.exposeFloat('taps'),
    tapInstalls: t.exposeFloat('tapInstalls'),
    viewInstalls: t.exposeFloat('viewInstalls'),
    totalInstalls: t.exposeFloat('totalInstalls'),
    tapNewDownloads: t.exposeFloat('tapNewDownloads'),
    tapRedownloads: t.exposeFloat('tapRedownloads'),
    viewNewDownloads: t.exposeFloat('viewNewDownloads'),
    viewRedownloads: t.exposeFloat('viewRedownloads'),
    localSpendMicros: t.exposeFloat('localSpendMicros'),
  }),
});

/** A goal's partner counts (goal-metrics.ts): revenue in integer micros. */
export const GoalCountsRef = builder.objectRef<GoalCounts>('GoalCounts').implement({
  fields: (t) => ({
    goals: t.exposeInt('goals'),
    goalsRevenueMicros: t.exposeFloat('goalsRevenueMicros'),
    attrInstalls: t.exposeInt('attrInstalls'),
  }),
});

export const DateRangeRef = builder.objectRef<DateRange>('DateRange').implement({
  fields: (t) => ({ start: t.exposeString('start'), end: t.exposeString('end') }),
});

export const SeriesPointRef = builder.objectRef<SeriesPoint>('SeriesPoint').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    counts: t.field({ type: MetricCountsRef, resolve: (point) => point.counts }),
  }),
});
