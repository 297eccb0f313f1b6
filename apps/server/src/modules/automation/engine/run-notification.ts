// The e-mail of a rule's EMAIL_NOTIFICATION action: one message per run that matched, to every
// recipient, listing what matched and what changed.
import { microsToAmount } from '@tapwise/apple-ads';
import { DEFAULT_LOCALE } from '@tapwise/contracts';
import type { JobContext } from '../../job-context';
import { createMailer } from '../../mail/mailer';
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

export async function sendRunNotification(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger'>,
  mail: {
    recipients: readonly string[];
    ruleName: string;
    matched: number;
    applied: readonly IntendedChange[];
  },
): Promise<void> {
  const listed = mail.applied.slice(0, LISTED_CHANGES).map(describeChange);
  const more = mail.applied.length - listed.length;
  const changes = listed.length ? [...listed, ...(more > 0 ? [`+${more}`] : [])].join('; ') : '—';
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
