// Movement between stages week by week: a line per stage (the overview's chart library) and a
// table of how many keywords moved forward or back against the week before.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Stack, Table } from '@mantine/core';
import { KEYWORD_STAGES, type KeywordJourneyWeek } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';

const STAGE_COLORS = ['gray.5', 'blue.6', 'orange.6', 'teal.6', 'grape.6'];

export function StageMovement({
  weeks,
  weekLabel,
}: {
  weeks: KeywordJourneyWeek[];
  weekLabel(week: KeywordJourneyWeek): string;
}) {
  const { t } = useTranslation();
  const data = weeks.map((week) => ({ week: weekLabel(week), ...week.stageCounts }));
  return (
    <Stack gap="md">
      <LineChart
        h={240}
        data={data}
        dataKey="week"
        withLegend
        aria-label={t('keywordJourney.movement.chartLabel')}
        series={KEYWORD_STAGES.map((stage, index) => ({
          name: stage,
          label: t(`keywordJourney.stages.${stage}`),
          color: STAGE_COLORS[index]!,
        }))}
      />
      <Table striped data-testid="stage-movement-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keywordJourney.movement.week')}</Table.Th>
            {KEYWORD_STAGES.map((stage) => (
              <Table.Th key={stage} ta="right">
                {t(`keywordJourney.stages.${stage}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('keywordJourney.movement.forward')}</Table.Th>
            <Table.Th ta="right">{t('keywordJourney.movement.back')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((week) => (
            <Table.Tr key={week.start}>
              <Table.Td>{weekLabel(week)}</Table.Td>
              {KEYWORD_STAGES.map((stage) => (
                <Table.Td key={stage} ta="right">
                  {formatInteger(week.stageCounts[stage])}
                </Table.Td>
              ))}
              <Table.Td ta="right" c="teal.7">
                {formatInteger(week.forward)}
              </Table.Td>
              <Table.Td ta="right" c="red.7">
                {formatInteger(week.back)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
