// "5 minutes ago", "in 3 hours": a rule's last and next run relative to now, in the user's
// language, with the exact time in UTC beside it for anyone who needs it.
const MINUTE_MS = 60_000;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * MINUTE_MS],
  ['hour', 60 * MINUTE_MS],
  ['minute', MINUTE_MS],
];

export function relativeTime(at: string, now: number, locale: string): string {
  const difference = new Date(at).getTime() - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return format.format(0, 'minute');
}
