// The notifications of a rule's EMAIL_NOTIFICATION and SLACK_NOTIFICATION actions: one message
// per run that matched, to every recipient or channel, listing what matched and what changed.
import { microsToAmount } from '@tapwise/apple-ads';
import { DEFAULT_LOCALE } from '@tapwise/contracts';
import type { JobContext } from '../../job-context';
import { createMailer } from '../../mail/mailer';
import { postSlackMessage } from '../../slack/slack-messages';
import type { IntendedChange } from './rule-changes';

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
  const changes = listed.length ? listed.join('; ') : '—';
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
  const title = `Rule “${message.ruleName}” matched ${message.matched}`;
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
