// The postback endpoint over HTTP on the real server: stored once and answered after commit,
// refused (401) for unknown, disabled or badly signed postbacks, 400 for what does not parse,
// nothing stored on any 4xx, and one company's key never reaching another company's data.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';
import { createAttrIntegration, type FactoryAttrIntegration } from './attribution-factories';
import { attributionDaily, attributionEvents, attributionIntegrations } from './attribution.tables';
import { purgeRawPayloads, replayRawEvents } from './event-retention';

// Everything the server logs at info, to check no postback key ever reaches the logs.
let logged = '';
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString('utf8');
    done();
  },
});

let server: TestServer;
let app: SeededApp;
let other: SeededApp;
let appsFlyer: FactoryAttrIntegration;
let custom: FactoryAttrIntegration;
let adjust: FactoryAttrIntegration;
let disabled: FactoryAttrIntegration;
let otherCompany: FactoryAttrIntegration;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logs });
  const db = server.database.db;
  const secrets = server.context.secrets;
  app = await seedAppleAdsApp(db, (await createCompany(db)).id, { timeZone: 'UTC' });
  other = await seedAppleAdsApp(db, (await createCompany(db)).id);
  const of = (partner: FactoryAttrIntegration['partner'], status?: 'DISABLED') =>
    createAttrIntegration(db, secrets, {
      teamId: app.teamId,
      adamId: app.adamId,
      partner,
      ...(status ? { status } : {}),
    });
  appsFlyer = await of('APPSFLYER');
  custom = await of('CUSTOM_POSTBACK');
  adjust = await of('ADJUST');
  disabled = await of('SINGULAR', 'DISABLED');
  otherCompany = await createAttrIntegration(db, secrets, {
    teamId: other.teamId,
    adamId: other.adamId,
    partner: 'APPSFLYER',
  });
});
afterAll(async () => {
  await server?.close();
});

const url = (key: string, query = '') => `${server.url}/v1/api/postbacks/${key}${query}`;

function appsFlyerEvent(fields: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    event_name: 'af_start_trial',
    event_time: '2026-03-03 10:00:00.000',
    install_time: '2026-03-01 09:00:00.000',
    media_source: 'Apple Search Ads',
    af_c_id: String(app.campaignId),
    af_adset_id: String(app.adGroupId),
    af_keyword_id: String(app.keywordId),
    appsflyer_id: '1700000000000-1234567',
    country_code: 'US',
    ...fields,
  };
}

const postJson = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url(key), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function countsOf(integration: FactoryAttrIntegration) {
  const db = server.database.db;
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attributionEvents)
    .where(eq(attributionEvents.integrationId, integration.id));
  const [daily] = await db
    .select({ n: sql<number>`coalesce(sum(${attributionDaily.count}), 0)::int` })
    .from(attributionDaily)
    .where(eq(attributionDaily.integrationId, integration.id));
  return { events: events!.n, daily: daily!.n };
}

function signed(integration: FactoryAttrIntegration, body: unknown, at = new Date()) {
  const payload = JSON.stringify(body);
  const id = `msg_${randomUUID()}`;
  return {
    payload,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(integration.signingSecret).sign(id, at, payload),
    },
  };
}

const customBody = (fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'event',
  event: 'Start Trial',
  occurredAt: '2026-03-03T10:00:00Z',
  installedAt: '2026-03-01T09:00:00Z',
  attribution: { network: 'apple_search_ads', campaignId: app.campaignId, countryOrRegion: 'US' },
  revenue: { amount: 4.99, currency: 'USD' },
  ...fields,
});

