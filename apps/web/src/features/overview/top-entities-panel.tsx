// The top 10 keywords or ad groups of the period, ranked on the server by the metric whose column
// header was clicked (a second click flips the order). Each row opens the entity in the ads
// manager.
import { Anchor, Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import {
  metricValues,
  type GoalMetricKey,
  type MetricKey,
  type TopEntityRow,
} from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMetric } from '../../shared/format/metric-format';
import { rowGoalValues } from '../goals/goal-values';
import type { AppKey } from './use-overview-selection';
import type { TopEntityKind } from './overview-api';
import { OverviewPanel } from '../../shared/ui/panel';
import type { TopSort } from './use-overview-panels';

export const TOP_TABLE_METRICS = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'ttr',
  'conversionRate',
  'avgCpt',
  'avgCpa',
] as const satisfies readonly MetricKey[];

/** Shown, and sortable, while a goal is picked. */
export const TOP_GOAL_METRICS = [
  'goals',
  'costPerGoal',
  'goalsRoas',
] as const satisfies readonly GoalMetricKey[];

type TopMetric = MetricKey | GoalMetricKey;
const isGoalMetric = (metric: TopMetric) =>
  (TOP_GOAL_METRICS as readonly TopMetric[]).includes(metric);

/** Where a row leads: the ads manager's tab for the entity, filtered down to it. */
export function adsManagerLink(kind: TopEntityKind, app: AppKey, row: TopEntityRow): string {
  const params = new URLSearchParams({
    tab: kind,
    orgId: String(app.adAccountId),
    adamId: String(app.adamId),
    campaignId: String(row.campaignId),
    adGroupId: String(row.adGroupId),
  });
  if (kind === 'keywords') params.set('keywordId', String(row.id));
  return `/ads-manager?${params.toString()}`;
}

export function nextSort(current: TopSort, param: TopMetric): TopSort {
  return current.param === param
    ? { param, sortDesc: !current.sortDesc }
    : { param, sortDesc: true };
}

function SortHeader(props: { metric: TopMetric; sort: TopSort; onSort(sort: TopSort): void }) {
  const { t } = useTranslation();
  const active = props.sort.param === props.metric;
  const Icon = !active ? IconSelector : props.sort.sortDesc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      aria-sort={active ? (props.sort.sortDesc ? 'descending' : 'ascending') : 'none'}
      style={{ whiteSpace: 'nowrap', textAlign: 'right' }}
    >
      <UnstyledButton
        onClick={() => props.onSort(nextSort(props.sort, props.metric))}
        fz="sm"
        fw={active ? 700 : 500}
      >
        {t(
          isGoalMetric(props.metric)
            ? `goals.metrics.${props.metric}`
            : `overview.metrics.${props.metric}`,
        )}{' '}
        <Icon size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
      </UnstyledButton>
    </Table.Th>
  );
}

export function TopEntitiesPanel(props: {
  kind: TopEntityKind;
  app: AppKey;
  query: UseQueryResult<TopEntityRow[]>;
  currency: string;
  sort: TopSort;
  onSortChange(sort: TopSort): void;
  /** A goal is picked: its columns show beside Apple's. */
  withGoal: boolean;
}) {
  const { t } = useTranslation();
  const { kind } = props;
  const metrics: readonly TopMetric[] = props.withGoal
    ? [...TOP_TABLE_METRICS, ...TOP_GOAL_METRICS]
    : TOP_TABLE_METRICS;
  return (
    <OverviewPanel
      title={t(`overview.top.${kind}`)}
      query={props.query}
      skeletonHeight={320}
      testId={`top-${kind}`}
    >
      {(rows) =>
        rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`overview.top.${kind}Empty`)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`overview.top.${kind}Column`)}</Table.Th>
                  <Table.Th>{t('overview.top.campaign')}</Table.Th>
                  {metrics.map((metric) => (
                    <SortHeader
                      key={metric}
                      metric={metric}
                      sort={props.sort}
                      onSort={props.onSortChange}
                    />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const values = {
                    ...metricValues(row.counts),
                    ...rowGoalValues(row.counts, row.goalCounts),
                  };
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Anchor component={Link} to={adsManagerLink(kind, props.app, row)} fz="sm">
                          {row.name}
                        </Anchor>
                        {row.matchType && (
                          <Badge size="xs" variant="light" color="gray" ml={6}>
                            {t(`overview.matchTypes.${row.matchType}`, {
                              defaultValue: row.matchType,
                            })}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{row.campaignName}</Table.Td>
                      {metrics.map((metric) => (
                        <Table.Td key={metric} style={{ textAlign: 'right' }}>
                          {formatMetric(metric, values[metric], props.currency)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </OverviewPanel>
  );
}
