// The keywords whose organic rank moved most over the chosen days: gains first, then losses.
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TrackedKeywordRow } from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OverviewPanel } from '../../shared/ui/panel';
import { RankChange, rankText } from './rank-change';

export const MOVER_DAYS = [7, 30] as const;

export function MoversPanel(props: {
  query: UseQueryResult<TrackedKeywordRow[]>;
  days: number;
  onDaysChange(days: number): void;
}) {
  const { t } = useTranslation();
  return (
    <OverviewPanel
      title={t('organicRanking.movers.title')}
      query={props.query}
      testId="rank-movers"
      skeletonHeight={120}
      controls={
        <SegmentedControl
          size="xs"
          value={String(props.days)}
          onChange={(value) => props.onDaysChange(Number(value))}
          data={MOVER_DAYS.map((days) => ({
            value: String(days),
            label: t('organicRanking.movers.days', { days }),
          }))}
        />
      }
    >
      {(rows) =>
        rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('organicRanking.movers.none')}
          </Text>
        ) : (
          <Stack gap={4}>
            {rows.map((row) => (
              <Group key={row.id} justify="space-between" wrap="nowrap">
                <Text size="sm">{row.term}</Text>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {rankText(row.previousRank, t)} → {rankText(row.organicRank, t)}
                  </Text>
                  <RankChange change={row.change} />
                </Group>
              </Group>
            ))}
          </Stack>
        )
      }
    </OverviewPanel>
  );
}