describe('POST|GET /v1/api/postbacks/:key', () => {
  it('stores a postback and answers after commit; the same postback again is a duplicate', async () => {
    const before = await countsOf(appsFlyer);
    const event = appsFlyerEvent();
    const first = await postJson(appsFlyer.key, event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ stored: 1, duplicates: 0 });
    // Answered only once committed: the row is there when the answer arrives.
    expect(await countsOf(appsFlyer)).toEqual({
      events: before.events + 1,
      daily: before.daily + 1,
    });
    const again = await postJson(appsFlyer.key, event);
    expect(await again.json()).toEqual({ stored: 0, duplicates: 1 });
    expect(await countsOf(appsFlyer)).toEqual({
      events: before.events + 1,
      daily: before.daily + 1,
    });
    const [row] = await server.database.db
      .select()
      .from(attributionEvents)
      .where(eq(attributionEvents.dedupeKey, `id:${event.event_id}`));
    expect(row).toMatchObject({
      teamId: app.teamId,
      network: 'APPLE_ADS',
      campaignId: app.campaignId,
      eventType: 'Start Trial',
      day: '2026-03-03',
      daysSinceInstall: 2,
    });
    const [integration] = await server.database.db
      .select({ lastEventAt: attributionIntegrations.lastEventAt })
      .from(attributionIntegrations)
      .where(eq(attributionIntegrations.id, appsFlyer.id));
    expect(integration!.lastEventAt).not.toBeNull();
  });

  it('takes an Adjust callback as a GET with its placeholders filled in', async () => {
    const query =
      `?activity_kind=event&event_name=purchase&event_token=abc123&created_at=1772532000` +
      `&installed_at=1772360000&revenue=9.99&currency=EUR&country=de&network_name=Apple%20Search%20Ads` +
      `&campaign_name=Brand%20(${app.campaignId})&adgroup_name=Exact%20(${app.adGroupId})` +
      `&creative_name=%7Bcreative_name%7D&adid=aaa111`;
    const answer = await fetch(url(adjust.key, query));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ stored: 1, duplicates: 0 });
    // No Adjust id: the payload's hash is the key, so the same callback again is a duplicate.
    expect(await (await fetch(url(adjust.key, query))).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    const [row] = await server.database.db
      .select()
      .from(attributionEvents)
      .where(eq(attributionEvents.integrationId, adjust.id));
    expect(row).toMatchObject({
      eventName: 'purchase',
      eventType: 'Revenue-Purchase',
      adGroupId: app.adGroupId,
      keywordId: null,
      countryOrRegion: 'DE',
      revenueMicros: 9_990_000,
      revenueCurrency: 'EUR',
    });
    expect(row!.dedupeKey).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('refuses unknown keys, disabled integrations and bad signatures with 401, storing nothing', async () => {
    const before = await Promise.all([appsFlyer, custom, disabled].map(countsOf));
    const unknown = await postJson(`unknown-${randomUUID()}`, appsFlyerEvent());
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toBe('POSTBACK_UNAUTHORIZED');
    expect((await postJson(disabled.key, { event_name: 'x' })).status).toBe(401);

    const body = customBody();
    const good = signed(custom, body);
    const tampered = await postJson(custom.key, JSON.stringify({ ...body, event: 'Ad Click' }), {
      ...good.headers,
    });
    expect(tampered.status).toBe(401);
    const unsigned = await postJson(custom.key, body);
    expect(unsigned.status).toBe(401);
    const stale = signed(custom, body, new Date(Date.now() - 6 * 60_000));
    expect((await postJson(custom.key, stale.payload, stale.headers)).status).toBe(401);
    const otherSecret = signed(otherCompany, body);
    otherSecret.headers['webhook-signature'] = new Webhook(
      `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
    ).sign(otherSecret.headers['webhook-id'], new Date(), otherSecret.payload);
    expect((await postJson(custom.key, otherSecret.payload, otherSecret.headers)).status).toBe(401);

    expect(await Promise.all([appsFlyer, custom, disabled].map(countsOf))).toEqual(before);
  });

  it('stores a signed custom postback once', async () => {
    const before = await countsOf(custom);
    const body = customBody();
    const { payload, headers } = signed(custom, body);
    const answer = await postJson(custom.key, payload, headers);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ stored: 1, duplicates: 0 });
    // A retry of the partner re-signs the same body: the id makes it a duplicate.
    const retry = signed(custom, body);
    expect(await (await postJson(custom.key, retry.payload, retry.headers)).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    expect(await countsOf(custom)).toEqual({
      events: before.events + 1,
      daily: before.daily + 1,
    });
  });

  it('answers 400 for what does not parse and 413 over 64 KiB, storing nothing', async () => {
    const before = await Promise.all([appsFlyer, custom].map(countsOf));
    const malformed = await postJson(appsFlyer.key, '{"event_name": ');
    expect(malformed.status).toBe(400);
    const incomplete = await postJson(appsFlyer.key, { event_name: 'af_purchase' });
    expect(incomplete.status).toBe(400);
    expect((await incomplete.json()).error).toBe('BAD_REQUEST');
    const badTime = await postJson(appsFlyer.key, appsFlyerEvent({ event_time: 'yesterday' }));
    expect(badTime.status).toBe(400);
    const noCurrency = await postJson(appsFlyer.key, appsFlyerEvent({ event_revenue: '3.5' }));
    expect(noCurrency.status).toBe(400);
    const badCustom = signed(custom, customBody({ type: 'purchase' }));
    expect((await postJson(custom.key, badCustom.payload, badCustom.headers)).status).toBe(400);
    const huge = await postJson(appsFlyer.key, appsFlyerEvent({ padding: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await Promise.all([appsFlyer, custom].map(countsOf))).toEqual(before);
  });

  it("lands a company's postbacks in its own integration only", async () => {
    const before = await countsOf(otherCompany);
    // Company A's key, with company B's campaign ids in the payload.
    const answer = await postJson(
      appsFlyer.key,
      appsFlyerEvent({ af_c_id: String(other.campaignId), event_time: '2026-03-05 23:30:00' }),
    );
    expect(answer.status).toBe(200);
    expect(await countsOf(otherCompany)).toEqual(before);
    const rows = await server.database.db
      .select({ teamId: attributionEvents.teamId, day: attributionEvents.day })
      .from(attributionEvents)
      .where(eq(attributionEvents.campaignId, other.campaignId));
    // Stored for A, and dated in UTC: B's campaign (and its Los Angeles time zone) is not A's.
    expect(rows).toEqual([{ teamId: app.teamId, day: '2026-03-05' }]);
  });

  it('counts the distinct postbacks whatever the duplicates and order of concurrent requests', async () => {
    const integration = await createAttrIntegration(server.database.db, server.context.secrets, {
      teamId: app.teamId,
      adamId: app.adamId + 1,
      partner: 'APPSFLYER',
    });
    // A seeded shuffle of 40 distinct events, a third of them sent twice or three times.
    let seed = 23;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const events = Array.from({ length: 40 }, (_, index) =>
      appsFlyerEvent({
        event_id: index % 5 === 0 ? undefined : `evt-${index}`,
        event_name: ['af_start_trial', 'af_purchase', 'install'][index % 3],
        event_revenue: index % 3 === 1 ? '1.25' : undefined,
        event_revenue_currency: 'USD',
        event_time: `2026-03-${String(1 + (index % 9)).padStart(2, '0')} 12:00:00`,
      }),
    );
    const sent = [...events, ...events.filter(() => random() < 0.33), ...events.slice(0, 5)];
    for (let i = sent.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [sent[i], sent[j]] = [sent[j]!, sent[i]!];
    }
    const answers = await Promise.all(
      sent.map(async (event) => (await postJson(integration.key, event)).json()),
    );
    const stored = answers.reduce((sum, answer: { stored: number }) => sum + answer.stored, 0);
    expect(stored).toBe(40);
    expect(
      answers.every(
        (answer: { stored: number; duplicates: number }) => answer.stored + answer.duplicates === 1,
      ),
    ).toBe(true);
    expect(await countsOf(integration)).toEqual({ events: 40, daily: 40 });

    // A replay of the kept payloads stores nothing new; once purged, nothing is left to replay.
    const replay = await replayRawEvents(server.database.db, integration.id, new Date(0));
    expect(replay).toEqual({ stored: 0, duplicates: 40, unparsable: 0 });
    expect(await countsOf(integration)).toEqual({ events: 40, daily: 40 });
    expect(await purgeRawPayloads(server.database.db, new Date())).toBe(0);
    const emptied = await purgeRawPayloads(
      server.database.db,
      new Date(Date.now() + 31 * 86_400_000),
    );
    expect(emptied).toBeGreaterThanOrEqual(40);
    expect(await replayRawEvents(server.database.db, integration.id, new Date(0))).toEqual({
      stored: 0,
      duplicates: 0,
      unparsable: 0,
    });
    expect(await countsOf(integration)).toEqual({ events: 40, daily: 40 });
  });

  it('never logs a postback key, while other requests are logged', async () => {
    await fetch(`${server.url}/healthz?probe=postbacks`);
    expect(logged).toContain('probe=postbacks');
    for (const integration of [appsFlyer, custom, adjust, disabled, otherCompany])
      expect(logged).not.toContain(integration.key);
  });
});
