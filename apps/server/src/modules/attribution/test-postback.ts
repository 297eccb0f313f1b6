// The sample postback sendAttrTestEvent sends to an integration's own address, in the partner's
// format (docs/attribution.md, Postbacks): an event named tapwise_test from no network, so it is
// stored but never counted.
import { randomUUID } from 'node:crypto';
import type { AttributionPartner, CustomPostbackBody } from '@tapwise/contracts';
import { Webhook } from 'standardwebhooks';
import { TEST_EVENT_NAME } from './attribution.repository';
import { POSTBACK_QUERY_TEMPLATES } from './postback-url';

export interface OutgoingPostback {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Standard Webhooks headers of a body, signed with the integration's secret by the library. */
function standardWebhookHeaders(secret: string, id: string, at: Date, body: string) {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** Fills a partner's query template: every `{macro}` becomes its value, or empty when unknown. */
export function fillTemplate(template: string, values: Record<string, string>) {
  return template.replace(/\{([a-z_]+)\}/g, (_match, macro: string) =>
    encodeURIComponent(values[macro] ?? ''),
  );
}

const json = (url: string, body: unknown): OutgoingPostback => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function testPostback(
  partner: Exclude<AttributionPartner, 'KOCHAVA'>,
  baseUrl: string,
  signingSecret: string | null,
  now = new Date(),
): OutgoingPostback {
  const eventId = `tapwise-test-${randomUUID()}`;
  const unix = String(Math.floor(now.getTime() / 1000));
  switch (partner) {
    case 'CUSTOM_POSTBACK': {
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
        headers: standardWebhookHeaders(signingSecret ?? '', eventId, now, text),
        body: text,
      };
    }
    case 'APPSFLYER':
      return json(baseUrl, {
        event_id: eventId,
        event_name: TEST_EVENT_NAME,
        event_time: now.toISOString().replace('T', ' ').slice(0, 23),
        media_source: 'organic',
      });
    case 'SINGULAR':
      return json(baseUrl, {
        event_id: eventId,
        event_name: TEST_EVENT_NAME,
        event_utc_timestamp: unix,
        network: 'Organic',
      });
    case 'BRANCH':
      return json(baseUrl, {
        id: eventId,
        name: TEST_EVENT_NAME,
        timestamp: now.getTime(),
        attributed: false,
      });
    case 'ADJUST':
    case 'TENJIN': {
      const values: Record<string, string> = {
        activity_kind: 'event',
        event_name: TEST_EVENT_NAME,
        event: TEST_EVENT_NAME,
        created_at: unix,
        uuid: eventId,
        adid: eventId,
        network_name: 'Organic',
        ad_network: 'organic',
      };
      return {
        method: 'GET',
        url: baseUrl + fillTemplate(POSTBACK_QUERY_TEMPLATES[partner], values),
        headers: {},
      };
    }
  }
}
