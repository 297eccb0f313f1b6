// The days Apple's impression share is read for: the last 30 UTC days (Apple keeps no more), up
// to the day before yesterday, as yesterday in UTC may still be today in an ad account's time
// zone (Apple answers 400 for a day that is not complete). The sync stores this window; research's
// share of voice asks Apple for the same one.
import { addDays, utcToday } from '@tapwise/contracts';

/** Days back from today (UTC) to the window's first day. */
const FIRST_DAY = -29;
/** Days back from today (UTC) to the window's last day. */
const LAST_DAY = -2;

/** The window (YYYY-MM-DD, inclusive) as of `now`. */
export function impressionShareWindow(now: Date): { start: string; end: string } {
  const today = utcToday(now);
  return { start: addDays(today, FIRST_DAY), end: addDays(today, LAST_DAY) };
}
