// The ECB's publishing calendar: reference rates appear around 16:00 CET on every TARGET working
// day, that is every weekday but New Year's Day, Good Friday, Easter Monday, 1 May and 25-26 December.

const DAY_MS = 86_400_000;

export const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => isoDay(dayNumber(iso) + days);

/** Easter Sunday of a year (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether the ECB publishes no reference rates on this day. */
export function isTargetClosingDay(iso: string): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  const monthDay = iso.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return true;
  const easter = easterSunday(Number(iso.slice(0, 4)));
  return iso === addDays(easter, -2) || iso === addDays(easter, 1);
}

const frankfurt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The date and hour in Frankfurt at an instant. */
function frankfurtTime(now: Date): { date: string; hour: number } {
  const parts = Object.fromEntries(frankfurt.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The hour (Frankfurt time) after which the day's rates are expected to be out. */
export const PUBLICATION_HOUR = 16;

/** The last reference day whose rates should be published at this instant. */
export function latestReferenceDay(now: Date): string {
  const { date, hour } = frankfurtTime(now);
  let day = hour >= PUBLICATION_HOUR ? date : addDays(date, -1);
  while (isTargetClosingDay(day)) day = addDays(day, -1);
  return day;
}
