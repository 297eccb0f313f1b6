// Exports on demand (docs/exports.md; spec 2 §7.3 exportReport): small ones download at once,
// larger ones run as a background job with progress and are then downloaded or mailed.
import { z } from 'zod';
import { ruleRunsQuerySchema } from './automation-rules';
import { REPORT_EXPORT_FORMATS } from './overview';

/**
 * What may run in the background. The overview (one app and period) and a keyword analysis
 * table (one data request's results) are small and always download at once.
 */
export const EXPORT_DATASETS = ['adsManager', 'ruleLogs'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export const EXPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** Above this many rows an export runs in the background rather than as a direct download. */
export const EXPORT_DIRECT_MAX_ROWS = 10_000;
/** A finished export's file is kept this long for download. */
export const EXPORT_FILE_TTL_MS = 24 * 60 * 60_000;

export interface ExportJob {
  id: string;
  dataset: ExportDataset;
  format: 'csv' | 'xlsx';
  status: ExportJobStatus;
  rowsDone: number;
  rowsTotal: number | null;
  fileName: string | null;
  receiverMail: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** After this the file is deleted and the job is no longer found. */
  expiresAt: string;
}

/** A finished file larger than this is mailed as a link to its download rather than attached. */
export const EXPORT_MAIL_MAX_BYTES = 10 * 1024 * 1024;

/** startExport's arguments; `input` is checked against the dataset's own schema. */
export const startExportInput = z.object({
  dataset: z.enum(EXPORT_DATASETS),
  format: z.enum(REPORT_EXPORT_FORMATS),
  input: z.unknown(),
  receiverMail: z.email('validation.emailInvalid').nullish(),
});
export type StartExportInput = z.input<typeof startExportInput>;

/** The rule logs' export input: the logs page's filters. */
export const ruleLogsExportInput = ruleRunsQuerySchema.omit({ offset: true, limit: true });

/** Pushed to the member who started an export on SOCKET_EVENTS.exportProgress. */
export type ExportJobProgress = Pick<
  ExportJob,
  'id' | 'dataset' | 'format' | 'status' | 'rowsDone' | 'rowsTotal' | 'fileName' | 'receiverMail'
>;

export const EXPORT_MESSAGES = {
  started: 'The export has started.',
  startedMail:
    'The export has started. The file will be sent to {{receiverMail}} when it is ready.',
  notFound: 'No such export.',
  failed: 'The export failed. Please try again.',
} as const;

/** Where a finished export's file is downloaded (GET, the owner's session). */
export const exportFilePath = (id: string) => `/v1/api/exports/${id}/file`;
