// How much of an ad account's day has passed at a moment: the comparison of a period still
// running counts its last day only as far as the running day has come (docs/product-decisions.md,
// "Periods"). Facts are kept per hour of the account's own zone, so this is counted in that zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function localDateAndHour(moment: Date, timeZone: string): { date: string; hour: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const part = (type: string) =>
    format.formatToParts(moment).find((entry) => entry.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * The whole hours of the account's day `day` (YYYY-MM-DD) that have passed at `moment`: 0 before
 * the day begins there, 24 once it has ended.
 */
export function hoursPassed(day: string, moment: Date, timeZone: string): number {
  const local = localDateAndHour(moment, timeZone);
  if (local.date < day) return 0;
  if (local.date > day) return 24;
  return local.hour;
}
