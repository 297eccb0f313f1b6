// Props shared by the action components.
import type { ReportLevel, ReportRow } from '@tapwise/contracts';

/** Called after a change: with the rows as they are now, or without rows to reload the table. */
export type OnChanged = (rows?: ReportRow[]) => void;

export interface RowActionProps {
  level: ReportLevel;
  row: ReportRow;
  onChanged: OnChanged;
}
