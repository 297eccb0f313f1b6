// The overview's CSV download: the file the contracts' buildOverviewCsv writes (the same as the
// e-mailed export), headed in the interface language and named after the app and the period.
import {
  DEFAULT_LOCALE,
  OVERVIEW_CSV_LABELS_BY_LOCALE,
  buildOverviewCsv,
  isLocale,
  overviewCsvFileName,
  type OverviewCsvLabels,
  type OverviewReport,
} from '@tapwise/contracts';
import { downloadFile } from '../../shared/files/download-file';

/** The file's headings in the interface language, the same the e-mailed export uses. */
export function csvLabels(language: string | undefined): OverviewCsvLabels {
  return OVERVIEW_CSV_LABELS_BY_LOCALE[isLocale(language) ? language : DEFAULT_LOCALE];
}

/** Hands `text` to the browser as a file download. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  downloadFile(fileName, new Blob([text], { type }));
}

export function downloadOverviewCsv(report: OverviewReport, language: string | undefined): string {
  const fileName = overviewCsvFileName(report.appName, report.totals.currdate);
  downloadTextFile(
    fileName,
    buildOverviewCsv(report, csvLabels(language)),
    'text/csv;charset=utf-8',
  );
  return fileName;
}
