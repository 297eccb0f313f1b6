// A research result table: a text filter, from–to filters on the columns that offer them, sorting
// by any column, a CSV or XLSX of what is shown, an optional checkbox per row, and virtualised rows (only
// those in view are in the DOM, so a thousand rows sort and scroll without a long task).
import {
  Button,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/files/download-file';
import { NO_VALUE } from '../../../shared/format/metric-format';
import { notifyError } from '../../../shared/ui/notify';
import classes from './research-table.module.css';
import {
  filterRows,
  rowsCsv,
  sortRows,
  type NumberRange,
  type ResearchColumn,
  type RowFilter,
  type RowSort,
} from './table-rows';
import { rowsXlsx } from './table-xlsx';

const ROW_HEIGHT = 40;
const TABLE_HEIGHT = 560;
const OVERSCAN = 4;
const SELECT_WIDTH = 44;

export interface ResearchTableProps<Row> {
  /** Names the table for screen readers. */
  label: string;
  rows: readonly Row[];
  columns: readonly ResearchColumn<Row>[];
  rowKey(row: Row): string;
  /** The text the filter box searches. */
  textOf(row: Row): string;
  /** The exported file's name, without its extension. */
  fileName: string;
  initialSort?: RowSort;
  /** With a selection: a checkbox per row and one for every row shown. */
  selection?: { selected: ReadonlySet<string>; onChange(selected: Set<string>): void };
  /** Actions beside the filters (for the selection). */
  actions?: ReactNode;
}

export function ResearchTable<Row>(props: ResearchTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, rowKey, textOf } = props;
  const [filter, setFilter] = useState<RowFilter>({ text: '', ranges: {} });
  const [sort, setSort] = useState<RowSort | undefined>(props.initialSort);
  const filtered = useMemo(
    () => filterRows(props.rows, columns, textOf, filter),
    [props.rows, columns, textOf, filter],
  );
  const shown = useMemo(
    () =>
      sortRows(
        filtered,
        columns.find((column) => column.key === sort?.key),
        sort?.desc ?? false,
      ),
    [filtered, columns, sort],
  );
  function exportCsv() {
    downloadFile(
      `${props.fileName}.csv`,
      new Blob([rowsCsv(columns, shown)], { type: 'text/csv;charset=utf-8' }),
    );
  }
  const exportXlsx = useMutation({
    mutationFn: () => rowsXlsx(columns, shown),
    onSuccess: (file) => downloadFile(`${props.fileName}.xlsx`, file),
    onError: () => notifyError(t('keywordAnalysis.table.exportFailed')),
  });

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <FilterInputs filter={filter} columns={columns} onChange={setFilter} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={shown.length === 0}
          onClick={exportCsv}
        >
          {t('keywordAnalysis.table.exportCsv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={shown.length === 0}
          loading={exportXlsx.isPending}
          onClick={() => exportXlsx.mutate()}
        >
          {t('keywordAnalysis.table.exportXlsx')}
        </Button>
        {props.actions}
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('keywordAnalysis.table.count', { shown: shown.length, total: props.rows.length })}
      </Text>
      <VirtualRows
        label={props.label}
        rows={shown}
        columns={columns}
        rowKey={rowKey}
        sort={sort}
        onSort={setSort}
        selection={props.selection}
      />
    </Stack>
  );
}

/** The filters do not change when the rows are sorted: kept out of a sort's render. */
const FilterInputs = memo(function FilterInputs(props: {
  filter: RowFilter;
  columns: readonly ResearchColumn<never>[];
  onChange: Dispatch<SetStateAction<RowFilter>>;
}) {
  const { t } = useTranslation();
  const { onChange } = props;
  return (
    <>
      <TextInput
        label={t('keywordAnalysis.table.filter')}
        value={props.filter.text}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onChange((current) => ({ ...current, text }));
        }}
      />
      {props.columns
        .filter((column) => column.range)
        .map((column) => (
          <RangeFilter
            key={column.key}
            label={column.label}
            range={props.filter.ranges[column.key] ?? {}}
            onChange={(range) =>
              onChange((current) => ({
                ...current,
                ranges: { ...current.ranges, [column.key]: range },
              }))
            }
          />
        ))}
    </>
  );
});

function RangeFilter(props: {
  label: string;
  range: NumberRange;
  onChange(range: NumberRange): void;
}) {
  const { t } = useTranslation();
  const bound = (value: string | number) =>
    value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <NumberInput
        w={110}
        label={t('keywordAnalysis.table.from', { column: props.label })}
        value={props.range.min ?? ''}
        onChange={(value) => props.onChange({ ...props.range, min: bound(value) })}
      />
      <NumberInput
        w={110}
        label={t('keywordAnalysis.table.to', { column: props.label })}
        value={props.range.max ?? ''}
        onChange={(value) => props.onChange({ ...props.range, max: bound(value) })}
      />
    </Group>
  );
}

