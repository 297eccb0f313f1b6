// The rule logs as a table for the shared writer (CSV or XLSX), with the logs page's filters:
// read by the direct download and by background export jobs alike.
import {
  ruleLogLineTexts,
  RULE_LOGS_CSV_COLUMNS,
  type ExportCell,
  type ReportExportFormat,
  type ruleLogsExportInput,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import type { TableFile } from '../exports/table-file';
import { listRuleLogLines } from './rule-logs.repository';

/** Enough for a year of hourly runs of a busy rule; a bigger export narrows its filters. */
export const RULE_LOGS_EXPORT_MAX_LINES = 50_000;
/** Lines per page written (and per progress step of a background export). */
const PAGE_LINES = 1_000;

type RuleLogFilters = ReturnType<typeof ruleLogsExportInput.parse>;

export async function ruleLogsExportTable(
  db: Database,
  teamId: string,
  filters: RuleLogFilters,
  format: ReportExportFormat,
): Promise<{ fileName: string; total: number; table: TableFile }> {
  const lines = await listRuleLogLines(db, teamId, filters, RULE_LOGS_EXPORT_MAX_LINES);
  const cells = lines.map(({ entry, change }): ExportCell[] =>
    ruleLogLineTexts({ entry: { ...entry, at: entry.at.toISOString() }, change }).map((value) => ({
      kind: 'text',
      value,
    })),
  );
  async function* pages() {
    for (let start = 0; start < cells.length; start += PAGE_LINES)
      yield cells.slice(start, start + PAGE_LINES);
  }
  const day = new Date().toISOString().slice(0, 10);
  return {
    fileName: `tapwise-rule-logs-${day}.${format}`,
    total: cells.length,
    table: { headings: RULE_LOGS_CSV_COLUMNS, pages: pages() },
  };
}
