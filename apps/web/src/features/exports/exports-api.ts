// Background exports (docs/exports.md): started with startExport, followed through exportJobs,
// the finished file downloaded from its route.
import type { ExportDataset, ExportJob, ReportExportFormat } from '@tapwise/contracts';
import { apiBlob } from '../../shared/api/http';
import { graphqlRequest } from '../../shared/api/graphql';
import { downloadFile } from '../../shared/files/download-file';

const JOB_FIELDS = 'id dataset format status rowsDone rowsTotal fileName receiverMail error';

export interface ExportRequest {
  dataset: ExportDataset;
  format: ReportExportFormat;
  /** The dataset's export input (its contracts schema). */
  input: unknown;
  /** Mail the file here when done; absent: the member downloads it. */
  receiverMail?: string;
}

export const exportKeys = {
  jobs: ['exports', 'jobs'] as const,
  job: (id: string) => ['exports', 'job', id] as const,
};

export const exportsApi = {
  start: async (request: ExportRequest) =>
    (
      await graphqlRequest<{ startExport: ExportJob }>(
        `mutation StartExport($dataset: String!, $format: String!, $input: JSON!, $receiverMail: String) {
          startExport(dataset: $dataset, format: $format, input: $input, receiverMail: $receiverMail) { ${JOB_FIELDS} } }`,
        { ...request },
      )
    ).startExport,
  read: async (id: string) =>
    (
      await graphqlRequest<{ exportJob: ExportJob }>(
        `query ExportJob($id: ID!) { exportJob(id: $id) { ${JOB_FIELDS} expiresAt } }`,
        { id },
      )
    ).exportJob,
  jobs: async () =>
    (
      await graphqlRequest<{ exportJobs: ExportJob[] }>(
        `query ExportJobs { exportJobs { ${JOB_FIELDS} } }`,
      )
    ).exportJobs,
  download: async (job: Pick<ExportJob, 'id' | 'fileName'>) =>
    downloadFile(job.fileName ?? 'tapwise-export', await apiBlob(`/v1/api/exports/${job.id}/file`)),
};
