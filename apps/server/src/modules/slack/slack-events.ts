// What Slack's Events API sends and how it is trusted (https://api.slack.com/authentication/
// verifying-requests-from-slack): the signature check and the events Tapwise acts on.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { markWorkspaceInvalid } from './slack.repository';

/** Slack's own bound on a request's age: older ones may be replays. */
const MAX_AGE_SECONDS = 5 * 60;

const slackEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('url_verification'), challenge: z.string().max(500) }),
  z.object({
    type: z.literal('event_callback'),
    team_id: z.string().min(1).max(50),
    event: z.object({ type: z.string().max(100) }).loose(),
  }),
]);

/** Throws POSTBACK_UNAUTHORIZED unless the request is Slack's, signed within the last 5 minutes. */
export function verifySlackSignature(
  signingSecret: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs: number,
) {
  const refused = () => new AppError('POSTBACK_UNAUTHORIZED', 'Bad Slack request signature.');
  const timestamp = headers['x-slack-request-timestamp'];
  const signature = headers['x-slack-signature'];
  if (!signingSecret || typeof timestamp !== 'string' || typeof signature !== 'string')
    throw refused();
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(nowMs / 1000 - seconds) > MAX_AGE_SECONDS)
    throw refused();
  const expected = Buffer.from(signSlackRequest(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
}

/** Slack's v0 signature of a request body. */
export function signSlackRequest(signingSecret: string, timestamp: string, rawBody: string) {
  const digest = createHmac('sha256', signingSecret)
    .update(`v0:${timestamp}:${rawBody}`)
    .digest('hex');
  return `v0=${digest}`;
}

export async function handleSlackEvent(ctx: Pick<AppContext, 'db' | 'logger'>, rawBody: string) {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('MALFORMED_JSON', 'The body is not JSON');
  }
  const parsed = slackEvent.safeParse(json);
  // Slack retries anything but a 2xx: events Tapwise does not act on are acknowledged.
  if (!parsed.success) return { ok: true };
  if (parsed.data.type === 'url_verification') return { challenge: parsed.data.challenge };
  const { team_id: slackTeamId, event } = parsed.data;
  if (event.type === 'app_uninstalled' || event.type === 'tokens_revoked') {
    const changed = await markWorkspaceInvalid(ctx.db, slackTeamId, 'INVALID', event.type);
    ctx.logger.info({ slackTeamId, event: event.type, changed }, 'Slack integration invalidated');
  }
  return { ok: true };
}
