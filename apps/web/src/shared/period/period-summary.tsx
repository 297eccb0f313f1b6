// The period in words beside the page's data: its name and the days it covers ("Last 7 Days:
// Feb 23 – Mar 1, 2026"), until when a running period's data goes, and what it is compared with.
import { Text } from '@mantine/core';
import type { ResolvedPeriod } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import type { PeriodChoice } from './period';
import { usePeriodLabels } from './period-labels';

export interface PeriodSummaryProps {
  period: PeriodChoice;
  resolved: ResolvedPeriod;
  /**
   * With the comparison: until when its last day counts as the server answered (null: whole
   * days; undefined while the answer is on its way).
   */
  comparison?: { comparedUntil: string | null | undefined };
  testId: string;
}

export function PeriodSummary({ period, resolved, comparison, testId }: PeriodSummaryProps) {
  const { t } = useTranslation();
  const labels = usePeriodLabels();
  const name = t(`overview.periods.${period.id}`);
  const days = labels.range(resolved.currdate, resolved.until);
  let text = t('overview.periodDays', { name, period: days });
  if (comparison) {
    const { comparedUntil } = comparison;
    const previous =
      resolved.until && comparedUntil === null
        ? t('overview.wholeDays', { dates: labels.range(resolved.prevdate) })
        : labels.range(resolved.prevdate, comparedUntil ?? null);
    text = t('overview.periodCompared', { name, period: days, previous });
  }
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {text}
    </Text>
  );
}
