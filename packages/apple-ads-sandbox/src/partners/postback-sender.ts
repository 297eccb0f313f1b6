// A partner sending postbacks: for a share of the app's simulated users (attributed-users.ts),
// one postback per install and per funnel event, in the partner's own format, over HTTP to a
// Tapwise postback URL. The formats are those of docs/attribution.md (Postbacks): a GET with the
// partner's macros as query parameters (Adjust, Tenjin), a POST of the partner's JSON (AppsFlyer's
// Push API, Singular, Branch), or the custom postback's documented body signed per Standard
// Webhooks. Faults on demand: duplicates and shuffled order.
import { createHmac } from 'node:crypto';
import { hash, sequence, unit } from '../model/hash.js';
import type { SandboxStore } from '../model/store.js';
import { simulatedUsers, type SimulatedEvent, type SimulatedUser } from './attributed-users.js';

export const POSTBACK_PARTNERS = [
  'APPSFLYER',
  'ADJUST',
  'SINGULAR',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const;
export type PostbackPartner = (typeof POSTBACK_PARTNERS)[number];

export interface SendPostbacksOptions {
  /** The integration's postback URL, without its query template. */
  url: string;
  partner: PostbackPartner;
  adamId: number;
  /** Inclusive days (YYYY-MM-DD); default: the last `days` days through yesterday (UTC). */
  from?: string;
  to?: string;
  days?: number;
  /** The share of users the partner reports (0–1, default 0.3). */
  share?: number;
  /** The custom postback's whsec_ secret (required for CUSTOM_POSTBACK). */
  signingSecret?: string;
  /** The share of postbacks sent twice (0–1). */
  duplicateShare?: number;
  /** Sends in a shuffled (seeded) order instead of time order. */
  shuffle?: boolean;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
}

export interface SendPostbacksResult {
  installs: number;
  events: number;
  sent: number;
  duplicatesSent: number;
  /** Answers by HTTP status (0 = no answer). */
  statuses: Record<string, number>;
}

export interface OutgoingPostback {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The postbacks a partner sends for the app's users, in time order (no faults applied). */
export function partnerPostbacks(
  store: SandboxStore,
  options: SendPostbacksOptions,
): { postbacks: OutgoingPostback[]; installs: number; events: number } {
  const yesterday = Math.floor(store.now() / DAY_MS) - 1;
  const to = options.to ?? isoDay(yesterday * DAY_MS);
  const from =
    options.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - ((options.days ?? 30) - 1) * DAY_MS);
  const share = options.share ?? 0.3;
  const users = simulatedUsers(store, { adamId: options.adamId, from, to }).filter(
    (user) => unit(store.seed, hash(...idParts(user.installId)), 41) < share,
  );
  const items: { timeMs: number; postback: OutgoingPostback }[] = [];
  let events = 0;
  for (const user of users) {
    items.push({ timeMs: user.installTimeMs, postback: postbackOf(options, user, null) });
    for (const event of user.events) {
      events++;
      items.push({ timeMs: event.timeMs, postback: postbackOf(options, user, event) });
    }
  }
  items.sort((a, b) => a.timeMs - b.timeMs);
  return { postbacks: items.map((item) => item.postback), installs: users.length, events };
}

export async function sendPostbacks(
  store: SandboxStore,
  options: SendPostbacksOptions,
): Promise<SendPostbacksResult> {
  const { postbacks, installs, events } = partnerPostbacks(store, options);
  const queue = [...postbacks];
  let duplicatesSent = 0;
  const duplicateShare = options.duplicateShare ?? 0;
  if (duplicateShare > 0)
    postbacks.forEach((postback, index) => {
      if (unit(store.seed, index, 43) < duplicateShare) {
        queue.push(postback);
        duplicatesSent++;
      }
    });
  if (options.shuffle) {
    const next = sequence(hash(store.seed, options.adamId, 47));
    for (let i = queue.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [queue[i], queue[j]] = [queue[j]!, queue[i]!];
    }
  }
  const statuses: Record<string, number> = {};
  let cursor = 0;
  const worker = async () => {
    while (cursor < queue.length) {
      const postback = queue[cursor++]!;
      let status = 0;
      try {
        const response = await fetch(postback.url, {
          method: postback.method,
          headers: postback.headers,
          ...(postback.body === undefined ? {} : { body: postback.body }),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { installs, events, sent: queue.length, duplicatesSent, statuses };
}

function idParts(id: string): number[] {
  return [parseInt(id.slice(0, 8), 16) || 0, parseInt(id.slice(8, 16), 16) || 0];
}

const seconds = (ms: number) => String(Math.floor(ms / 1000));
const iso = (ms: number) => new Date(ms).toISOString();
/** AppsFlyer's time form: `YYYY-MM-DD HH:mm:ss.SSS`, UTC. */
const appsFlyerTime = (ms: number) => iso(ms).replace('T', ' ').slice(0, 23);
const idText = (id: number | null) => (id === null ? '' : String(id));

/**
 * Each partner's postback for an install (event null) or an event, as docs/attribution.md
 * (Postbacks) tells the user to configure it: the query of a GET, or the JSON body of a POST.
 */
export function partnerPayload(
  partner: Exclude<PostbackPartner, 'CUSTOM_POSTBACK'>,
  user: SimulatedUser,
  event: SimulatedEvent | null,
): { method: 'GET'; query: Record<string, string> } | { method: 'POST'; body: unknown } {
  const apple = user.network !== '';
  const id = event?.eventId ?? user.installId;
  const time = event?.timeMs ?? user.installTimeMs;
  const revenue = event?.revenue ? String(event.revenue.amount) : '';
  const currency = event?.revenue?.currency ?? '';
  switch (partner) {
    case 'APPSFLYER':
      return {
        method: 'POST',
        body: {
          event_id: id,
          event_name: event?.name ?? 'install',
          event_time: appsFlyerTime(time),
          install_time: appsFlyerTime(user.installTimeMs),
          media_source: apple ? 'Apple Search Ads' : 'organic',
          af_c_id: idText(user.campaignId),
          af_adset_id: idText(user.adGroupId),
          af_keyword_id: idText(user.keywordId),
          country_code: user.countryOrRegion,
          event_revenue: revenue,
          event_revenue_currency: currency,
        },
      };
    case 'ADJUST':
      return {
        method: 'GET',
        query: {
          activity_kind: event ? 'event' : 'install',
          event_name: event?.name ?? '',
          created_at: seconds(time),
          installed_at: seconds(user.installTimeMs),
          revenue,
          currency,
          country: user.countryOrRegion.toLowerCase(),
          adid: user.installId,
          network_name: apple ? 'Apple Search Ads' : 'Organic',
          search_ad_campaign_id: idText(user.campaignId),
          search_ad_adgroup_id: idText(user.adGroupId),
          search_ad_keyword_id: idText(user.keywordId),
        },
      };
    case 'SINGULAR':
      return {
        method: 'POST',
        body: {
          event_id: id,
          event_name: event?.name ?? '__INSTALL__',
          event_utc_timestamp: seconds(time),
          install_utc_timestamp: seconds(user.installTimeMs),
          network: apple ? 'Apple Search Ads' : 'Organic',
          network_campaign_id: idText(user.campaignId),
          network_sub_campaign_id: idText(user.adGroupId),
          network_keyword_id: idText(user.keywordId),
          country: user.countryOrRegion,
          revenue,
          currency,
        },
      };
    case 'TENJIN':
      return {
        method: 'GET',
        query: {
          event: event?.name ?? 'install',
          uuid: id,
          created_at: iso(time),
          acquired_at: iso(user.installTimeMs),
          ad_network: apple ? 'apple_search_ads' : 'organic',
          remote_campaign_id: idText(user.campaignId),
          site_id: idText(user.adGroupId),
          creative_id: idText(user.keywordId),
          country: user.countryOrRegion,
          revenue,
          currency,
        },
      };
    case 'BRANCH':
      return {
        method: 'POST',
        body: {
          id,
          name: event?.name ?? 'INSTALL',
          timestamp: time,
          attributed: apple,
          event_data: event?.revenue ? { revenue: event.revenue.amount, currency } : {},
          user_data: { geo_country_code: user.countryOrRegion },
          install_activity: { timestamp: user.installTimeMs },
          last_attributed_touch_data: apple
            ? {
                '~channel': 'Apple Search Ads',
                '~advertising_partner_name': 'Apple Search Ads',
                '~campaign_id': idText(user.campaignId),
                '~ad_set_id': idText(user.adGroupId),
                '~keyword_id': idText(user.keywordId),
              }
            : {},
        },
      };
  }
}

/** The custom postback's documented JSON body (customPostbackBody). */
export function customBody(user: SimulatedUser, event: SimulatedEvent | null) {
  return {
    id: event?.eventId ?? user.installId,
    type: event ? ('event' as const) : ('install' as const),
    event: event?.name ?? 'install',
    occurredAt: iso(event?.timeMs ?? user.installTimeMs),
    installedAt: iso(user.installTimeMs),
    attribution:
      user.network === ''
        ? null
        : {
            network: 'apple_search_ads',
            ...(user.campaignId === null ? {} : { campaignId: user.campaignId }),
            ...(user.adGroupId === null ? {} : { adGroupId: user.adGroupId }),
            ...(user.keywordId === null ? {} : { keywordId: user.keywordId }),
            countryOrRegion: user.countryOrRegion,
          },
    ...(event?.revenue ? { revenue: event.revenue } : {}),
  };
}

/** Standard Webhooks headers: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}

function postbackOf(
  options: SendPostbacksOptions,
  user: SimulatedUser,
  event: SimulatedEvent | null,
): OutgoingPostback {
  if (options.partner === 'CUSTOM_POSTBACK') {
    if (!options.signingSecret) throw new Error('a custom postback needs its signing secret');
    const body = JSON.stringify(customBody(user, event));
    const messageId = `msg_${event?.eventId ?? user.installId}`;
    // Signed now: receivers refuse timestamps far from their clock.
    return {
      method: 'POST',
      url: options.url,
      headers: standardWebhookHeaders(
        options.signingSecret,
        messageId,
        Math.floor(Date.now() / 1000),
        body,
      ),
      body,
    };
  }
  const payload = partnerPayload(options.partner, user, event);
  if (payload.method === 'POST')
    return {
      method: 'POST',
      url: options.url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload.body),
    };
  return {
    method: 'GET',
    url: `${options.url}?${new URLSearchParams(payload.query).toString()}`,
    headers: {},
  };
}