function VirtualRows<Row>(props: {
  label: string;
  rows: readonly Row[];
  columns: readonly ResearchColumn<Row>[];
  rowKey(row: Row): string;
  sort: RowSort | undefined;
  onSort(sort: RowSort): void;
  selection: ResearchTableProps<Row>['selection'];
}) {
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
  const { selection, rowKey, rows } = props;
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width =
    (selection ? SELECT_WIDTH : 0) + props.columns.reduce((sum, column) => sum + column.width, 0);
  const allSelected = useMemo(
    () =>
      selection !== undefined &&
      rows.length > 0 &&
      rows.every((row) => selection.selected.has(rowKey(row))),
    [rows, rowKey, selection],
  );

  // Stable while scrolling, so the rows kept in view are not rendered again.
  const toggle = useCallback(
    (key: string) => {
      if (!selection) return;
      const next = new Set(selection.selected);
      if (!next.delete(key)) next.add(key);
      selection.onChange(next);
    },
    [selection],
  );

  return (
    <div
      ref={scrollRef}
      style={
        {
          maxHeight: TABLE_HEIGHT,
          overflow: 'auto',
          '--research-row-height': `${ROW_HEIGHT}px`,
        } as CSSProperties
      }
      // The test helper giving report tables a height in jsdom looks for this id.
      data-testid="report-table-scroller"
    >
      <Table
        style={{ width, minWidth: '100%', tableLayout: 'fixed' }}
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
      >
        <colgroup>
          {selection && <col style={{ width: SELECT_WIDTH }} />}
          {props.columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <Table.Thead
          style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}
        >
          <Table.Tr>
            {selection && (
              <Table.Th>
                <input
                  type="checkbox"
                  aria-label={t('keywordAnalysis.table.selectAll')}
                  checked={allSelected}
                  disabled={rows.length === 0}
                  onChange={(event) =>
                    selection.onChange(
                      event.currentTarget.checked ? new Set(rows.map(rowKey)) : new Set(),
                    )
                  }
                />
              </Table.Th>
            )}
            {props.columns.map((column) => (
              <SortHeader
                key={column.key}
                column={column}
                sort={props.sort}
                onSort={props.onSort}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
          {items.map((item) => {
            const row = rows[item.index]!;
            const key = rowKey(row);
            return (
              <ResearchRow
                key={key}
                row={row}
                rowKey={key}
                index={item.index}
                columns={props.columns}
                selectable={selection !== undefined}
                selected={selection?.selected.has(key) ?? false}
                onToggle={toggle}
              />
            );
          })}
          {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function SortHeader<Row>(props: {
  column: ResearchColumn<Row>;
  sort: RowSort | undefined;
  onSort(sort: RowSort): void;
}) {
  const { column, sort } = props;
  const active = sort?.key === column.key;
  const Icon = !active ? IconArrowsSort : sort.desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      style={column.numeric ? { textAlign: 'right' } : undefined}
      aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <UnstyledButton
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
        // Text sorts A to Z first, numbers largest first.
        onClick={() =>
          props.onSort({ key: column.key, desc: active ? !sort.desc : column.numeric === true })
        }
      >
        <span>{column.label}</span>
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

const CELL = classes.cell;
const NUMERIC_CELL = `${classes.cell} ${classes.numeric}`;

// Generic components lose their type through memo: rows are typed by the table above.
const ResearchRow = memo(function ResearchRow(props: {
  row: unknown;
  rowKey: string;
  index: number;
  columns: readonly ResearchColumn<unknown>[];
  selectable: boolean;
  selected: boolean;
  onToggle(key: string): void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  return (
    <tr className={classes.row} aria-rowindex={props.index + 2} aria-selected={props.selected}>
      {props.selectable && (
        <td className={CELL}>
          <input
            type="checkbox"
            aria-label={t('keywordAnalysis.table.selectRow', { name: props.rowKey })}
            checked={props.selected}
            onChange={() => props.onToggle(props.rowKey)}
          />
        </td>
      )}
      {props.columns.map((column) => (
        <td key={column.key} className={column.numeric ? NUMERIC_CELL : CELL}>
          {column.render ? column.render(row) : (column.value(row) ?? NO_VALUE)}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: {
  row: Row;
  rowKey: string;
  index: number;
  columns: readonly ResearchColumn<Row>[];
  selectable: boolean;
  selected: boolean;
  onToggle(key: string): void;
}) => ReactNode;
