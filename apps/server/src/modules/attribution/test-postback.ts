// The sample postback sendAttrTestEvent sends to an integration's own address, in the partner's
// format: an event named tapwise_test from no network, so it is stored but never counted.
import { createHmac, randomUUID } from 'node:crypto';
import type { AttributionPartner, CustomPostbackBody } from '@tapwise/contracts';
import { TEST_EVENT_NAME } from './attribution.repository';
import { POSTBACK_QUERY_TEMPLATES } from './postback-url';

export interface OutgoingPostback {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Signs a body per Standard Webhooks: HMAC-SHA256 of `id.timestamp.body`, key = the secret's bytes. */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}

/** Fills a partner's query template: every `{macro}` becomes its value, or empty when unknown. */
export function fillTemplate(template: string, values: Record<string, string>) {
  return template.replace(/\{([a-z_]+)\}/g, (_match, macro: string) =>
    encodeURIComponent(values[macro] ?? ''),
  );
}

export function testPostback(
  partner: Exclude<AttributionPartner, 'KOCHAVA'>,
  baseUrl: string,
  signingSecret: string | null,
  now = new Date(),
): OutgoingPostback {
  const eventId = `tapwise-test-${randomUUID()}`;
  if (partner === 'CUSTOM_POSTBACK') {
    const body: CustomPostbackBody = {
      id: eventId,
      type: 'event',
      event: TEST_EVENT_NAME,
      occurredAt: now.toISOString(),
      attribution: null,
    };
    const text = JSON.stringify(body);
    return {
      method: 'POST',
      url: baseUrl,
      headers: standardWebhookHeaders(
        signingSecret ?? '',
        eventId,
        Math.floor(now.getTime() / 1000),
        text,
      ),
      body: text,
    };
  }
  const iso = now.toISOString();
  const unix = String(Math.floor(now.getTime() / 1000));
  // Every partner's macro names for "an in-app event named tapwise_test, no network, now".
  const values: Record<string, string> = {
    event_id: eventId,
    id: eventId,
    uuid: eventId,
    adid: eventId,
    event_name: TEST_EVENT_NAME,
    name: TEST_EVENT_NAME,
    event: TEST_EVENT_NAME,
    activity_kind: 'event',
    event_time: iso,
    created_at: unix,
    utc_timestamp: unix,
    timestamp: unix,
  };
  return {
    method: 'GET',
    url: baseUrl + fillTemplate(POSTBACK_QUERY_TEMPLATES[partner], values),
    headers: {},
  };
}
