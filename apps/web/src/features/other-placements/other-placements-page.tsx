// Other placement types (spec 1 §1): the app's Search tab, Today tab and Product pages campaigns
// against its Search results campaigns over the chosen period, compared with the period before,
// with the ads manager's own numbers.
import '@mantine/dates/styles.css';
import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { metricValues, type OtherPlacements } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '../../shared/format/metric-format';
import { OverviewDates, PeriodPicker } from '../../shared/period/period-picker';
import { PeriodSummary } from '../../shared/period/period-summary';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { AppSelector } from '../overview/app-selector';
import { useOverviewSelection } from '../overview/use-overview-selection';
import { fetchOtherPlacements, otherPlacementsKeys } from './other-placements-api';
import { PLACEMENT_METRICS, PlacementSection, totalsOf } from './placement-section';

export default function OtherPlacementsPage() {
  const { t } = useTranslation();
  const selection = useOverviewSelection();
  const { app, scope } = selection;
  const placementsScope = scope && {
    adAccountId: scope.adAccountId,
    adamId: scope.adamId,
    currdate: scope.currdate,
    prevdate: scope.prevdate,
  };
  const query = useQuery({
    queryKey: otherPlacementsKeys.placements(placementsScope!),
    queryFn: ({ queryKey }) => fetchOtherPlacements(queryKey[1]),
    enabled: placementsScope !== null,
    placeholderData: (previous) => previous,
  });
  return (
    <OverviewDates>
      <PageFrame title={t('pages.otherPlacementTypes.title')}>
        {selection.apps.isPending ? (
          <Skeleton height={64} aria-label={t('common.loading')} />
        ) : selection.apps.isError ? (
          <PanelFailure onRetry={() => void selection.apps.refetch()} />
        ) : !app || !scope ? (
          <EmptyPageState
            icon={<IconApps size={28} />}
            title={t('overview.noApps.title')}
            description={t('overview.noApps.description')}
          />
        ) : (
          <Stack gap="md">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <AppSelector apps={selection.apps.data} app={app} onChange={selection.selectApp} />
              <PeriodPicker
                period={selection.period}
                range={scope.currdate}
                now={selection.now}
                onChange={selection.setPeriod}
              />
            </Group>
            <PeriodSummary
              period={selection.period}
              resolved={selection.resolved}
              comparison={{ comparedUntil: null }}
              testId="placements-comparison"
            />
            {query.isPending ? (
              <Skeleton height={320} aria-label={t('common.loading')} />
            ) : query.isError ? (
              <PanelFailure onRetry={() => void query.refetch()} />
            ) : (
              <>
                <PlacementComparison answer={query.data} currency={app.currency} />
                {query.data.placements.map((entry) => (
                  <PlacementSection key={entry.placement} entry={entry} currency={app.currency} />
                ))}
              </>
            )}
          </Stack>
        )}
      </PageFrame>
    </OverviewDates>
  );
}

/** Every placement side by side over the period, search results first: the baseline. */
function PlacementComparison({ answer, currency }: { answer: OtherPlacements; currency: string }) {
  const { t } = useTranslation();
  const columns = answer.placements.map((entry) => {
    const totals = totalsOf(entry.current, currency);
    return {
      placement: entry.placement,
      empty: entry.campaigns.length === 0,
      currency: totals.currency,
      values: metricValues(totals.counts),
    };
  });
  return (
    <Paper withBorder p="md" data-testid="placement-comparison">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('otherPlacements.comparison')}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('otherPlacements.metric')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.placement} ta="right">
                    {t(`otherPlacements.placements.${column.placement}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PLACEMENT_METRICS.map((metric) => (
                <Table.Tr key={metric}>
                  <Table.Td>{t(`overview.metrics.${metric}`)}</Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.placement} ta="right">
                      {column.empty ? (
                        <Text span c="dimmed" size="sm">
                          {t('otherPlacements.noCampaignsShort')}
                        </Text>
                      ) : (
                        formatMetric(metric, column.values[metric], column.currency)
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
