// A tracked keyword day by day: organic rank as a line on an inverted axis (1 at the top), the
// company's spend on the same keyword as bars on the right axis. Loaded on its own (charting code).
import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { RankPoint } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';

export default function RankHistoryChart(props: { points: RankPoint[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const dayLabel = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const data = props.points.map((point) => ({
    label: dayLabel.format(new Date(`${point.day}T00:00:00Z`)),
    rank: point.organicRank,
    spend: Number(point.localSpend),
  }));
  return (
    <CompositeChart
      h={280}
      data={data}
      dataKey="label"
      withLegend
      connectNulls={false}
      withRightYAxis
      yAxisLabel={t('organicRanking.history.rank')}
      rightYAxisLabel={`${t('organicRanking.history.spend')} (${props.currency})`}
      yAxisProps={{ reversed: true, allowDecimals: false, domain: [1, 'auto'] }}
      series={[
        {
          name: 'spend',
          label: t('organicRanking.history.spend'),
          color: 'gray.4',
          type: 'bar',
          yAxisId: 'right',
        },
        { name: 'rank', label: t('organicRanking.history.rank'), color: 'blue.6', type: 'line' },
      ]}
    />
  );
}
