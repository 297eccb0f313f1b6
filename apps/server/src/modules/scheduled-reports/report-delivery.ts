// Delivers one claimed report (docs/scheduled-reports.md, delivery guarantees): reads its content
// for the window of its due time, mails it and posts it to its chat channels, and records each
// recipient's outcome on the delivery row. A failure makes the job fail so pg-boss retries it with
// backoff; a retry sends only to the recipients that have not received it yet.
import type { JobContext } from '../job-context';
import { insertActivityLog } from '../activity-log/activity-log.repository';
import { createMailer } from '../mail/mailer';
import { postSlackMessage } from '../slack/slack-messages';
import { reportContent, reportSource, reportWindows, type ReportContent } from './report-content';
import { reportAttachments, reportMailContent } from './report-mail';
import { reportSlackMessage } from './report-slack-blocks';
import { reportWords, type ReportWords } from './report-words';
import type { MailAttachment } from '../mail/mailer';
import {
  findDelivery,
  findScheduledReport,
  updateDelivery,
  type RecipientOutcome,
  type ScheduledReportRow,
} from './scheduled-reports.repository';

type DeliveryContext = Pick<JobContext, 'db' | 'config' | 'logger' | 'secrets'>;

const outcomeKey = (outcome: Pick<RecipientOutcome, 'channel' | 'to'>) =>
  `${outcome.channel}:${outcome.to.toLowerCase()}`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function recipientsOf(report: ScheduledReportRow): Pick<RecipientOutcome, 'channel' | 'to'>[] {
  const emails = [
    ...new Set([...report.emails, ...report.externalEmails].map((e) => e.toLowerCase())),
  ];
  return [
    ...emails.map((to) => ({ channel: 'email' as const, to })),
    ...report.slackChannels.map((channel) => ({ channel: 'slack' as const, to: channel.id })),
  ];
}

interface PreparedReport {
  words: ReportWords;
  content: ReportContent;
  mailContent: { html: string; text: string };
  attachments(): Promise<MailAttachment[]>;
}

/**
 * Reports due together often ask the same question (company, filters, window, language): the
 * process reads their content and writes their files once, shared for a few minutes, so a
 * thousand reports due in the same minute cost as many reads as distinct questions.
 */
const SHARED_FOR_MS = 5 * 60_000;
const shared = new Map<string, { until: number; prepared: Promise<PreparedReport> }>();

function preparedReport(
  ctx: DeliveryContext,
  report: ScheduledReportRow,
  dueAt: Date,
): Promise<PreparedReport> {
  const now = Date.now();
  for (const [key, entry] of shared) if (entry.until < now) shared.delete(key);
  const key = JSON.stringify([
    report.teamId,
    report.level,
    report.orgIds,
    report.appIds,
    report.goalIds,
    report.countries,
    report.reportLimit,
    report.locale,
    reportWindows(dueAt, report.dataDays).current,
  ]);
  const cached = shared.get(key);
  if (cached) return cached.prepared;
  const prepared = prepareReport(ctx, report, dueAt);
  shared.set(key, { until: now + SHARED_FOR_MS, prepared });
  prepared.catch(() => shared.delete(key));
  return prepared;
}

async function prepareReport(
  ctx: DeliveryContext,
  report: ScheduledReportRow,
  dueAt: Date,
): Promise<PreparedReport> {
  const words = reportWords(report.locale);
  const source = await reportSource(ctx.db, report);
  const content = await reportContent(ctx.db, report.teamId, source, dueAt);
  let attachments: Promise<MailAttachment[]> | undefined;
  return {
    words,
    content,
    mailContent: reportMailContent(content, words),
    attachments() {
      attachments ??= reportAttachments(ctx.db, report.teamId, source, content, words);
      attachments.catch(() => (attachments = undefined));
      return attachments;
    },
  };
}

