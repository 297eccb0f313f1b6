// What each dataset of a background export needs: the permission that reads it, the schema of
// its export input, and how to open it as a table for the shared writer. A dataset not listed
// here is refused by startExport (docs/exports.md says which are still to come).
import {
  ruleLogsExportInput,
  type ExportDataset,
  type Permission,
  type ReportExportFormat,
} from '@tapwise/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { reportExportQuestion, reportExportTable } from '../ads-manager/report-export.service';
import { ruleLogsExportTable } from '../automation/rule-logs-export';
import type { TableFile } from './table-file';

export interface OpenedTable {
  fileName: string;
  /** Rows the file will hold. */
  total: number;
  table: TableFile;
}

interface ExportDatasetDefinition<Schema extends z.ZodType> {
  permission: Permission;
  input: Schema;
  open(
    db: Database,
    teamId: string,
    input: z.infer<Schema>,
    format: ReportExportFormat,
  ): Promise<OpenedTable>;
}

const define = <Schema extends z.ZodType>(definition: ExportDatasetDefinition<Schema>) =>
  definition as unknown as ExportDatasetDefinition<z.ZodType>;

export const EXPORT_DATASET_DEFINITIONS: Record<
  ExportDataset,
  ExportDatasetDefinition<z.ZodType>
> = {
  adsManager: define({
    permission: 'adsManager.read',
    input: reportExportQuestion,
    open: reportExportTable,
  }),
  ruleLogs: define({
    permission: 'automationRules.read',
    input: ruleLogsExportInput,
    open: ruleLogsExportTable,
  }),
};
