// The e-mail of a scheduled report: headline figures with their changes, a daily spend bar chart
// made of table cells (mail clients show it without images or scripts), the top rows by spend,
// and the full table attached as CSV and XLSX through the ads manager's own export.
import type { Readable } from 'node:stream';
import { formatMicrosAmount, metricValues, type ReportRow } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { startReportExport } from '../ads-manager/report-export.service';
import type { MailAttachment } from '../mail/mailer';
import {
  HEADLINE_METRICS,
  reportQuery,
  type ReportContent,
  reportsNothing,
  type ReportSource,
} from './report-content';
import { formatValue, headlineFigures, type Figure } from './report-figures';
import { fillWords, type ReportWords } from './report-words';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TONE_COLOURS = { good: '#2f9e44', bad: '#e03131', neutral: '#868e96' } as const;
const CELL = 'padding:4px 8px;border-bottom:1px solid #e9ecef;';
const CHART_HEIGHT_PX = 80;

function figuresHtml(figures: Figure[], words: ReportWords): string {
  const rows = figures.map(
    (figure) =>
      `<tr><td style="${CELL}">${escapeHtml(figure.label)}</td>` +
      `<td style="${CELL}text-align:right;font-weight:bold">${escapeHtml(figure.value)}</td>` +
      `<td style="${CELL}text-align:right;color:${TONE_COLOURS[figure.tone]}">${escapeHtml(figure.change)}</td></tr>`,
  );
  return (
    `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse">` +
    `<tr><th></th><th></th><th style="${CELL}font-weight:normal;color:#868e96">${escapeHtml(`vs ${words.previous}`)}</th></tr>` +
    `${rows.join('')}</table>`
  );
}

/** One bottom-aligned cell per day, its coloured block as tall as the day's share of the peak. */
function spendChartHtml(content: ReportContent, words: ReportWords): string {
  const peak = Math.max(1, ...content.dailySpend.map((day) => day.spendMicros ?? 0));
  const bars = content.dailySpend.map((day) => {
    const height = Math.max(1, Math.round(((day.spendMicros ?? 0) / peak) * CHART_HEIGHT_PX));
    const title = `${day.date}: ${day.spendMicros === null ? '–' : formatMicrosAmount(day.spendMicros)}`;
    return (
      `<td valign="bottom" style="padding:0 1px" title="${escapeHtml(title)}">` +
      `<div style="width:12px;height:${height}px;background:#4c6ef5;font-size:0;line-height:0">&nbsp;</div></td>`
    );
  });
  return (
    `<p style="margin:16px 0 4px">${escapeHtml(words.dailySpend)}</p>` +
    `<table cellpadding="0" cellspacing="0" style="height:${CHART_HEIGHT_PX}px"><tr>${bars.join('')}</tr></table>`
  );
}

function topRowsHtml(rows: ReportRow[], words: ReportWords): string {
  const head = [words.name, words.currency, ...HEADLINE_METRICS.map((key) => words[key])]
    .map((heading) => `<th style="${CELL}text-align:left">${escapeHtml(heading)}</th>`)
    .join('');
  const body = rows.map((row) => {
    const cells = [
      row.name,
      row.details.currency ?? '',
      ...HEADLINE_METRICS.map((key) => formatValue(key, metricOf(row, key))),
    ];
    return `<tr>${cells.map((cell) => `<td style="${CELL}">${escapeHtml(cell)}</td>`).join('')}</tr>`;
  });
  return (
    `<p style="margin:16px 0 4px">${escapeHtml(fillWords(words.topRows, { count: rows.length }))}</p>` +
    `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:13px">` +
    `<tr>${head}</tr>${body.join('')}</table>`
  );
}

const metricOf = (row: ReportRow, key: (typeof HEADLINE_METRICS)[number]) =>
  metricValues(row.counts)[key];

/** The mail's own part, between its introduction and its link. */
export function reportMailContent(content: ReportContent, words: ReportWords) {
  const figures = headlineFigures(content, words);
  const text = [
    ...figures.map((figure) => `${figure.label}: ${figure.value} ${figure.change}`.trim()),
    '',
    fillWords(words.topRows, { count: content.topRows.length }),
    ...content.topRows.map((row) =>
      `${row.name}: ${formatValue('spend', row.counts.localSpendMicros)} ${row.details.currency ?? ''}`.trim(),
    ),
  ].join('\n');
  const html =
    figuresHtml(figures, words) +
    spendChartHtml(content, words) +
    topRowsHtml(content.topRows, words);
  return { html, text };
}

async function bufferOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every row of the report's window, as the ads manager exports it, in both formats. */
export async function reportAttachments(
  db: Database,
  teamId: string,
  report: ReportSource,
  content: ReportContent,
  words: ReportWords,
): Promise<MailAttachment[]> {
  const columns = [
    { key: 'name', heading: words.name },
    { key: 'currency', heading: words.currency },
    ...HEADLINE_METRICS.map((key) => ({ key, heading: words[key] })),
  ];
  const attachments: MailAttachment[] = [];
  if (reportsNothing(report)) return attachments;
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await startReportExport(db, teamId, {
      level: report.level,
      format,
      query: reportQuery(report, content.windows.current),
      columns,
    });
    attachments.push({
      filename: file.fileName,
      contentType: file.contentType,
      content: await bufferOf(file.body),
    });
  }
  return attachments;
}