export async function deliverReport(ctx: DeliveryContext, teamId: string, deliveryId: string) {
  const delivery = await findDelivery(ctx.db, teamId, deliveryId);
  if (!delivery || delivery.status !== 'RUNNING') return;
  const report = await findScheduledReport(ctx.db, teamId, delivery.reportId);
  if (!report) {
    await updateDelivery(ctx.db, teamId, deliveryId, {
      status: 'FAILED',
      error: 'The report was deleted.',
      finishedAt: new Date(),
    });
    return;
  }
  const earlier = (delivery.recipients as RecipientOutcome[]).filter((outcome) => outcome.ok);
  const received = new Set(earlier.map(outcomeKey));
  const pending = recipientsOf(report).filter((recipient) => !received.has(outcomeKey(recipient)));
  const { words, content, mailContent, attachments } = await preparedReport(
    ctx,
    report,
    delivery.dueAt,
  );
  const link = `${ctx.config.publicUrl}/ads-manager`;
  const outcomes: RecipientOutcome[] = [];
  const emails = pending.filter((recipient) => recipient.channel === 'email');
  if (emails.length) {
    const mailer = createMailer(ctx.config, ctx.db, ctx.logger);
    const files = await attachments();
    const values = {
      report: report.name,
      ...content.windows.current,
      days: String(report.dataDays),
    };
    for (const { to } of emails) {
      try {
        await mailer.send({
          to,
          template: 'scheduledReport',
          locale: report.locale,
          link,
          values,
          content: mailContent,
          attachments: files,
        });
        outcomes.push({ channel: 'email', to, ok: true });
      } catch (error) {
        outcomes.push({ channel: 'email', to, ok: false, error: errorText(error) });
      }
    }
  }
  for (const { to } of pending.filter((recipient) => recipient.channel === 'slack')) {
    try {
      await postSlackMessage(
        ctx,
        teamId,
        reportSlackMessage(to, report.name, content, words, link),
      );
      outcomes.push({ channel: 'slack', to, ok: true });
    } catch (error) {
      outcomes.push({ channel: 'slack', to, ok: false, error: errorText(error) });
    }
  }
  await recordSent(ctx, teamId, report.name, outcomes);
  const failed = outcomes.filter((outcome) => !outcome.ok);
  await updateDelivery(ctx.db, teamId, deliveryId, {
    recipients: [...earlier, ...outcomes],
    attempts: delivery.attempts + 1,
    ...(failed.length ? { error: failed.map((f) => `${f.to}: ${f.error}`).join('; ') } : {}),
    ...(failed.length ? {} : { status: 'SENT', error: null, finishedAt: new Date() }),
  });
  if (failed.length)
    throw new Error(`The report did not reach ${failed.length} recipient(s); retrying them.`);
}

async function recordSent(
  ctx: DeliveryContext,
  teamId: string,
  reportName: string,
  outcomes: RecipientOutcome[],
) {
  for (const channel of ['email', 'slack'] as const) {
    const reached = outcomes.filter((outcome) => outcome.ok && outcome.channel === channel);
    if (reached.length === 0) continue;
    await insertActivityLog(ctx.db, teamId, {
      logType: channel === 'email' ? 'email_report_sent' : 'slack_report_sent',
      message: `Scheduled report "${reportName}" sent to ${reached.map((r) => r.to).join(', ')}`,
      featureName: 'Scheduled reports',
    });
  }
}

/** After the last retry: PARTIAL when some recipients received it, FAILED when none did. */
export async function giveUpDelivery(
  ctx: DeliveryContext,
  teamId: string,
  deliveryId: string,
  error: unknown,
) {
  const delivery = await findDelivery(ctx.db, teamId, deliveryId);
  if (!delivery || delivery.status !== 'RUNNING') return;
  const reached = (delivery.recipients as RecipientOutcome[]).some((outcome) => outcome.ok);
  const message = delivery.error ?? errorText(error);
  await updateDelivery(ctx.db, teamId, deliveryId, {
    status: reached ? 'PARTIAL' : 'FAILED',
    error: message,
    finishedAt: new Date(),
  });
  const report = await findScheduledReport(ctx.db, teamId, delivery.reportId);
  await insertActivityLog(ctx.db, teamId, {
    logType: 'report',
    message: `Scheduled report "${report?.name ?? delivery.reportId}" ${reached ? 'partly delivered' : 'not delivered'}: ${message}`,
    featureName: 'Scheduled reports',
  });
}
