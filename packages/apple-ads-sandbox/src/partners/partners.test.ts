// The attribution partners of the sandbox over HTTP: Kochava's Reporting API (detail → progress →
// report) answering the app's simulated installs and events with the sandbox's own Apple Ads ids,
// its faults, and the postback sender (formats, the share of users, signatures, duplicates and
// shuffling), all deterministic per seed.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.js';
import { DAY_MS } from '../model/calendar.js';
import { simulatedUsers } from './attributed-users.js';

let sandbox: Sandbox;
let receiver: Server;
let receiverUrl: string;
const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] =
  [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, scenario: 'new' });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"stored":1}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/api/postbacks/k`;
});
afterEach(() => {
  sandbox.resetFaults();
  received.length = 0;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const adamId = () => sandbox.accounts()[0]!.adamIds[0]!;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const window = () => {
  const today = Math.floor(sandbox.store.now() / DAY_MS);
  return { from: isoDay((today - 14) * DAY_MS), to: isoDay((today - 1) * DAY_MS) };
};

async function kochava(path: string, body: unknown) {
  const response = await fetch(`${sandbox.kochavaUrl}/v1.4/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function kochavaReport(traffic: 'install' | 'event', apiKey = 'key') {
  const { from, to } = window();
  const auth = { api_key: apiKey, app_guid: sandbox.partners.kochavaAppGuid(adamId()) };
  const queued = await kochava('detail', {
    ...auth,
    traffic: [traffic],
    time_start: String(Date.parse(`${from}T00:00:00Z`) / 1000),
    time_end: String(Date.parse(`${to}T00:00:00Z`) / 1000 + 86_400),
    delivery_format: 'json',
  });
  return { auth, queued };
}

describe("the sandbox's Kochava Reporting API", () => {
  it('queues a detail report, completes it and serves the rows with Apple Ads ids', async () => {
    const { auth, queued } = await kochavaReport('install');
    expect(queued.body).toMatchObject({ status: 'queued' });
    const progress = await kochava('progress', { ...auth, token: queued.body.report_token });
    expect(progress.body).toMatchObject({ status: 'completed' });
    const rows = (await (await fetch(progress.body.report as string)).json()) as Record<
      string,
      string
    >[];
    const { from, to } = window();
    const users = simulatedUsers(sandbox.store, {
      adamId: adamId(),
      from: '2000-01-01',
      to,
    }).filter(
      (user) =>
        user.installTimeMs >= Date.parse(`${from}T00:00:00Z`) &&
        user.installTimeMs < Date.parse(`${to}T00:00:00Z`) + DAY_MS,
    );
    expect(rows.map((row) => row.install_id).sort()).toEqual(
      users.map((user) => user.installId).sort(),
    );
    expect(rows.length).toBeGreaterThan(0);
    const apple = rows.filter((row) => row.network_name === 'Apple Search Ads');
    expect(apple.length).toBeGreaterThan(0);
    for (const row of apple) {
      const keyword = sandbox.store.keywords.get(Number(row.iad_keyword_id))!;
      expect(keyword.adGroupId).toBe(Number(row.iad_adgroup_id));
      expect(keyword.campaignId).toBe(Number(row.iad_campaign_id));
    }
    expect(rows.some((row) => row.network_name === 'unattributed')).toBe(true);
  });

  it("answers the funnel's events, revenue included", async () => {
    const { auth, queued } = await kochavaReport('event');
    const progress = await kochava('progress', { ...auth, token: queued.body.report_token });
    const rows = (await (await fetch(progress.body.report as string)).json()) as Record<
      string,
      string
    >[];
    const names = new Set(rows.map((row) => row.event_name));
    expect(names.has('Registration Complete')).toBe(true);
    expect(
      rows
        .filter((row) => row.event_name === 'Revenue-Subscribe')
        .every((row) => row.revenue === '9.99' && row.currency === 'USD'),
    ).toBe(true);
  });

  it('refuses an invalid key and an unknown app, and injects its faults', async () => {
    expect((await kochavaReport('install', 'invalid-key')).queued.status).toBe(401);
    const unknown = await kochava('detail', {
      api_key: 'k',
      app_guid: 'kotapwise-1',
      traffic: ['install'],
      time_start: '1',
      time_end: '2',
    });
    expect(unknown.body.status).toBe('Error');
    sandbox.setFaults({ kochavaServerErrors: 1, kochavaPendingPolls: 1 });
    expect((await kochavaReport('install')).queued.status).toBe(500);
    const { auth, queued } = await kochavaReport('install');
    const token = queued.body.report_token;
    expect((await kochava('progress', { ...auth, token })).body.status).toBe('queued');
    expect((await kochava('progress', { ...auth, token })).body.status).toBe('completed');
  });
});

