// The report table: a pinned selection and name column, the chosen columns with server-side
// sorting, totals rows (one per currency, and the converted total), and virtualised rows — only the rows in view are in the DOM, so "All"
// with tens of thousands of rows scrolls smoothly.
import { Checkbox, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  LEVELS_WITH_STATUS,
  type ConvertedTotals,
  type DELETED_ROW_TOOLTIPS,
  type ReportLevel,
  type ReportRow,
  type ReportSortColumn,
  type ReportTotals,
} from '@tapwise/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { RowActionsCell } from './cells';
import { NAME_COLUMN, type TableColumn } from './columns';
import classes from './report-table.module.css';

const ROW_HEIGHT = 40;
const TABLE_HEIGHT = 560;
/**
 * Rows rendered beyond the visible ones, so the wheel does not show blanks. Few: dragging the
 * scrollbar replaces every rendered row each frame.
 */
const OVERSCAN = 2;
/**
 * How many rows are rendered at most: those in view, one cut at each edge, and the overscan.
 * Rendered rows are keyed by their place modulo this, so a row scrolled in takes over the
 * elements of one scrolled out, updated rather than removed and created again (most of the cost
 * of a quick scroll).
 */
const ROW_SLOTS = Math.ceil(TABLE_HEIGHT / ROW_HEIGHT) + 1 + 2 * OVERSCAN;
const SELECT_WIDTH = 44;
const ACTIONS_WIDTH = 56;

/** Which tooltip key a deleted row's disabled checkbox shows (spec 1 §2). */
const DELETED_TOOLTIP_KEY: Partial<Record<ReportLevel, keyof typeof DELETED_ROW_TOOLTIPS>> = {
  campaigns: 'campaign',
  adGroups: 'adGroup',
  keywords: 'keyword',
  negativeKeywords: 'keyword',
};

export interface ReportTableProps {
  level: ReportLevel;
  rows: readonly ReportRow[];
  columns: readonly TableColumn[];
  totals: ReportTotals | undefined;
  sortBy: ReportSortColumn;
  sortDesc: boolean;
  onSort(sortBy: ReportSortColumn, sortDesc: boolean): void;
  selectedIds: ReadonlySet<string>;
  onToggleRow(row: ReportRow): void;
  onToggleAll(selected: boolean): void;
}

/** Pinned cells stay on the left while the other columns scroll under them. */
const pinned = (left: number): CSSProperties => ({
  position: 'sticky',
  left,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
});
const stickyEdge = (edge: 'top' | 'bottom'): CSSProperties => ({
  position: 'sticky',
  [edge]: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
});
const NUMERIC: CSSProperties = { textAlign: 'right' };
const cellStyle = (column: TableColumn) => (column.numeric ? NUMERIC : undefined);

