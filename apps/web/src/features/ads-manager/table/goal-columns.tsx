// The goal columns (spec 2 §3.3), offered while a goal is picked: each value is the contracts'
// goal metric over the row's Apple counts and its goal counts, totals likewise.
import { GOAL_METRICS, GOAL_METRIC_KEYS, type GoalMetricKey } from '@tapwise/contracts';
import { memo } from 'react';
import { formatMetric } from '../../../shared/format/metric-format';
import { rowGoalValues } from '../../goals/goal-values';
import type { CellProps } from './cells';
import type { TableColumn } from './columns';
import { rowCurrency } from './row-values';

function goalColumn(metric: GoalMetricKey): TableColumn {
  return {
    key: metric,
    labelKey: `goals.metrics.${metric}`,
    width: 140,
    numeric: true,
    sortKey: metric,
    Cell: memo(function GoalMetricCell({ row }: CellProps) {
      const value = rowGoalValues(row.counts, row.goalCounts)[metric];
      return formatMetric(metric, value, rowCurrency(row));
    }),
    total: (totals, currency, goalCounts) =>
      formatMetric(metric, rowGoalValues(totals, goalCounts)[metric], currency),
    money: GOAL_METRICS[metric].kind === 'money',
  };
}

export const GOAL_COLUMNS: readonly TableColumn[] = GOAL_METRIC_KEYS.map(goalColumn);
