// Day arithmetic for reports: days are integers (days since 1970-01-01 of a local calendar date),
// and an ad account's local day is mapped to UTC through its IANA time zone.

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export function dayFromIsoDate(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

/** Offset of the zone from UTC in ms at the given instant (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, instantMs: number): number {
  if (timeZone === 'UTC') return 0;
  // Offsets change at most at hour boundaries, so cache per zone-hour.
  const key = `${timeZone}|${Math.floor(instantMs / HOUR_MS)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = asUtc - Math.floor(instantMs / 1000) * 1000;
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/**
 * UTC instant at which a local day starts. Local days are modelled as 24 hours long; on a
 * daylight-saving change day the sandbox keeps 24 hours (a documented simplification).
 */
export function localDayStartMs(timeZone: string, day: number): number {
  const offset = zoneOffsetMs(timeZone, day * DAY_MS + 12 * HOUR_MS);
  return day * DAY_MS - offset;
}

/** The local day containing an instant. */
export function localDayOf(timeZone: string, instantMs: number): number {
  return Math.floor((instantMs + zoneOffsetMs(timeZone, instantMs)) / DAY_MS);
}

/** Apple's timestamp form: yyyy-MM-ddTHH:mm:ss.SSS in UTC without a zone. */
export function appleTimestamp(instantMs: number): string {
  return new Date(instantMs).toISOString().slice(0, 23);
}

export function parseAppleTimestamp(value: string): number {
  return Date.parse(value.endsWith('Z') || /[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
}

/** Sunday on or before the day (1970-01-01 was a Thursday). */
export function weekStartSunday(day: number): number {
  return day - ((day + 4) % 7);
}

export function monthStart(day: number): number {
  const date = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
}
