// The rows selected for the actions toolbar. A new question to the table (another tab, scope,
// filter or page) starts with nothing selected; deleted rows cannot be selected. The toggles
// keep their identity so the memoised table rows do not re-render when one row is ticked.
import type { ReportRow } from '@tapwise/contracts';
import { useCallback, useMemo, useState } from 'react';

const NOTHING: ReadonlySet<string> = new Set();
const NO_ROWS: ReportRow[] = [];

interface Selection {
  key: string;
  ids: ReadonlySet<string>;
}

export function useRowSelection(rows: readonly ReportRow[], key: string) {
  const [selection, setSelection] = useState<Selection>({ key, ids: NOTHING });
  const selectedIds = selection.key === key ? selection.ids : NOTHING;

  const toggleRow = useCallback(
    (row: ReportRow) =>
      setSelection((current) => {
        const ids = new Set(current.key === key ? current.ids : NOTHING);
        if (ids.has(row.id)) ids.delete(row.id);
        else ids.add(row.id);
        return { key, ids };
      }),
    [key],
  );
  const toggleAll = useCallback(
    (selected: boolean) =>
      setSelection({
        key,
        ids: selected ? new Set(rows.filter((row) => !row.deleted).map((row) => row.id)) : NOTHING,
      }),
    [key, rows],
  );
  // The same empty list while nothing is selected, so rows arriving do not re-render the toolbar.
  const selectedRows = useMemo(
    () => (selectedIds.size === 0 ? NO_ROWS : rows.filter((row) => selectedIds.has(row.id))),
    [rows, selectedIds],
  );
  return { selectedIds, selectedRows, toggleRow, toggleAll };
}
