// Kochava's Reporting API (v1.4) under /kochava, as the Kochava pull uses it: POST
// /v1.4/detail queues a detail report of one traffic type (install or event) for an app and a
// window (Unix seconds), POST /v1.4/progress answers its status and, completed, the report's link,
// GET /reports/{token} is the report (a JSON list of rows). The app is known by its Kochava app
// GUID, `kotapwise-{adamId}` (kochavaAppGuid); any API key works but one starting with "invalid".
// Reports are stateless: the token carries the request.
import type { SandboxStore } from '../model/store.js';
import { simulatedUsers, type SimulatedUser } from './attributed-users.js';

export const KOCHAVA_PREFIX = '/kochava';
const GUID_PREFIX = 'kotapwise-';
const DAY_MS = 86_400_000;
/** Events come at most this long after their install (the funnel's last step). */
const EVENT_LAG_DAYS = 6;

export function kochavaAppGuid(adamId: number): string {
  return `${GUID_PREFIX}${adamId}`;
}

export interface KochavaAnswer {
  status: number;
  body: unknown;
}

interface ReportToken {
  adamId: number;
  traffic: 'install' | 'event';
  start: number;
  end: number;
}

const encode = (token: ReportToken) => Buffer.from(JSON.stringify(token)).toString('base64url');
function decode(text: string): ReportToken | null {
  try {
    const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as ReportToken;
    return typeof token.adamId === 'number' ? token : null;
  } catch {
    return null;
  }
}

export interface KochavaFaults {
  /** Progress polls still to answer "queued" before "completed". */
  pendingPolls: number;
}

export function answerKochava(
  store: SandboxStore,
  method: string,
  url: URL,
  raw: string,
  origin: string,
  faults: KochavaFaults,
): KochavaAnswer {
  const path = url.pathname.slice(KOCHAVA_PREFIX.length);
  const report = /^\/reports\/([A-Za-z0-9_-]+)$/.exec(path);
  if (report && method === 'GET') {
    const token = decode(report[1]!);
    if (!token) return { status: 404, body: { status: 'Error', error: 'Unknown report' } };
    return { status: 200, body: reportRows(store, token) };
  }
  if (method !== 'POST' || (path !== '/v1.4/detail' && path !== '/v1.4/progress'))
    return { status: 404, body: { status: 'Error', error: 'Not found' } };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { status: 400, body: { status: 'Error', error: 'Request body is not JSON' } };
  }
  const apiKey = typeof body.api_key === 'string' ? body.api_key : '';
  if (!apiKey || apiKey.startsWith('invalid'))
    return { status: 401, body: { status: 'Error', error: 'Invalid API key' } };
  const guid = typeof body.app_guid === 'string' ? body.app_guid : '';
  const adamId = guid.startsWith(GUID_PREFIX) ? Number(guid.slice(GUID_PREFIX.length)) : NaN;
  if (!store.appsByAdamId.has(adamId))
    return { status: 200, body: { status: 'Error', error: 'Unknown app_guid' } };
  if (path === '/v1.4/detail') {
    const traffic = Array.isArray(body.traffic) ? body.traffic[0] : undefined;
    const start = Number(body.time_start);
    const end = Number(body.time_end);
    if ((traffic !== 'install' && traffic !== 'event') || !(start < end))
      return { status: 200, body: { status: 'Error', error: 'Invalid traffic or time range' } };
    return {
      status: 200,
      body: { status: 'queued', report_token: encode({ adamId, traffic, start, end }) },
    };
  }
  const token = typeof body.token === 'string' ? decode(body.token) : null;
  if (!token || token.adamId !== adamId)
    return { status: 200, body: { status: 'Error', error: 'Unknown token' } };
  if (faults.pendingPolls > 0) {
    faults.pendingPolls -= 1;
    return { status: 200, body: { status: 'queued', progress: '0' } };
  }
  return {
    status: 200,
    body: {
      status: 'completed',
      progress: '100',
      report: `${origin}${KOCHAVA_PREFIX}/reports/${body.token as string}`,
    },
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function reportRows(store: SandboxStore, token: ReportToken) {
  const startMs = token.start * 1000;
  const endMs = token.end * 1000;
  const users = simulatedUsers(store, {
    adamId: token.adamId,
    from: isoDay(startMs - (token.traffic === 'event' ? EVENT_LAG_DAYS * DAY_MS : DAY_MS)),
    to: isoDay(endMs + DAY_MS),
  });
  if (token.traffic === 'install')
    return users
      .filter((user) => user.installTimeMs >= startMs && user.installTimeMs < endMs)
      .map((user) => ({ ...attributionColumns(user), install_id: user.installId }));
  return users.flatMap((user) =>
    user.events
      .filter((event) => event.timeMs >= startMs && event.timeMs < endMs)
      .map((event) => ({
        ...attributionColumns(user),
        install_id: user.installId,
        event_id: event.eventId,
        event_name: event.name,
        event_time_utc: String(Math.floor(event.timeMs / 1000)),
        revenue: event.revenue ? String(event.revenue.amount) : '',
        currency: event.revenue?.currency ?? '',
      })),
  );
}

function attributionColumns(user: SimulatedUser) {
  return {
    install_date_utc: String(Math.floor(user.installTimeMs / 1000)),
    network_name: user.network || 'unattributed',
    country_code: user.countryOrRegion,
    iad_campaign_id: user.campaignId === null ? '' : String(user.campaignId),
    iad_adgroup_id: user.adGroupId === null ? '' : String(user.adGroupId),
    iad_keyword_id: user.keywordId === null ? '' : String(user.keywordId),
  };
}
