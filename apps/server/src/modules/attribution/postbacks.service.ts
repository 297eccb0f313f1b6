// Receiving a postback: find the integration by the URL's key (cached briefly), check the custom
// postback's Standard Webhooks signature, parse with the integration's partner format, and store
// through the group-commit batcher. Nothing is stored unless all of these pass.
import { createHash } from 'node:crypto';
import {
  ATTRIBUTION_MESSAGES,
  type AttributionPartner,
  type IntegrationStatus,
} from '@tapwise/contracts';
import { Webhook } from 'standardwebhooks';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { StoreResult } from './event-store';
import { parsePostback, PostbackParseError, type PostbackInput } from './partner-formats';
import type { PostbackBatcher } from './postback-batcher';
import { findIntegrationByKeyHash } from './postbacks.repository';

/** How long a key's integration (or its absence) is remembered: status changes take this long. */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 10_000;

export interface PostbackIntegration {
  id: string;
  teamId: string;
  adamId: number;
  partner: AttributionPartner;
  status: IntegrationStatus;
  /** The custom postback's verifier, built once from its opened secret. */
  webhook: Webhook | null;
}

export const hashEndpointKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Key → integration, remembered KEY_CACHE_MS so a burst of postbacks reads it once. */
export function createIntegrationLookup(db: Database, secrets: SecretBox, now = Date.now) {
  const cache = new Map<string, { value: PostbackIntegration | null; expires: number }>();
  return {
    async find(key: string): Promise<PostbackIntegration | null> {
      const keyHash = hashEndpointKey(key);
      const cached = cache.get(keyHash);
      if (cached && cached.expires > now()) return cached.value;
      const row = await findIntegrationByKeyHash(db, keyHash);
      const value = row
        ? {
            id: row.id,
            teamId: row.teamId,
            adamId: row.adamId,
            partner: row.partner,
            status: row.status,
            webhook: row.signingSecretSealed
              ? new Webhook(secrets.open(row.signingSecretSealed))
              : null,
          }
        : null;
      if (cache.size >= KEY_CACHE_MAX) cache.clear();
      cache.set(keyHash, { value, expires: now() + KEY_CACHE_MS });
      return value;
    },
    forget() {
      cache.clear();
    },
  };
}
export type IntegrationLookup = ReturnType<typeof createIntegrationLookup>;

export interface ReceivedPostback {
  key: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  contentType: string | undefined;
  /** The body exactly as sent (the signature covers these bytes); null without one. */
  rawBody: string | null;
}

const unauthorized = () => new AppError('POSTBACK_UNAUTHORIZED', ATTRIBUTION_MESSAGES.UNAUTHORIZED);

export async function receivePostback(
  lookup: IntegrationLookup,
  batcher: PostbackBatcher,
  postback: ReceivedPostback,
): Promise<StoreResult> {
  const integration = await lookup.find(postback.key);
  if (!integration || integration.status !== 'ACTIVE') throw unauthorized();
  if (integration.partner === 'CUSTOM_POSTBACK') verifySignature(integration, postback);

  const input: PostbackInput = {
    query: postback.query,
    body: parseBody(postback.contentType, postback.rawBody),
  };
  let event;
  try {
    event = parsePostback(integration.partner, input);
  } catch (error) {
    if (error instanceof PostbackParseError)
      throw new AppError(
        'BAD_REQUEST',
        `Not a ${integration.partner} postback: ${error.message}`,
        error.field ? { [error.field]: error.message } : undefined,
      );
    throw error;
  }
  return batcher.submit({ integration, events: [{ event, raw: rawOf(input) }] });
}

function verifySignature(integration: PostbackIntegration, postback: ReceivedPostback) {
  if (!integration.webhook || postback.rawBody === null) throw unauthorized();
  const header = (name: string) => {
    const value = postback.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  try {
    // Refuses a timestamp more than five minutes away from now (the scheme's tolerance).
    integration.webhook.verify(postback.rawBody, {
      'webhook-id': header('webhook-id') ?? '',
      'webhook-timestamp': header('webhook-timestamp') ?? '',
      'webhook-signature': header('webhook-signature') ?? '',
    });
  } catch {
    throw unauthorized();
  }
}

function parseBody(contentType: string | undefined, rawBody: string | null): unknown {
  if (rawBody === null || rawBody.trim() === '') return undefined;
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(rawBody));
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
  }
}

/** What is kept of a postback: its query when it has one, its body when it has one. */
function rawOf(input: PostbackInput): Record<string, unknown> {
  return {
    ...(Object.keys(input.query).length ? { query: input.query } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
  };
}

/** A kept payload back into a parser's input (the replay). */
export function postbackInputOf(raw: unknown): PostbackInput {
  const kept = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const query = kept.query && typeof kept.query === 'object' ? kept.query : {};
  return { query: query as Record<string, unknown>, body: kept.body };
}
