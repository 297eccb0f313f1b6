// The sandbox's partners against the real postback route: for each partner an integration made
// through GraphQL, the sandbox sending its postbacks in that partner's format over HTTP, every
// install and event stored once (duplicates and shuffled order included) with the sandbox's own
// Apple Ads ids; each partner's test event accepted by the route and never listed; and the demo's
// partner (a custom postback on the first app, 30 days sent by the sandbox).
import { and, asc, count, eq, max, min } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../platform/testing/api-client';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { holdableClock } from '../sync/sync-test-kit';
import { apps, campaigns } from '../ads-data/ads-entities.tables';
import { appleAdsIntegrations } from '../integrations/integrations.tables';
import { demoPostbacksJob } from './jobs/demo-postbacks.job';
import { attributionEvents } from './attribution.tables';
import { sendTestEvent } from './attribution.service';

let world: CreationWorld;
const clock = holdableClock();

beforeAll(async () => {
  world = await startCreationWorld({ synced: true, sandbox: { now: clock.now } });
}, 300_000);
afterAll(() => world?.close());
// A send and its repeat cover the same days: no partner event comes due between them.
beforeEach(() => clock.hold());
afterEach(() => clock.release());

const PARTNERS = [
  'APPSFLYER',
  'ADJUST',
  'SINGULAR',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const;

async function connect(partner: (typeof PARTNERS)[number]) {
  const api = apiClient(world.server.url);
  const created = await api.graphql<{ createAttrIntegration: { id: string } }>(
    `mutation($appId: Float!, $partner: String!) { createAttrIntegration(appId: $appId, partner: $partner) { id } }`,
    { appId: world.adamId, partner },
    world.company.session,
  );
  const id = created.data!.createAttrIntegration.id;
  const secrets = await api.graphql<{
    attrIntegrationSecrets: { postbackUrl: string; signingSecret: string | null };
  }>(
    `query($id: ID!) { attrIntegrationSecrets(id: $id) { postbackUrl signingSecret } }`,
    { id },
    world.company.session,
  );
  const { postbackUrl, signingSecret } = secrets.data!.attrIntegrationSecrets;
  // The GET partners' URLs carry their macro template; the others post to the base URL.
  expect(postbackUrl.includes('?')).toBe(partner === 'ADJUST' || partner === 'TENJIN');
  expect(signingSecret !== null).toBe(partner === 'CUSTOM_POSTBACK');
  // The key of the URL, on the test server (the configured public URL is not where it listens).
  const key = new URL(postbackUrl).pathname.split('/').pop()!;
  return { id, url: `${world.server.url}/v1/api/postbacks/${key}`, signingSecret };
}

async function storedOf(integrationId: string, network?: 'APPLE_ADS') {
  const [row] = await world.server.database.db
    .select({ n: count() })
    .from(attributionEvents)
    .where(
      and(
        eq(attributionEvents.integrationId, integrationId),
        network ? eq(attributionEvents.network, network) : undefined,
      ),
    );
  return row!.n;
}

describe('sandbox partner postbacks through the postback route', () => {
  it.each(PARTNERS)(
    '%s: every install and event stored once, with Apple Ads ids',
    async (partner) => {
      const integration = await connect(partner);
      const options = {
        url: integration.url,
        partner,
        adamId: world.adamId,
        days: 7,
        share: 0.3,
        ...(integration.signingSecret ? { signingSecret: integration.signingSecret } : {}),
      };
      const sent = await world.sandbox.partners.sendPostbacks({
        ...options,
        duplicateShare: 0.1,
        shuffle: true,
      });
      expect(sent.installs).toBeGreaterThan(0);
      expect(sent.statuses).toEqual({ 200: sent.sent });
      expect(await storedOf(integration.id)).toBe(sent.installs + sent.events);
      // Again: nothing new.
      const again = await world.sandbox.partners.sendPostbacks(options);
      expect(again.statuses).toEqual({ 200: again.sent });
      expect(await storedOf(integration.id)).toBe(sent.installs + sent.events);
      const apple = await world.server.database.db
        .select({
          campaignId: attributionEvents.campaignId,
          keywordId: attributionEvents.keywordId,
        })
        .from(attributionEvents)
        .where(
          and(
            eq(attributionEvents.integrationId, integration.id),
            eq(attributionEvents.network, 'APPLE_ADS'),
          ),
        );
      expect(apple.length).toBeGreaterThan(0);
      const synced = new Set(
        (
          await world.server.database.db
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(eq(campaigns.teamId, world.company.teamId))
        ).map((row) => row.id),
      );
      for (const row of apple) {
        expect(synced.has(row.campaignId!)).toBe(true);
        expect(world.sandbox.store.keywords.get(row.keywordId!)?.campaignId).toBe(row.campaignId);
      }

      // The test event reaches the same route in the partner's format, and is never listed.
      const before = await storedOf(integration.id);
      const ctx = {
        ...world.server.context,
        config: { ...world.server.context.config, publicUrl: world.server.url },
      };
      const caller = { teamId: world.company.teamId } as Parameters<typeof sendTestEvent>[1];
      const test = await sendTestEvent(ctx, caller, integration.id);
      expect(test).toEqual({ ok: true, httpStatus: 200, message: 'The test event was received.' });
      expect(await storedOf(integration.id)).toBe(before + 1);
      const list = await apiClient(world.server.url).graphql<{
        listAttrIntegrations: { id: string; eventNames: { name: string }[] }[];
      }>(`{ listAttrIntegrations { id eventNames { name } } }`, {}, world.company.session);
      const names = list
        .data!.listAttrIntegrations.find((row) => row.id === integration.id)!
        .eventNames.map((name) => name.name);
      expect(names).toEqual(expect.arrayContaining(['install', 'Registration Complete']));
      expect(names).not.toContain('tapwise_test');
    },
  );
});

describe("the demo's partner", () => {
  it('connects a custom postback to the first app once synced, and the sandbox sends 30 days', async () => {
    const db = world.server.database.db;
    const api = apiClient(world.server.url);
    const listed = await api.graphql<{ listAttrIntegrations: { id: string }[] }>(
      `{ listAttrIntegrations { id } }`,
      {},
      world.company.session,
    );
    for (const { id } of listed.data!.listAttrIntegrations)
      await api.graphql(
        `mutation($id: ID!) { deleteAttrIntegration(id: $id) }`,
        { id },
        world.company.session,
      );
    await db
      .update(appleAdsIntegrations)
      .set({ demoMode: true })
      .where(eq(appleAdsIntegrations.teamId, world.company.teamId));
    const ctx = {
      ...world.server.context,
      config: { ...world.server.context.config, publicUrl: world.server.url },
    };
    await demoPostbacksJob.handle({ teamId: world.company.teamId }, ctx);
    const after = await api.graphql<{
      listAttrIntegrations: {
        id: string;
        appId: number;
        partner: string;
        eventNames: { name: string; count: number }[];
      }[];
    }>(
      `{ listAttrIntegrations { id appId partner eventNames { name count } } }`,
      {},
      world.company.session,
    );
    const [demo] = after.data!.listAttrIntegrations;
    const [firstApp] = await db
      .select({ adamId: apps.adamId })
      .from(apps)
      .where(eq(apps.teamId, world.company.teamId))
      .orderBy(asc(apps.adamId))
      .limit(1);
    expect(demo).toMatchObject({ appId: firstApp!.adamId, partner: 'CUSTOM_POSTBACK' });
    const stored = await storedOf(demo!.id);
    expect(stored).toBeGreaterThan(0);
    expect(demo!.eventNames.map((name) => name.name)).toEqual(
      expect.arrayContaining(['install', 'Registration Complete', 'Start Trial']),
    );
    // The demo shows a goal with numbers: its trials over the days the sandbox sent.
    const [sent] = await db
      .select({ start: min(attributionEvents.day), end: max(attributionEvents.day) })
      .from(attributionEvents)
      .where(eq(attributionEvents.integrationId, demo!.id));
    const goals = await api.graphql<{
      getGoals: { name: string; appId: number; numbers: { counts: { goals: number } } }[];
    }>(
      `query($period: DateRangeInput!) { getGoals(period: $period) { name appId numbers { counts { goals } } } }`,
      { period: { start: sent!.start, end: sent!.end } },
      world.company.session,
    );
    expect(goals.data!.getGoals).toEqual([
      expect.objectContaining({ name: 'Trials', appId: firstApp!.adamId }),
    ]);
    expect(goals.data!.getGoals[0]!.numbers.counts.goals).toBeGreaterThan(0);
    // Run again (a restart): nothing is sent twice, and no second goal is made.
    await demoPostbacksJob.handle({ teamId: world.company.teamId }, ctx);
    expect(await storedOf(demo!.id)).toBe(stored);
    const again = await api.graphql<{ getGoalsFromApp: unknown[] }>(
      `query($appId: Float!) { getGoalsFromApp(appId: $appId) { id } }`,
      { appId: firstApp!.adamId },
      world.company.session,
    );
    expect(again.data!.getGoalsFromApp).toHaveLength(1);
  });
});