export function ReportTable(props: ReportTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser's functions are only read during this render, never memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const withActions = LEVELS_WITH_STATUS.includes(props.level);
  const width =
    SELECT_WIDTH +
    NAME_COLUMN.width +
    props.columns.reduce((sum, entry) => sum + entry.width, 0) +
    (withActions ? ACTIONS_WIDTH : 0);
  const items = virtualizer.getVirtualItems();
  const slots = Math.max(ROW_SLOTS, items.length);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  // Scrolling renders this component every frame: what depends on every row is worked out only
  // when the rows or the selection change.
  const selection = useMemo(() => {
    const selectable = props.rows.filter((row) => !row.deleted);
    const all = selectable.length > 0 && selectable.every((row) => props.selectedIds.has(row.id));
    const some = selectable.some((row) => props.selectedIds.has(row.id));
    return { none: selectable.length === 0, all, some };
  }, [props.rows, props.selectedIds]);

  return (
    <div
      ref={scrollRef}
      style={
        {
          maxHeight: TABLE_HEIGHT,
          overflow: 'auto',
          '--report-select-width': `${SELECT_WIDTH}px`,
          '--report-row-height': `${ROW_HEIGHT}px`,
        } as CSSProperties
      }
      data-testid="report-table-scroller"
    >
      <Table
        style={{ width, minWidth: '100%', tableLayout: 'fixed' }}
        aria-label={t('adsManager.table.label')}
        aria-rowcount={props.rows.length + 2}
        data-testid="report-table"
      >
        <TableHead
          columns={props.columns}
          withActions={withActions}
          sortBy={props.sortBy}
          sortDesc={props.sortDesc}
          onSort={props.onSort}
          selection={selection}
          onToggleAll={props.onToggleAll}
        />
        <Table.Tbody>
          {paddingTop > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
          {items.map((item) => {
            const row = props.rows[item.index]!;
            return (
              <ReportTableRow
                key={item.index % slots}
                row={row}
                index={item.index}
                columns={props.columns}
                withActions={withActions}
                selected={props.selectedIds.has(row.id)}
                onToggle={props.onToggleRow}
              />
            );
          })}
          {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
        </Table.Tbody>
        {props.totals && (
          <TotalsRows columns={props.columns} totals={props.totals} withActions={withActions} />
        )}
      </Table>
    </div>
  );
}

/** Column widths, the sort headers and the select-all box; unchanged while the rows scroll. */
const TableHead = memo(function TableHead(props: {
  columns: readonly TableColumn[];
  withActions: boolean;
  sortBy: ReportSortColumn;
  sortDesc: boolean;
  onSort(sortBy: ReportSortColumn, sortDesc: boolean): void;
  selection: { none: boolean; all: boolean; some: boolean };
  onToggleAll(selected: boolean): void;
}) {
  const { t } = useTranslation();
  const columns = [NAME_COLUMN, ...props.columns];
  const { selection } = props;
  return (
    <>
      <colgroup>
        <col style={{ width: SELECT_WIDTH }} />
        {columns.map((entry) => (
          <col key={entry.key} style={{ width: entry.width }} />
        ))}
        {props.withActions && <col style={{ width: ACTIONS_WIDTH }} />}
      </colgroup>
      <Table.Thead style={stickyEdge('top')}>
        <Table.Tr>
          <Table.Th style={pinned(0)}>
            <Checkbox
              size="xs"
              aria-label={t('adsManager.table.selectAll')}
              checked={selection.all}
              indeterminate={selection.some && !selection.all}
              disabled={selection.none}
              onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
            />
          </Table.Th>
          {columns.map((entry) => (
            <HeaderCell
              key={entry.key}
              column={entry}
              sortBy={props.sortBy}
              sortDesc={props.sortDesc}
              onSort={props.onSort}
            />
          ))}
          {props.withActions && (
            <Table.Th>
              <VisuallyHidden>{t('adsManager.columns.actions')}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
    </>
  );
});

/**
 * The totals of every matching row, pinned under the table and unchanged while the rows scroll:
 * one row per currency (money of two currencies is never added), then, when any is not the
 * reporting currency, every row's total in the reporting currency, its money converted at each
 * day's reference rate and marked "≈".
 */
const TotalsRows = memo(function TotalsRows(props: {
  columns: readonly TableColumn[];
  totals: ReportTotals;
  withActions: boolean;
}) {
  const { t } = useTranslation();
  const { byCurrency, converted } = props.totals;
  const several = byCurrency.length > 1 || converted !== null;
  return (
    <Table.Tfoot style={stickyEdge('bottom')}>
      {byCurrency.map(({ currency, counts, goalCounts }) => (
        <Table.Tr key={currency} data-testid="totals-row" data-currency={currency}>
          <Table.Td style={pinned(0)} />
          <Table.Td style={pinned(SELECT_WIDTH)}>
            <Text size="sm" fw={700}>
              {several
                ? t('adsManager.table.totalsIn', { currency })
                : t('adsManager.table.totals')}
            </Text>
          </Table.Td>
          {props.columns.map((entry) => (
            <Table.Td key={entry.key} style={cellStyle(entry)}>
              <Text size="sm" fw={700} data-testid={`total-${entry.key}`}>
                {entry.total?.(counts, currency, goalCounts) ?? ''}
              </Text>
            </Table.Td>
          ))}
          {props.withActions && <Table.Td />}
        </Table.Tr>
      ))}
      {converted && (
        <ConvertedTotalsRow
          columns={props.columns}
          converted={converted}
          withActions={props.withActions}
        />
      )}
    </Table.Tfoot>
  );
});

function ConvertedTotalsRow(props: {
  columns: readonly TableColumn[];
  converted: ConvertedTotals;
  withActions: boolean;
}) {
  const { t } = useTranslation();
  const { currency, counts, goalCounts, unconvertible } = props.converted;
  const rates = t(`currency.sources.${props.converted.source ?? 'none'}`);
  const explanation = counts
    ? t('adsManager.table.convertedTooltip', { currency, rates })
    : t('adsManager.table.notConverted', { currencies: unconvertible.join(', ') });
  return (
    <Table.Tr data-testid="converted-totals-row" data-currency={currency}>
      <Table.Td style={pinned(0)} />
      <Table.Td style={pinned(SELECT_WIDTH)}>
        <Tooltip label={explanation} multiline w={300} withArrow>
          <div tabIndex={0} aria-label={explanation}>
            <Text size="sm" fw={700}>
              {t('adsManager.table.convertedTotal', { currency })}
            </Text>
            <Text size="xs" c="dimmed" data-testid="converted-note">
              {counts
                ? t('adsManager.table.convertedAt', { rates })
                : t('adsManager.table.notConvertedShort')}
            </Text>
          </div>
        </Tooltip>
      </Table.Td>
      {props.columns.map((entry) => {
        const text = counts ? (entry.total?.(counts, currency, goalCounts) ?? '') : '';
        return (
          <Table.Td key={entry.key} style={cellStyle(entry)}>
            <Text size="sm" fw={700} fs="italic" data-testid={`converted-total-${entry.key}`}>
              {entry.money && text ? `≈ ${text}` : text}
            </Text>
          </Table.Td>
        );
      })}
      {props.withActions && <Table.Td />}
    </Table.Tr>
  );
}

function HeaderCell(props: {
  column: TableColumn;
  sortBy: ReportSortColumn;
  sortDesc: boolean;
  onSort(sortBy: ReportSortColumn, sortDesc: boolean): void;
}) {
  const { t } = useTranslation();
  const { column } = props;
  const label = t(column.labelKey);
  const isName = column.key === NAME_COLUMN.key;
  const style = isName ? pinned(SELECT_WIDTH) : cellStyle(column);
  if (!column.sortKey) {
    return <Table.Th style={style}>{label}</Table.Th>;
  }
  const sortKey = column.sortKey;
  const active = props.sortBy === sortKey;
  const Icon = !active ? IconArrowsSort : props.sortDesc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      style={style}
      aria-sort={active ? (props.sortDesc ? 'descending' : 'ascending') : 'none'}
    >
      <UnstyledButton
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
        data-testid={`sort-${column.key}`}
        // Text sorts A to Z first, numbers largest first.
        onClick={() => props.onSort(sortKey, active ? !props.sortDesc : column.numeric === true)}
      >
        <span>{label}</span>
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

interface RowProps {
  row: ReportRow;
  index: number;
  columns: readonly TableColumn[];
  withActions: boolean;
  selected: boolean;
  onToggle(row: ReportRow): void;
}

// Body rows are plain elements with classes (see report-table.module.css): only the rows in view
// exist, but a quick scroll replaces all of them at once.
const CELL = classes.cell;
const NUMERIC_CELL = `${classes.cell} ${classes.numeric}`;
const PINNED_SELECT = `${classes.cell} ${classes.pinned} ${classes.pinnedSelect}`;
const PINNED_NAME = `${classes.cell} ${classes.pinned} ${classes.pinnedName}`;

const ReportTableRow = memo(function ReportTableRow(props: RowProps) {
  const { row } = props;
  return (
    <tr
      className={classes.row}
      aria-rowindex={props.index + 2}
      aria-selected={props.selected}
      data-testid="report-row"
      data-deleted={row.deleted || undefined}
    >
      <td className={PINNED_SELECT}>
        <RowCheckbox row={row} selected={props.selected} onToggle={props.onToggle} />
      </td>
      <td className={PINNED_NAME}>
        <NAME_COLUMN.Cell row={row} />
      </td>
      {props.columns.map((entry) => (
        <td key={entry.key} className={entry.numeric ? NUMERIC_CELL : CELL}>
          <entry.Cell row={row} />
        </td>
      ))}
      {props.withActions && (
        <td className={CELL}>
          <RowActionsCell row={row} />
        </td>
      )}
    </tr>
  );
});

function RowCheckbox(props: { row: ReportRow; selected: boolean; onToggle(row: ReportRow): void }) {
  const t = useFixedT();
  const { row } = props;
  if (row.deleted) {
    const tooltipKey = DELETED_TOOLTIP_KEY[row.level];
    const tooltip = tooltipKey
      ? t(`adsManager.deletedRow.${tooltipKey}`)
      : t('adsManager.deletedRow.other');
    return (
      <Tooltip label={tooltip} withinPortal>
        {/* A disabled input gets no pointer events: the wrapper carries the tooltip. */}
        <span data-testid="deleted-checkbox">
          <input type="checkbox" disabled checked={false} readOnly aria-label={tooltip} />
        </span>
      </Tooltip>
    );
  }
  return (
    <input
      type="checkbox"
      aria-label={t('adsManager.table.selectRow', { name: row.name })}
      checked={props.selected}
      onChange={() => props.onToggle(row)}
    />
  );
}
