// The sandbox's partners against the real postback route: for each partner an integration made
// through GraphQL, the sandbox sending its postbacks in that partner's format over HTTP, every
// install and event stored once (duplicates and shuffled order included) with the sandbox's own
// Apple Ads ids; and each partner's test event accepted by the route and never listed.
import { count, eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../platform/testing/api-client';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { campaigns } from '../ads-data/ads-entities.tables';
import { attributionEvents } from './attribution.tables';
import { sendTestEvent } from './attribution.service';

let world: CreationWorld;

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
}, 300_000);
afterAll(() => world?.close());

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
