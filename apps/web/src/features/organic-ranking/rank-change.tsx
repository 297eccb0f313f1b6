// A change of organic rank: places gained in green with an up arrow, lost in red with a down one.
import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';

export function RankChange({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null || change === 0) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('organicRanking.change.none')}>
        –
      </Text>
    );
  }
  const gained = change > 0;
  const Icon = gained ? IconArrowUpRight : IconArrowDownRight;
  const label = t(gained ? 'organicRanking.change.up' : 'organicRanking.change.down', {
    places: Math.abs(change),
  });
  return (
    <Group gap={2} c={gained ? 'teal.7' : 'red.7'} wrap="nowrap" aria-label={label} title={label}>
      <Icon size={16} aria-hidden />
      <Text size="sm" inherit>
        {formatInteger(Math.abs(change))}
      </Text>
    </Group>
  );
}

/** A rank as shown: its number, or a dash when the app is not in the first 200 results. */
export function rankText(rank: number | null, t: (key: string) => string): string {
  return rank === null ? t('organicRanking.notRanked') : formatInteger(rank);
}
