// How a period's days read: a date range in the interface language ("Feb 23 – Mar 1, 2026"),
// and for a period still running the UTC hour its data runs until. Days are calendar days, so
// they are formatted in UTC whatever the browser's zone.
import type { DateRange } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function usePeriodLabels() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  /** The days of a range, and when it is still running, until when. */
  function range(days: DateRange, until: string | null = null): string {
    const text =
      days.start === days.end
        ? dates.format(dayOf(days.start))
        : dates.formatRange(dayOf(days.start), dayOf(days.end));
    return until
      ? t('overview.runningUntil', { dates: text, time: time.format(new Date(until)) })
      : text;
  }
  return { range };
}
