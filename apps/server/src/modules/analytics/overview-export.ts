// exportReport (spec 2 §7.3 Scheduled and exported reports): the overview of an app and period
// as a CSV attachment, or an XLSX one with a sheet per dataset, e-mailed by a job so a large
// report never holds up the request.
import {
  buildOverviewCsv,
  DEFAULT_LOCALE,
  isLocale,
  OVERVIEW_CSV_LABELS_BY_LOCALE,
  overviewCsvFileName,
  overviewSections,
  overviewXlsxInput,
  type ExportReportInput,
  type OverviewCsvLabelOverrides,
  type OverviewReport,
  type ReportDataset,
} from '@tapwise/contracts';
import type { AppContext } from '../app-context';
import {
  bufferOf,
  TABLE_FILE_CONTENT_TYPES,
  writeWorkbook,
  type TableSheet,
} from '../exports/table-file';
import type { JobContext } from '../job-context';
import type { MailAttachment } from '../mail/mailer';
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
  const { filter, receiverMail, reportDatasets, format } = input;
  const report = await overviewReport(ctx.db, teamId, filter, reportDatasets);
  const labels = OVERVIEW_CSV_LABELS_BY_LOCALE[locale];
  const { start, end } = report.totals.currdate;
  await createMailer(ctx.config, ctx.db, ctx.logger).send({
    to: receiverMail,
    template: 'overviewReport',
    locale,
    link: `${ctx.config.publicUrl}/overview`,
    values: { app: report.appName, start, end, format: format.toUpperCase() },
    attachments: [
      format === 'xlsx'
        ? await overviewXlsx(report, labels, reportDatasets)
        : {
            filename: overviewCsvFileName(report.appName, report.totals.currdate),
            // A byte order mark lets spreadsheet programs read the UTF-8 names and headings.
            content: `\uFEFF${buildOverviewCsv(report, labels, reportDatasets)}`,
            contentType: TABLE_FILE_CONTENT_TYPES.csv,
          },
    ],
  });
}

/**
 * The overview as XLSX: the app and periods on the first sheet, then a sheet per dataset. The
 * mailed report attaches it; the overview's XLSX button downloads it.
 */
export async function overviewXlsx(
  report: OverviewReport,
  labels: OverviewCsvLabelOverrides,
  reportDatasets: readonly ReportDataset[],
): Promise<MailAttachment> {
  const { header, sections } = overviewSections(report, labels, reportDatasets);
  const tableOf = ([headings = [], ...lines]: OverviewReportLines): TableSheet['table'] => ({
    headings: headings.map((cell) => String(cell.value ?? '')),
    pages: (async function* () {
      yield lines;
    })(),
  });
  const sheets: TableSheet[] = [
    { name: String(header[0]?.[0]?.value ?? 'Tapwise'), table: tableOf(header) },
    ...sections.map((section) => ({ name: section.title, table: tableOf(section.lines) })),
  ];
  return {
    filename: overviewCsvFileName(report.appName, report.totals.currdate, 'xlsx'),
    content: await bufferOf((out) => writeWorkbook(sheets, out)),
    contentType: TABLE_FILE_CONTENT_TYPES.xlsx,
  };
}

/** The overview's XLSX download: the same workbook as the mailed one, headed in `locale`. */
export async function downloadOverviewXlsx(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  rawInput: unknown,
  locale: string,
): Promise<MailAttachment> {
  const { filter, reportDatasets } = overviewXlsxInput.parse(rawInput);
  const report = await overviewReport(ctx.db, teamId, filter, reportDatasets);
  const labels = OVERVIEW_CSV_LABELS_BY_LOCALE[isLocale(locale) ? locale : DEFAULT_LOCALE];
  return overviewXlsx(report, labels, reportDatasets);
}

type OverviewReportLines = ReturnType<typeof overviewSections>['header'];
