// The columns of each tab's table: the pinned name, the level's entity columns, then every metric
// Apple's reports fill (the contracts registry). Which of them show is the user's choice.
import {
  METRICS,
  METRIC_KEYS,
  type GoalCounts,
  type MetricCounts,
  type MetricKey,
  type ReportRow,
  type ReportSortColumn,
} from '@tapwise/contracts';
import { memo, type ComponentType } from 'react';
import { formatMetric } from '../../../shared/format/metric-format';
import type { VisibleTab } from '../url-state';
import {
  BidValueCell,
  NameCell,
  StatusCell,
  codeCell,
  moneyCell,
  nameOrCountCell,
  textCell,
  type CellProps,
} from './cells';
import { GOAL_COLUMNS } from './goal-columns';
import { rowCurrency } from './row-values';

export interface TableColumn {
  key: string;
  /** Translation key of the header. */
  labelKey: string;
  width: number;
  numeric?: boolean;
  sortKey?: ReportSortColumn;
  Cell: ComponentType<CellProps>;
  /** The totals row's text, for columns that add up; goal columns read the goal counts too. */
  total?(totals: MetricCounts, currency: string, goalCounts?: GoalCounts | null): string;
  /** Money: a converted total is marked as such. */
  money?: boolean;
}

export const NAME_COLUMN: TableColumn = {
  key: 'name',
  labelKey: 'adsManager.columns.name',
  width: 260,
  sortKey: 'name',
  Cell: NameCell,
};

function metricColumn(metric: MetricKey): TableColumn {
  // Each cell computes its one value: cheap, and nothing kept per row (a cache keyed by rows
  // made every full garbage collection walk twenty thousand entries while scrolling).
  const valueOf = METRICS[metric].value;
  return {
    key: metric,
    labelKey: `overview.metrics.${metric}`,
    width: 130,
    numeric: true,
    sortKey: metric,
    Cell: memo(function MetricCell({ row }: CellProps) {
      return formatMetric(metric, valueOf(row.counts), rowCurrency(row));
    }),
    total: (totals, currency) => formatMetric(metric, valueOf(totals), currency),
    money: METRICS[metric].kind === 'money',
  };
}

export const METRIC_COLUMNS: readonly TableColumn[] = METRIC_KEYS.map(metricColumn);

const column = (
  key: string,
  width: number,
  Cell: ComponentType<CellProps>,
  sortKey?: ReportSortColumn,
): TableColumn => ({ key, labelKey: `adsManager.columns.${key}`, width, Cell, sortKey });

/** An amount of money: right-aligned and, like the metrics, sorted largest first. */
const moneyColumn = (
  key: string,
  width: number,
  Cell: ComponentType<CellProps>,
  sortKey?: ReportSortColumn,
): TableColumn => ({ ...column(key, width, Cell, sortKey), numeric: true });

const detail = (read: (row: ReportRow) => string | number | null | undefined) =>
  textCell((row) => {
    const value = read(row);
    return value === null || value === undefined ? null : String(value);
  });

const status = column('status', 200, StatusCell, 'status');
const campaignName = column(
  'campaign',
  200,
  nameOrCountCell(
    (row) => row.details.campaignName,
    (row) => row.details.campaignCount,
    'adsManager.table.campaignCount',
  ),
);
const adGroupName = column(
  'adGroup',
  200,
  nameOrCountCell(
    (row) => row.details.adGroupName,
    (row) => row.details.adGroupCount,
    'adsManager.table.adGroupCount',
  ),
);
const appName = column(
  'app',
  180,
  detail((row) => row.details.appName),
);
const matchType = column(
  'matchType',
  120,
  codeCell('adsManager.matchTypes', (row) => row.details.matchType),
  'matchType',
);
const creativeType = column(
  'creativeType',
  180,
  codeCell('adsManager.creativeTypes', (row) => row.details.creativeType),
);
const campaignCount = column(
  'campaignCount',
  120,
  detail((row) => row.details.campaignCount),
);

/** The entity columns of each tab, after the name. */
const ENTITY_COLUMNS: Record<VisibleTab, readonly TableColumn[]> = {
  accounts: [
    campaignCount,
    column(
      'currency',
      100,
      detail((row) => row.details.currency),
    ),
    column(
      'timeZone',
      180,
      detail((row) => row.details.timeZone),
    ),
  ],
  apps: [campaignCount],
  campaigns: [
    status,
    appName,
    moneyColumn(
      'dailyBudget',
      140,
      moneyCell((row) => row.details.dailyBudgetMicros),
      'dailyBudget',
    ),
    column(
      'countries',
      180,
      detail((row) => row.details.countriesOrRegions?.join(', ')),
    ),
  ],
  adGroups: [
    status,
    campaignName,
    moneyColumn(
      'defaultBid',
      130,
      moneyCell((row) => row.details.defaultBidMicros),
      'defaultBid',
    ),
    moneyColumn(
      'cpaGoal',
      130,
      moneyCell((row) => row.details.cpaGoalMicros),
    ),
  ],
  keywords: [
    status,
    matchType,
    moneyColumn('bid', 150, BidValueCell, 'bid'),
    adGroupName,
    campaignName,
  ],
  creativeSets: [status, creativeType, adGroupName, campaignName],
  searchTerms: [
    column(
      'source',
      130,
      codeCell('adsManager.sources', (row) => row.details.searchTermSource),
    ),
    column(
      'keyword',
      180,
      detail((row) => row.details.keywordText),
    ),
    matchType,
    adGroupName,
    campaignName,
  ],
  negativeKeywords: [status, matchType, adGroupName, campaignName],
  ads: [status, creativeType, adGroupName, campaignName],
};

/**
 * Negative keywords have no results; every other tab offers every metric, and the goal metrics
 * while a goal is picked.
 */
export function columnsOf(tab: VisibleTab, withGoal = false): readonly TableColumn[] {
  if (tab === 'negativeKeywords') return ENTITY_COLUMNS[tab];
  return withGoal
    ? [...ENTITY_COLUMNS[tab], ...METRIC_COLUMNS, ...GOAL_COLUMNS]
    : [...ENTITY_COLUMNS[tab], ...METRIC_COLUMNS];
}

const DEFAULT_METRICS: readonly MetricKey[] = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'ttr',
  'conversionRate',
  'avgCpt',
  'avgCpa',
];

/** What a tab shows until the user chooses: its entity columns and the main metrics. */
export function defaultColumnKeys(tab: VisibleTab): string[] {
  const metrics = tab === 'negativeKeywords' ? [] : DEFAULT_METRICS;
  return [...ENTITY_COLUMNS[tab].map((entry) => entry.key), ...metrics];
}

/** The chosen columns in order, known keys only (a saved view may name retired columns). */
export function visibleColumns(
  tab: VisibleTab,
  keys: readonly string[],
  withGoal = false,
): TableColumn[] {
  const available = new Map(columnsOf(tab, withGoal).map((entry) => [entry.key, entry]));
  return keys.flatMap((key) => available.get(key) ?? []);
}