// Each test sends thousands of postbacks over HTTP: seconds of I/O, well past the default 5 s on
// a machine that also runs the rest of the suite.
describe('the partner postback sender', { timeout: 30_000 }, () => {
  it("sends a share of the users' installs and events in the partner's format, deterministically", async () => {
    const options = {
      url: receiverUrl,
      partner: 'APPSFLYER' as const,
      adamId: adamId(),
      days: 14,
      share: 0.3,
    };
    const result = await sandbox.partners.sendPostbacks(options);
    expect(result.installs).toBeGreaterThan(0);
    expect(result.sent).toBe(result.installs + result.events);
    expect(result.statuses).toEqual({ 200: result.sent });
    const all = simulatedUsers(sandbox.store, { adamId: adamId(), ...window() }).length;
    expect(result.installs).toBeLessThan(all);
    const first = received.map((request) => request.body).sort();
    expect(received.every((request) => request.method === 'POST')).toBe(true);
    const bodies = first.map((body) => JSON.parse(body) as Record<string, string>);
    expect(Object.keys(bodies[0]!)).toEqual(
      expect.arrayContaining([
        'event_id',
        'event_name',
        'event_time',
        'media_source',
        'af_c_id',
        'af_keyword_id',
      ]),
    );
    const apple = bodies.find((body) => body.media_source === 'Apple Search Ads')!;
    expect(sandbox.store.keywords.get(Number(apple.af_keyword_id))!.campaignId).toBe(
      Number(apple.af_c_id),
    );
    expect(apple.event_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    received.length = 0;
    await sandbox.partners.sendPostbacks(options);
    expect(received.map((request) => request.body).sort()).toEqual(first);
  });

  it('signs the custom postback per Standard Webhooks', async () => {
    const secret = `whsec_${Buffer.from('a-sandbox-signing-secret-24').toString('base64')}`;
    await sandbox.partners.sendPostbacks({
      url: receiverUrl,
      partner: 'CUSTOM_POSTBACK',
      adamId: adamId(),
      days: 3,
      signingSecret: secret,
    });
    expect(received.length).toBeGreaterThan(0);
    for (const request of received) {
      const signed = `${request.headers['webhook-id'] as string}.${request.headers['webhook-timestamp'] as string}.${request.body}`;
      const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(signed)
        .digest('base64');
      expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(JSON.parse(request.body)).toMatchObject({
        type: expect.stringMatching(/install|event/),
      });
    }
  });

  it('sends duplicates and shuffles on demand', async () => {
    const base = { url: receiverUrl, partner: 'ADJUST' as const, adamId: adamId(), days: 14 };
    const plain = await sandbox.partners.sendPostbacks(base);
    const ordered = received.map((request) => request.url);
    received.length = 0;
    const faulty = await sandbox.partners.sendPostbacks({
      ...base,
      duplicateShare: 0.2,
      shuffle: true,
      concurrency: 1,
    });
    expect(faulty.duplicatesSent).toBeGreaterThan(0);
    expect(faulty.sent).toBe(plain.sent + faulty.duplicatesSent);
    const urls = received.map((request) => request.url);
    expect(new Set(urls).size).toBe(new Set(ordered).size);
    expect(urls.slice(0, ordered.length)).not.toEqual(ordered);
  });
});
