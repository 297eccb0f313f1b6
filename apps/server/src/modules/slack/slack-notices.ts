// Notices to a company's Slack notification channel (failed syncs, an invalid Apple Ads
// integration). Best effort: whatever Slack answers, the caller's work goes on; failures are logged.
import type { JobContext } from '../job-context';
import { postSlackMessage } from './slack-messages';
import { findSlackIntegration } from './slack.repository';

export async function announceToSlack(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger' | 'secrets'>,
  teamId: string,
  notice: { text: string; link: string },
): Promise<void> {
  try {
    const integration = await findSlackIntegration(ctx.db, teamId);
    if (integration?.status !== 'ACTIVE' || !integration.notifyChannelId) return;
    await postSlackMessage(ctx, teamId, {
      channel: integration.notifyChannelId,
      text: notice.text,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `${notice.text} <${notice.link}|Open Tapwise>` },
        },
      ],
    });
  } catch (error) {
    ctx.logger.warn({ err: error, teamId }, 'Slack notice not posted');
  }
}
