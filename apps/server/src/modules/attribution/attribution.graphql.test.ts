// Partner integrations through GraphQL with a real database, a company synced from the in-process
// sandbox: creating (and PARTNER_NEEDS_SYNC before a sync), listing without secrets, the secrets,
// status, rotation, the test event sent over HTTP, event names, deletion with its events, the
// admins-only writes, another company's ids, and the Kochava pull against the sandbox's Kochava
// (idempotent on a rerun, FAILED on a fault then ACTIVE again).
import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ATTRIBUTION_MESSAGES, type AttributedEvent } from '@tapwise/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { holdableClock } from '../sync/sync-test-kit';
import { TEST_EVENT_NAME } from './attribution.repository';
import { attributionDaily, attributionEvents, attributionIntegrations } from './attribution.tables';
import { storeAttributedEvents } from './event-store';
import { runKochavaPull } from './kochava-pull';

let world: CreationWorld;
const clock = holdableClock();
let receiver: Server;
let receiverStatus = 200;
const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] =
  [];
let staffMember: Session;
let unsynced: Session;

beforeAll(async () => {
  // The server's public URL points here: the test event is sent over HTTP to it.
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
      response
        .writeHead(receiverStatus, { 'content-type': 'application/json' })
        .end(
          receiverStatus === 200
            ? '{"stored":1,"duplicates":0}'
            : '{"error":"POSTBACK_UNAUTHORIZED","message":"Unknown postback address or bad signature."}',
        );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  world = await startCreationWorld({
    synced: true,
    env: () => ({ PUBLIC_URL: publicUrl }),
    sandbox: { now: clock.now },
  });
  const db = world.server.database.db;
  const api = apiClient(world.server.url);
  const staff = await createMember(db, world.company.teamId, { role: 'STAFF' });
  staffMember = await api.signIn(staff.email, staff.password);
  const fresh = await createCompany(db, 'Not Synced Co');
  const freshAdmin = await createMember(db, fresh.id, { role: 'ADMIN' });
  unsynced = await api.signIn(freshAdmin.email, freshAdmin.password);
}, 300_000);
afterAll(async () => {
  await world?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

type Answer<T> = {
  data?: T | null;
  errors?: { message: string; extensions?: { error?: string } }[];
};

async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  session: Session = world.company.session,
) {
  return (await apiClient(world.server.url).graphql<T>(query, variables, session)) as Answer<T>;
}
const errorOf = (answer: Answer<unknown>) => answer.errors?.[0]?.extensions?.error;

const FIELDS = `id appId appName partner status lastEventAt lastError createdAt
  eventNames { name eventType kind count lastDay } kochava { appGuid type hydrateDate pulledThrough }`;
const CREATE = `mutation($appId: Float!, $partner: String!) {
  createAttrIntegration(appId: $appId, partner: $partner) { ${FIELDS} } }`;
const LIST = `query($appId: Float) { listAttrIntegrations(appId: $appId) { ${FIELDS} } }`;
const SECRETS = `query($id: ID!) { attrIntegrationSecrets(id: $id) { postbackUrl signingSecret } }`;
const ROTATE = `mutation($id: ID!) { rotateAttrIntegrationSecret(id: $id) { postbackUrl signingSecret } }`;
const STATUS = `mutation($id: ID!, $status: String!) {
  setAttrIntegrationStatus(id: $id, status: $status) { id status } }`;
const DELETE = `mutation($id: ID!) { deleteAttrIntegration(id: $id) }`;
const TEST_EVENT = `mutation($id: ID!) { sendAttrTestEvent(id: $id) { ok httpStatus message } }`;
const CHECK = `query($appId: Float!) { checkAppAttr(appId: $appId) { attrExist attrType firstSyncDone } }`;
const KOCHAVA_SAVE = `mutation($key: String!, $guid: String!, $appId: Float!, $from: String!, $type: String!) {
  kochavaAttributionSave(api_key: $key, app_guid: $guid, apple_app_id: $appId, hydrate_date: $from, type: $type) { ${FIELDS} } }`;
const KOCHAVA_DELETE = `mutation($appId: Float!) { kochavaAttributionDelete(appId: $appId) }`;

interface View {
  id: string;
  appId: number;
  appName: string;
  partner: string;
  status: string;
  lastEventAt: string | null;
  lastError: string | null;
  eventNames: { name: string; eventType: string | null; kind: string; count: number }[];
  kochava: {
    appGuid: string;
    type: string;
    hydrateDate: string;
    pulledThrough: string | null;
  } | null;
}

async function create(partner: string, appId = world.adamId) {
  return gql<{ createAttrIntegration: View }>(CREATE, { appId, partner });
}

function integrationRow(id: string) {
  return world.server.database.db
    .select()
    .from(attributionIntegrations)
    .where(eq(attributionIntegrations.id, id))
    .then((rows) => rows[0]!);
}

describe('postback partner integrations', () => {
  let custom: View;

  it('needs a synced Apple Ads integration first', async () => {
    const answer = await gql(CREATE, { appId: world.adamId, partner: 'APPSFLYER' }, unsynced);
    expect(errorOf(answer)).toBe('PARTNER_NEEDS_SYNC');
    expect(answer.errors![0]!.message).toBe(ATTRIBUTION_MESSAGES.NEEDS_SYNC);
  });

  it('creates one per app and partner, for the company’s own apps only', async () => {
    const created = await create('CUSTOM_POSTBACK');
    expect(created.errors).toBeUndefined();
    custom = created.data!.createAttrIntegration;
    expect(custom).toMatchObject({
      appId: world.adamId,
      partner: 'CUSTOM_POSTBACK',
      status: 'ACTIVE',
      eventNames: [],
      kochava: null,
    });
    expect(custom.appName).not.toBe('');
    expect(errorOf(await create('CUSTOM_POSTBACK'))).toBe('CONFLICT');
    expect(errorOf(await create('KOCHAVA'))).toBe('BAD_REQUEST');
    expect(errorOf(await create('APPSFLYER', 999_999_999))).toBe('NOT_FOUND');
    const list = await gql<{ listAttrIntegrations: View[] }>(LIST, { appId: world.adamId });
    expect(list.data!.listAttrIntegrations.map((row) => row.id)).toEqual([custom.id]);
    expect(JSON.stringify(list.data)).not.toMatch(/whsec_|postbacks\//);
  });

  it('answers the postback URL and signing secret, stored hashed and sealed', async () => {
    const answer = await gql<{
      attrIntegrationSecrets: { postbackUrl: string; signingSecret: string };
    }>(SECRETS, { id: custom.id });
    const { postbackUrl, signingSecret } = answer.data!.attrIntegrationSecrets;
    expect(postbackUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/api\/postbacks\/[A-Za-z0-9_-]{43}$/,
    );
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const key = postbackUrl.split('/').pop()!;
    const row = await integrationRow(custom.id);
    expect(row.endpointKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row.endpointKeySealed).not.toContain(key);
    expect(row.signingSecretSealed).not.toContain(signingSecret.slice(6));
  });

  it('lists a partner’s postback template, and checks the app', async () => {
    const appsflyer = (await create('APPSFLYER')).data!.createAttrIntegration;
    const secrets = await gql<{
      attrIntegrationSecrets: { postbackUrl: string; signingSecret: null };
    }>(SECRETS, { id: appsflyer.id });
    // AppsFlyer's Push API posts JSON: the base URL alone.
    expect(secrets.data!.attrIntegrationSecrets.postbackUrl).toMatch(
      /\/v1\/api\/postbacks\/[A-Za-z0-9_-]{43}$/,
    );
    expect(secrets.data!.attrIntegrationSecrets.signingSecret).toBeNull();
    const list = await gql<{ listAttrIntegrations: View[] }>(LIST);
    expect(list.data!.listAttrIntegrations.map((row) => row.partner)).toEqual([
      'APPSFLYER',
      'CUSTOM_POSTBACK',
    ]);
    const check = await gql<{ checkAppAttr: unknown }>(CHECK, { appId: world.adamId });
    expect(check.data!.checkAppAttr).toEqual({
      attrExist: true,
      attrType: 'APPSFLYER',
      firstSyncDone: true,
    });
    expect((await gql(DELETE, { id: appsflyer.id })).data).toEqual({ deleteAttrIntegration: true });
  });

  it('disables and enables; other statuses are refused', async () => {
    const disabled = await gql<{ setAttrIntegrationStatus: View }>(STATUS, {
      id: custom.id,
      status: 'DISABLED',
    });
    expect(disabled.data!.setAttrIntegrationStatus.status).toBe('DISABLED');
    const check = await gql<{ checkAppAttr: { attrExist: boolean } }>(CHECK, {
      appId: world.adamId,
    });
    expect(check.data!.checkAppAttr.attrExist).toBe(false);
    expect(errorOf(await gql(STATUS, { id: custom.id, status: 'DELETED' }))).toBe('BAD_REQUEST');
    const enabled = await gql<{ setAttrIntegrationStatus: View }>(STATUS, {
      id: custom.id,
      status: 'ACTIVE',
    });
    expect(enabled.data!.setAttrIntegrationStatus.status).toBe('ACTIVE');
  });

  it('rotates the postback key and signing secret', async () => {
    const before = (
      await gql<{ attrIntegrationSecrets: Record<string, string> }>(SECRETS, { id: custom.id })
    ).data!.attrIntegrationSecrets;
    const rotated = (
      await gql<{ rotateAttrIntegrationSecret: Record<string, string> }>(ROTATE, {
        id: custom.id,
      })
    ).data!.rotateAttrIntegrationSecret;
    expect(rotated.postbackUrl).not.toBe(before.postbackUrl);
    expect(rotated.signingSecret).not.toBe(before.signingSecret);
    const after = (
      await gql<{ attrIntegrationSecrets: Record<string, string> }>(SECRETS, { id: custom.id })
    ).data!.attrIntegrationSecrets;
    expect(after).toEqual(rotated);
  });

  it('sends a signed test event over HTTP to its own address and says what came back', async () => {
    received.length = 0;
    const secrets = (
      await gql<{ attrIntegrationSecrets: Record<string, string> }>(SECRETS, { id: custom.id })
    ).data!.attrIntegrationSecrets;
    const answer = await gql<{ sendAttrTestEvent: { ok: boolean; httpStatus: number } }>(
      TEST_EVENT,
      {
        id: custom.id,
      },
    );
    expect(answer.data!.sendAttrTestEvent).toMatchObject({ ok: true, httpStatus: 200 });
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(secrets.postbackUrl!).pathname).toBe(request.url);
    const body = JSON.parse(request.body) as { event: string; attribution: unknown };
    expect(body).toMatchObject({ event: TEST_EVENT_NAME, type: 'event', attribution: null });
    const signed = `${request.headers['webhook-id'] as string}.${request.headers['webhook-timestamp'] as string}.${request.body}`;
    const signature = createHmac('sha256', Buffer.from(secrets.signingSecret!.slice(6), 'base64'))
      .update(signed)
      .digest('base64');
    expect(request.headers['webhook-signature']).toBe(`v1,${signature}`);
    expect((await integrationRow(custom.id)).lastEventAt).not.toBeNull();

    receiverStatus = 401;
    const refused = await gql<{
      sendAttrTestEvent: { ok: boolean; httpStatus: number; message: string };
    }>(TEST_EVENT, { id: custom.id });
    receiverStatus = 200;
    expect(refused.data!.sendAttrTestEvent).toEqual({
      ok: false,
      httpStatus: 401,
      message: ATTRIBUTION_MESSAGES.UNAUTHORIZED,
    });
  });

  it('lists the event names received, test events excluded', async () => {
    const event = (eventName: string, eventId: string): AttributedEvent => ({
      eventId,
      kind: 'event',
      eventName,
      eventType: eventName === 'Start Trial' ? 'Start Trial' : null,
      network: 'UNATTRIBUTED',
      campaignId: null,
      adGroupId: null,
      keywordId: null,
      countryOrRegion: null,
      eventTime: new Date().toISOString(),
      installTime: null,
      revenue: null,
    });
    await storeAttributedEvents(
      world.server.database.db,
      { id: custom.id, teamId: world.company.teamId, adamId: world.adamId },
      [
        { event: event('Start Trial', 'a'), raw: {} },
        { event: event('Start Trial', 'b'), raw: {} },
        { event: event('level_up', 'c'), raw: {} },
        { event: event(TEST_EVENT_NAME, 'd'), raw: {} },
      ],
    );
    const list = await gql<{ listAttrIntegrations: View[] }>(LIST, { appId: world.adamId });
    expect(list.data!.listAttrIntegrations[0]!.eventNames).toEqual([
      expect.objectContaining({
        name: 'Start Trial',
        eventType: 'Start Trial',
        kind: 'event',
        count: 2,
      }),
      expect.objectContaining({ name: 'level_up', eventType: null, kind: 'event', count: 1 }),
    ]);
  });

  it('keeps writes to admins and another company out', async () => {
    const staffList = await gql<{ listAttrIntegrations: View[] }>(LIST, {}, staffMember);
    expect(staffList.data!.listAttrIntegrations.length).toBeGreaterThan(0);
    expect(errorOf(await gql(SECRETS, { id: custom.id }, staffMember))).toBe('FORBIDDEN');
    expect(
      errorOf(await gql(CREATE, { appId: world.adamId, partner: 'ADJUST' }, staffMember)),
    ).toBe('FORBIDDEN');
    for (const [query, variables] of [
      [SECRETS, { id: custom.id }],
      [ROTATE, { id: custom.id }],
      [STATUS, { id: custom.id, status: 'DISABLED' }],
      [TEST_EVENT, { id: custom.id }],
      [DELETE, { id: custom.id }],
    ] as const)
      expect(errorOf(await gql(query, variables, world.otherCompany))).toBe('NOT_FOUND');
    expect(
      errorOf(await gql(CREATE, { appId: world.adamId, partner: 'ADJUST' }, world.otherCompany)),
    ).toBe('PARTNER_NEEDS_SYNC');
    const otherList = await gql<{ listAttrIntegrations: View[] }>(LIST, {}, world.otherCompany);
    expect(otherList.data!.listAttrIntegrations).toEqual([]);
  });

  it('deletes with its events and counts', async () => {
    const db = world.server.database.db;
    expect((await gql(DELETE, { id: custom.id })).data).toEqual({ deleteAttrIntegration: true });
    const [events] = await db
      .select({ n: count() })
      .from(attributionEvents)
      .where(eq(attributionEvents.integrationId, custom.id));
    const [daily] = await db
      .select({ n: count() })
      .from(attributionDaily)
      .where(eq(attributionDaily.integrationId, custom.id));
    expect([events!.n, daily!.n]).toEqual([0, 0]);
    expect((await integrationRow(custom.id)).status).toBe('DELETED');
    expect(errorOf(await gql(DELETE, { id: custom.id }))).toBe('NOT_FOUND');
    expect((await gql<{ listAttrIntegrations: View[] }>(LIST)).data!.listAttrIntegrations).toEqual(
      [],
    );
    // A new one may be created once the old one is deleted.
    const again = await create('CUSTOM_POSTBACK');
    expect(again.errors).toBeUndefined();
    await gql(DELETE, { id: again.data!.createAttrIntegration.id });
  });
});

describe('the Kochava pull', () => {
  // A pull and its rerun read the same days: none of them grows between the two (an ad account
  // west of UTC is still in yesterday's date until 08:00 UTC).
  beforeEach(() => clock.hold());
  afterEach(() => clock.release());
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const yesterday = isoDay(Date.now() - 86_400_000);
  const hydrateDate = isoDay(Date.now() - 8 * 86_400_000);
  const API_KEY = 'kochava-secret-api-key';

  async function waitForPull(id: string) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const row = await integrationRow(id);
      if (row.kochavaPulledThrough === yesterday || row.status === 'FAILED') return row;
      if (Date.now() > deadline)
        throw new Error(
          `the Kochava pull did not finish: ${JSON.stringify({ ...row, kochavaApiKeySealed: null })}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function storedEvents(id: string) {
    const [row] = await world.server.database.db
      .select({ n: count() })
      .from(attributionEvents)
      .where(and(eq(attributionEvents.integrationId, id)));
    return row!.n;
  }

  it('saves the pull without answering the key, and pulls through yesterday right away', async () => {
    const saved = await gql<{ kochavaAttributionSave: View }>(KOCHAVA_SAVE, {
      key: API_KEY,
      guid: world.sandbox.partners.kochavaAppGuid(world.adamId),
      appId: world.adamId,
      from: hydrateDate,
      type: 'all',
    });
    expect(saved.errors).toBeUndefined();
    const view = saved.data!.kochavaAttributionSave;
    expect(view.kochava).toEqual({
      appGuid: world.sandbox.partners.kochavaAppGuid(world.adamId),
      type: 'all',
      hydrateDate,
      pulledThrough: null,
    });
    expect(JSON.stringify(saved.data)).not.toContain(API_KEY);
    const row = await waitForPull(view.id);
    expect(row).toMatchObject({
      status: 'ACTIVE',
      lastError: null,
      kochavaPulledThrough: yesterday,
    });
    expect(row.kochavaApiKeySealed).not.toContain(API_KEY);
    const stored = await storedEvents(view.id);
    expect(stored).toBeGreaterThan(0);
    const [apple] = await world.server.database.db
      .select({ n: count() })
      .from(attributionEvents)
      .where(
        and(
          eq(attributionEvents.integrationId, view.id),
          eq(attributionEvents.network, 'APPLE_ADS'),
        ),
      );
    expect(apple!.n).toBeGreaterThan(0);
    const list = await gql<{ listAttrIntegrations: View[] }>(LIST, { appId: world.adamId });
    const names = list.data!.listAttrIntegrations[0]!.eventNames.map((name) => name.name);
    expect(names).toEqual(expect.arrayContaining(['install', 'Registration Complete']));

    // A rerun from the hydrate date stores nothing twice.
    const db = world.server.database.db;
    await db
      .update(attributionIntegrations)
      .set({ kochavaPulledThrough: null })
      .where(eq(attributionIntegrations.id, view.id));
    const rerun = await runKochavaPull(world.server.context, await integrationRow(view.id));
    expect(rerun).toMatchObject({ status: 'ACTIVE', stored: 0, duplicates: stored });
    expect(await storedEvents(view.id)).toBe(stored);
    const upToDate = await runKochavaPull(world.server.context, await integrationRow(view.id));
    expect(upToDate.status).toBe('UP_TO_DATE');
  }, 150_000);

  it('marks a failed pull FAILED with a message, and ACTIVE again on the next success', async () => {
    const [row] = await world.server.database.db
      .update(attributionIntegrations)
      .set({ kochavaPulledThrough: hydrateDate })
      .where(eq(attributionIntegrations.partner, 'KOCHAVA'))
      .returning();
    world.sandbox.setFaults({ kochavaServerErrors: 1 });
    const failed = await runKochavaPull(world.server.context, row!);
    expect(failed.status).toBe('FAILED');
    const afterFailure = await integrationRow(row!.id);
    expect(afterFailure).toMatchObject({
      status: 'FAILED',
      lastError: 'Kochava answered HTTP 500.',
    });
    expect(afterFailure.lastError).not.toContain(API_KEY);
    const list = await gql<{ listAttrIntegrations: View[] }>(LIST, { appId: world.adamId });
    expect(list.data!.listAttrIntegrations[0]).toMatchObject({
      status: 'FAILED',
      lastError: 'Kochava answered HTTP 500.',
    });
    const retried = await runKochavaPull(world.server.context, afterFailure);
    expect(retried.status).toBe('ACTIVE');
    expect(await integrationRow(row!.id)).toMatchObject({
      status: 'ACTIVE',
      lastError: null,
      kochavaPulledThrough: yesterday,
    });
  });

  it('refuses a wrong key as a failed pull, and deletes the pull with its events', async () => {
    const saved = await gql<{ kochavaAttributionSave: View }>(KOCHAVA_SAVE, {
      key: 'invalid-key',
      guid: world.sandbox.partners.kochavaAppGuid(world.adamId),
      appId: world.adamId,
      from: hydrateDate,
      type: 'install',
    });
    const row = await waitForPull(saved.data!.kochavaAttributionSave.id);
    expect(row).toMatchObject({
      status: 'FAILED',
      lastError: 'Kochava refused the API key or app GUID.',
    });
    expect(errorOf(await gql(KOCHAVA_DELETE, { appId: world.adamId }, staffMember))).toBe(
      'FORBIDDEN',
    );
    expect(errorOf(await gql(KOCHAVA_DELETE, { appId: world.adamId }, world.otherCompany))).toBe(
      'NOT_FOUND',
    );
    expect((await gql(KOCHAVA_DELETE, { appId: world.adamId })).data).toEqual({
      kochavaAttributionDelete: true,
    });
    expect(await storedEvents(row.id)).toBe(0);
    expect(errorOf(await gql(KOCHAVA_DELETE, { appId: world.adamId }))).toBe('NOT_FOUND');
  });
});
