// exportReport (spec 2 §7.3 Scheduled and exported reports): the overview of an app and period
// as a CSV attachment, e-mailed by a job so a large report never holds up the request.
import {
  buildOverviewCsv,
  DEFAULT_LOCALE,
  isLocale,
  OVERVIEW_CSV_LABELS_BY_LOCALE,
  overviewCsvFileName,
  type ExportReportInput,
} from '@tapwise/contracts';
import type { AppContext } from '../app-context';
import type { JobContext } from '../job-context';
import { createMailer } from '../mail/mailer';
import { exportReportJob } from './jobs/export-report.job';
import { overviewReport } from './overview.service';

export const exportReportMessage = (receiverMail: string) =>
  `The report will be sent to ${receiverMail} shortly.`;

export async function queueReportExport(
  ctx: Pick<AppContext, 'jobs'>,
  teamId: string,
  input: ExportReportInput,
  locale: string,
): Promise<{ successMessage: string }> {
  await ctx.jobs.send(exportReportJob, { teamId, locale, ...input });
  return { successMessage: exportReportMessage(input.receiverMail) };
}

/** Builds the report in the requester's language and mails it; a refused message retries. */
export async function sendReportExport(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger'>,
  teamId: string,
  input: ExportReportInput,
  requestedLocale: string,
): Promise<void> {
  const locale = isLocale(requestedLocale) ? requestedLocale : DEFAULT_LOCALE;
  const { filter, receiverMail, reportDatasets } = input;
  const report = await overviewReport(ctx.db, teamId, filter, reportDatasets);
  const csv = buildOverviewCsv(report, OVERVIEW_CSV_LABELS_BY_LOCALE[locale], reportDatasets);
  const { start, end } = report.totals.currdate;
  await createMailer(ctx.config, ctx.db, ctx.logger).send({
    to: receiverMail,
    template: 'overviewReport',
    locale,
    link: `${ctx.config.publicUrl}/overview`,
    values: { app: report.appName, start, end },
    attachments: [
      {
        filename: overviewCsvFileName(report.appName, report.totals.currdate),
        // A byte order mark lets spreadsheet programs read the UTF-8 names and headings.
        content: `\uFEFF${csv}`,
        contentType: 'text/csv; charset=utf-8',
      },
    ],
  });
}
