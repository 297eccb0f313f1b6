// The table part of the page: its skeleton while the first page loads, a failure with a retry,
// the empty states (nothing in the period, nothing matching), or the table with its paging and
// the progress of "All".
import { Paper, Skeleton, Stack } from '@mantine/core';
import { IconSearchOff, IconTable } from '@tabler/icons-react';
import type { ReportRow, ReportSortColumn, RowsPerPage } from '@tapwise/contracts';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { LoadingProgress, Pager } from './pager';
import { visibleColumns } from './table/columns';
import { ReportTable } from './table/report-table';
import { TableActionsContext, type TableActions } from './table/table-context';
import type { useReport } from './use-report';
import type { AdsManagerState } from './url-state';

/** Its props stay the same while the pages of "All" arrive. */
const MemoPager = memo(Pager);

export function ReportSection(props: {
  state: AdsManagerState;
  report: ReturnType<typeof useReport>;
  columns: readonly string[];
  /** A goal is picked: its columns may show. */
  withGoal?: boolean;
  actions: TableActions;
  selectedIds: ReadonlySet<string>;
  onToggleRow(row: ReportRow): void;
  onToggleAll(selected: boolean): void;
  onSort(sortBy: ReportSortColumn, sortDesc: boolean): void;
  onPage(page: number): void;
  onPageSize(size: RowsPerPage): void;
}) {
  const { t } = useTranslation();
  const { state, report } = props;
  const { query } = report;
  const narrowed =
    state.search !== '' ||
    state.metricFilters.length > 0 ||
    state.matchType !== undefined ||
    state.statusTab !== 'all';

  // One array per column choice, so the memoised rows keep their props while pages load.
  const columns = useMemo(
    () => visibleColumns(state.tab, props.columns, props.withGoal),
    [state.tab, props.columns, props.withGoal],
  );

  let body;
  if (query.isPending) {
    body = <Skeleton height={400} aria-label={t('common.loading')} data-testid="table-skeleton" />;
  } else if (query.isError && report.rows.length === 0) {
    body = <PanelFailure onRetry={() => void query.refetch()} />;
  } else if (report.rows.length === 0) {
    body = narrowed ? (
      <EmptyPageState
        icon={<IconSearchOff size={28} />}
        title={t('adsManager.empty.noMatch.title')}
        description={t('adsManager.empty.noMatch.description')}
      />
    ) : (
      <EmptyPageState
        icon={<IconTable size={28} />}
        title={t('adsManager.empty.noRows.title')}
        description={t('adsManager.empty.noRows.description')}
      />
    );
  } else {
    body = (
      <TableActionsContext.Provider value={props.actions}>
        <ReportTable
          level={state.tab}
          rows={report.rows}
          columns={columns}
          totals={report.totals}
          sortBy={state.sortBy}
          sortDesc={state.sortDesc}
          onSort={props.onSort}
          selectedIds={props.selectedIds}
          onToggleRow={props.onToggleRow}
          onToggleAll={props.onToggleAll}
        />
      </TableActionsContext.Provider>
    );
  }

  return (
    <Paper withBorder p="md" aria-busy={query.isFetching} data-testid="report-section">
      <Stack gap="sm">
        {report.progress !== null && <LoadingProgress share={report.progress} />}
        {query.isError && report.rows.length > 0 && (
          <PanelFailure onRetry={() => void query.refetch()} />
        )}
        {body}
        <MemoPager
          page={state.page}
          pageSize={state.pageSize}
          total={report.total}
          onPage={props.onPage}
          onPageSize={props.onPageSize}
        />
      </Stack>
    </Paper>
  );
}
