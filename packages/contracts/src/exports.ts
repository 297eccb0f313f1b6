// Exports on demand (docs/exports.md; spec 2 §7.3 exportReport): small ones download at once,
// larger ones run as a background job with progress and are then downloaded or mailed.
export const EXPORT_DATASETS = ['overview', 'adsManager', 'keywordAnalysis', 'ruleLogs'] as const;
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
}
