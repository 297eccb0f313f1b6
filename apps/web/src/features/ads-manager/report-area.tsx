// What the report's rows feed: the status sub tabs with their counts, the actions on selected
// rows and the table. With "All" the rows arrive a page at a time; each arrival re-renders this
// part of the page only, and within it only what new rows change (the table and its progress,
// the selection's select-all box), so the page stays responsive while twenty thousand rows load.
import {
  LEVELS_WITH_STATUS,
  type EntityListTab,
  type ReportPage,
  type ReportRow,
  type ReportSortColumn,
  type RowsPerPage,
} from '@tapwise/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DraftsNotice } from '../campaign-creation/drafts-notice';
import { campaignViewPath } from '../campaign-view/campaign-view-path';
import { ActionToolbar, type ActionScope } from './actions';
import { adsManagerKeys } from './ads-manager-api';
import { ReportSection } from './report-section';
import { StatusTabs } from './status-tabs';
import type { TableActions } from './table/table-context';
import type { useAdsManagerState } from './use-ads-manager-state';
import { useReport, type ReportQueryBase } from './use-report';
import { useRowSelection } from './use-row-selection';
import type { DrillScope, VisibleTab } from './url-state';

const MemoStatusTabs = memo(StatusTabs);
const MemoActionToolbar = memo(ActionToolbar);

/** Where a row's name leads: accounts and apps to their campaigns, a campaign to its ad groups. */
function drillTarget(row: ReportRow): { tab: VisibleTab; scope: DrillScope } | null {
  const adamId = row.details.adamId;
  switch (row.level) {
    case 'accounts':
      return { tab: 'campaigns', scope: { adAccountId: row.adAccountId } };
    case 'apps':
      return { tab: 'campaigns', scope: { adAccountId: row.adAccountId, adamId } };
    case 'campaigns':
      return {
        tab: 'adGroups',
        scope: { adAccountId: row.adAccountId, adamId, campaignId: Number(row.id) },
      };
    case 'adGroups':
      return {
        tab: 'keywords',
        scope: {
          adAccountId: row.adAccountId,
          adamId,
          campaignId: row.campaignId ?? undefined,
          adGroupId: Number(row.id),
        },
      };
    default:
      return null;
  }
}

export function ReportArea(props: {
  page: ReturnType<typeof useAdsManagerState>;
  base: ReportQueryBase;
  columns: readonly string[];
  /** Told the rows the view matches, for the export to choose how to run. */
  onTotal(total: number | undefined): void;
}) {
  const queryClient = useQueryClient();
  const { state, update, setPage, openTab } = props.page;
  const level = state.tab;
  const report = useReport(level, props.base, state.page, state.pageSize);
  const { onTotal } = props;
  const total = report.query.data ? report.total : undefined;
  useEffect(() => onTotal(total), [onTotal, total]);
  const selection = useRowSelection(
    report.rows,
    JSON.stringify([level, props.base, state.page, state.pageSize]),
  );

  const onChanged = useCallback(
    (updatedRows?: ReportRow[]) => {
      if (!updatedRows?.length) {
        void queryClient.invalidateQueries({ queryKey: adsManagerKeys.all });
        return;
      }
      // The rows' new entity fields; their counts stay what the report said.
      const updated = new Map(updatedRows.map((row) => [row.id, row]));
      queryClient.setQueriesData<InfiniteData<ReportPage>>(
        { queryKey: ['adsManager', 'report', level] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((part) => ({
              ...part,
              rows: part.rows.map((row) => {
                const next = updated.get(row.id);
                return next ? { ...next, counts: row.counts } : row;
              }),
            })),
          },
      );
    },
    [queryClient, level],
  );
  const navigate = useNavigate();
  const tableActions = useMemo<TableActions>(
    () => ({
      onChanged,
      onDrill: (row) => {
        const target = drillTarget(row);
        if (target) openTab(target.tab, target.scope);
      },
      onOpenCampaign: (row) => void navigate(campaignViewPath(row.id)),
    }),
    [onChanged, openTab, navigate],
  );
  const { adAccountId, adamId, campaignId, adGroupId } = state.scope;
  const scope = useMemo<ActionScope>(
    () => ({
      adAccountId,
      adamId,
      campaignIds: campaignId ? [campaignId] : undefined,
      adGroupIds: adGroupId ? [adGroupId] : undefined,
    }),
    [adAccountId, adamId, campaignId, adGroupId],
  );
  const onStatusTab = useCallback((statusTab: EntityListTab) => update({ statusTab }), [update]);
  const onSort = useCallback(
    (sortBy: ReportSortColumn, sortDesc: boolean) => update({ sortBy, sortDesc }),
    [update],
  );
  const onPageSize = useCallback((pageSize: RowsPerPage) => update({ pageSize }), [update]);

  return (
    <>
      {LEVELS_WITH_STATUS.includes(level) && (
        <MemoStatusTabs
          value={state.statusTab}
          counts={report.statusCounts}
          onChange={onStatusTab}
        />
      )}
      {level === 'campaigns' && state.statusTab === 'draft' && <DraftsNotice />}
      <MemoActionToolbar
        level={level}
        selected={selection.selectedRows}
        scope={scope}
        onChanged={onChanged}
      />
      <ReportSection
        state={state}
        report={report}
        columns={props.columns}
        withGoal={props.base.goalId !== undefined}
        actions={tableActions}
        selectedIds={selection.selectedIds}
        onToggleRow={selection.toggleRow}
        onToggleAll={selection.toggleAll}
        onSort={onSort}
        onPage={setPage}
        onPageSize={onPageSize}
      />
    </>
  );
}
