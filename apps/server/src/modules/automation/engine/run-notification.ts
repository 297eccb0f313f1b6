// The notifications of a rule's EMAIL_NOTIFICATION and SLACK_NOTIFICATION actions: one message
// per run that matched, to every recipient or channel, listing what matched and what changed.
import { microsToAmount } from '@tapwise/apple-ads';
import {
  DEFAULT_LOCALE,
  type AutomationRuleDefinition,
  type RuleChangeStatus,
  type SlackChannelRef,
} from '@tapwise/contracts';
import { AppError } from '../../../platform/errors';
import type { JobContext } from '../../job-context';
import { createMailer } from '../../mail/mailer';
import { postSlackMessage } from '../../slack/slack-messages';
import type { IntendedChange } from './rule-changes';
import type { EngineContext } from './rule-runner';
import { findChangeByKey, insertChange, type RuleRow, type RunRow } from './rule-runs.repository';

/** Changes listed in one message; the rest are counted. */
const LISTED_CHANGES = 20;

const shown = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value % 10_000 === 0
    ? microsToAmount(value)
    : String(value);

/** "keyword “running shoes”: 1.00 → 0.80" and the like, language-neutral. */
export function describeChange(change: IntendedChange): string {
  const fields = Object.keys(change.after ?? {});
  const values =
    change.before && fields.length === 1
      ? `: ${shown(change.before[fields[0]!])} → ${shown(change.after![fields[0]!])}`
      : '';
  return `${change.action} ${change.level} “${change.entityName}”${values}`;
}

export interface RunSummary {
  ruleName: string;
  matched: number;
  applied: readonly IntendedChange[];
  /** A scripted rule's own words for the message (tw.notifyByEmail / notifyBySlack). */
  message?: string;
}

/** The changes worth listing, with "+N" for the rest. */
function listedChanges(applied: readonly IntendedChange[]): string[] {
  const listed = applied.slice(0, LISTED_CHANGES).map(describeChange);
  const more = applied.length - listed.length;
  return [...listed, ...(more > 0 ? [`+${more}`] : [])];
}

export async function sendRunNotification(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger'>,
  mail: RunSummary & { recipients: readonly string[] },
): Promise<void> {
  const listed = listedChanges(mail.applied);
  const listedText = listed.length ? listed.join('; ') : '—';
  const changes = mail.message ? `${mail.message} ${listedText}` : listedText;
  const mailer = createMailer(ctx.config, ctx.db, ctx.logger);
  for (const to of mail.recipients)
    await mailer.send({
      to,
      template: 'ruleRun',
      locale: DEFAULT_LOCALE,
      link: `${ctx.config.publicUrl}/arrules`,
      values: { rule: mail.ruleName, matched: String(mail.matched), changes },
    });
}

/** Posts the run's summary to each channel; throws (AppError SLACK_…) at the first that fails. */
export async function postRunSlackNotification(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger' | 'secrets'>,
  teamId: string,
  message: RunSummary & { channelIds: readonly string[] },
): Promise<void> {
  const title = message.message
    ? `Rule “${message.ruleName}”: ${message.message}`
    : `Rule “${message.ruleName}” matched ${message.matched}`;
  const listed = listedChanges(message.applied);
  const blocks = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } },
    ...(listed.length
      ? [
          {
            type: 'section',
            text: { type: 'mrkdwn', text: listed.map((l) => `• ${l}`).join('\n') },
          },
        ]
      : []),
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `<${ctx.config.publicUrl}/arrules|Automation rules>` }],
    },
  ];
  for (const channel of message.channelIds)
    await postSlackMessage(ctx, teamId, { channel, text: title, blocks });
}

export type NotificationAction = Extract<
  AutomationRuleDefinition['actions'][number],
  { type: 'EMAIL_NOTIFICATION' | 'SLACK_NOTIFICATION' }
>;

/**
 * Sends one notification action of a run once (a retried run finds it recorded), and records it
 * among the run's changes: PLANNED in a dry run, which sends nothing.
 */
export async function notifyOnce(
  ctx: EngineContext,
  rule: RuleRow,
  run: RunRow,
  action: NotificationAction,
  summary: RunSummary,
): Promise<RuleChangeStatus> {
  const idempotencyKey = `${run.id}:rule:${rule.id}:${action.type}`;
  const existing = await findChangeByKey(ctx.db, rule.teamId, idempotencyKey);
  if (existing) return existing.status;
  const target =
    action.type === 'EMAIL_NOTIFICATION'
      ? emailTarget(ctx, [...action.recipients.emails, ...action.recipients.externalEmails])
      : slackTarget(ctx, rule.teamId, action.channels);
  let status: RuleChangeStatus = run.dryRun ? 'PLANNED' : 'APPLIED';
  let message: string | null = null;
  if (!run.dryRun) {
    try {
      await target.send(summary);
    } catch (error) {
      ctx.logger.error(
        { err: error, ruleId: rule.id, action: action.type },
        'rule notification not sent',
      );
      status = 'FAILED';
      message = target.failure(error);
    }
  }
  await insertChange(ctx.db, rule.teamId, {
    runId: run.id,
    ruleId: rule.id,
    adAccountId: 0,
    level: 'rule',
    entityId: rule.id,
    entityName: target.names.join(', '),
    action: action.type,
    before: null,
    after: {
      ...target.recorded,
      matched: summary.matched,
      changes: summary.applied.map(describeChange),
      ...(summary.message ? { message: summary.message } : {}),
    },
    status,
    message,
    idempotencyKey,
    appliedAt: status === 'APPLIED' ? new Date() : null,
  });
  return status;
}

function emailTarget(ctx: Pick<EngineContext, 'db' | 'config' | 'logger'>, recipients: string[]) {
  return {
    names: recipients,
    recorded: { recipients },
    send: (summary: RunSummary) => sendRunNotification(ctx, { ...summary, recipients }),
    failure: () => 'The e-mail could not be sent.',
  };
}

function slackTarget(
  ctx: Pick<EngineContext, 'db' | 'config' | 'logger' | 'secrets'>,
  teamId: string,
  channels: SlackChannelRef[],
) {
  return {
    names: channels.map((channel) => `#${channel.name}`),
    recorded: { channels },
    send: (summary: RunSummary) =>
      postRunSlackNotification(ctx, teamId, {
        ...summary,
        channelIds: channels.map((channel) => channel.id),
      }),
    // Slack's reason ("Slack is not connected", "…: channel_not_found") is the member's to read.
    failure: (error: unknown) =>
      error instanceof AppError ? error.message : 'The Slack message could not be sent.',
  };
}
