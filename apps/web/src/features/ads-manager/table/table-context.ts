// What cells need from the page besides their row: how to drill into a row, how to open a
// campaign's view, and what to do after an action changed rows. Passed by context so column definitions stay static and rows memoised.
import type { ReportRow } from '@tapwise/contracts';
import { createContext, useContext } from 'react';

export interface TableActions {
  onDrill(row: ReportRow): void;
  onOpenCampaign(row: ReportRow): void;
  onChanged(updatedRows?: ReportRow[]): void;
}

export const TableActionsContext = createContext<TableActions>({
  onDrill: () => undefined,
  onOpenCampaign: () => undefined,
  onChanged: () => undefined,
});

export const useTableActions = () => useContext(TableActionsContext);
