// The time-series buckets of the overview chart: days, Apple's Sunday weeks or calendar months,
// the first one starting on the period's first day. Pure date arithmetic on YYYY-MM-DD strings.
import type { DateRange, SeriesGranularity } from '@tapwise/contracts';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Sunday; day 0 (1970-01-01) was a Thursday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/** The first day of the bucket holding `date`, never before the period's first day. */
export function bucketStart(date: string, period: DateRange, granularity: SeriesGranularity) {
  let start: string;
  switch (granularity) {
    case 'DAY':
      start = date;
      break;
    case 'WEEK':
      start = isoOf(dayOf(date) - weekdayOf(dayOf(date)));
      break;
    case 'MONTH':
      start = `${date.slice(0, 7)}-01`;
      break;
  }
  return start < period.start ? period.start : start;
}

/** Every bucket of the period, in order, by its first day. */
export function seriesBuckets(period: DateRange, granularity: SeriesGranularity): string[] {
  const buckets: string[] = [];
  for (let day = dayOf(period.start); day <= dayOf(period.end); day++) {
    const start = bucketStart(isoOf(day), period, granularity);
    if (buckets.at(-1) !== start) buckets.push(start);
  }
  return buckets;
}
