// The last-sync time of the top bar: relative under the spec's 60 minutes, otherwise the date
// and time in UTC like every date Tapwise shows.
import { RELATIVE_TIME_THRESHOLD_MINUTES } from '@tapwise/contracts';
import { formatDateTime } from '../../shared/format/format';

export function lastSyncLabel(lastSyncAt: string, now: number, locale: string): string {
  const minutes = Math.floor((now - new Date(lastSyncAt).getTime()) / 60_000);
  if (minutes >= RELATIVE_TIME_THRESHOLD_MINUTES || minutes < 0) return formatDateTime(lastSyncAt);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-minutes, 'minute');
}
