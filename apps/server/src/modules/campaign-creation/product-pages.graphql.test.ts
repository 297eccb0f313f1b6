// getProductPages through the real API, a real database and the in-process Apple Ads sandbox as
// Apple: the pages and asset counts are the sandbox's own; read-only members may read, another
// company's ad account is not found, and Apple's failure answers "Unable to fetch asset details".
import { CAMPAIGN_CREATION_MESSAGES, type ProductPageSummary } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { startCreationWorld, type CreationWorld } from './creation-test-world';

let world: CreationWorld;

beforeAll(async () => {
  world = await startCreationWorld();
}, 300_000);
afterAll(() => world?.close());

const PAGES = `query($adAccountId: Float!, $adamId: Float!) {
  getProductPages(adAccountId: $adAccountId, adamId: $adamId) {
    kind productPageId name state locales
    devices { deviceSize deviceClass assets fallbackDevices } } }`;

async function productPages(
  session?: Session,
  target = { adAccountId: world.adAccountId, adamId: world.adamId },
) {
  return (await apiClient(world.server.url).graphql<{ getProductPages: ProductPageSummary[] }>(
    PAGES,
    target,
    session,
  )) as {
    data?: { getProductPages: ProductPageSummary[] } | null;
    errors?: { message: string; extensions?: { error?: string } }[];
  };
}

/** The display sizes the sandbox gives a page whose largest iPhone size holds `iphones` assets. */
const sandboxDevices = (iphones: number) => [
  { deviceSize: 'iphone_6_7', deviceClass: 'IPHONE', assets: iphones, fallbackDevices: [] },
  { deviceSize: 'iphone_6_5', deviceClass: 'IPHONE', assets: 2, fallbackDevices: ['iphone_6_7'] },
  { deviceSize: 'ipad_12_9', deviceClass: 'IPAD', assets: 2, fallbackDevices: [] },
  { deviceSize: 'ipad_11', deviceClass: 'IPAD', assets: 1, fallbackDevices: ['ipad_12_9'] },
];

describe('getProductPages', () => {
  it("lists the app's default page, then its custom pages, as the sandbox holds them", async () => {
    const answer = await productPages(world.company.session);
    expect(answer.errors).toBeUndefined();
    const [defaultPage, ...custom] = answer.data!.getProductPages;
    const app = world.sandbox.store.appsByAdamId.get(world.adamId)!;
    expect(defaultPage).toMatchObject({
      kind: 'default',
      productPageId: null,
      name: app.name,
      state: null,
      devices: sandboxDevices(3),
    });
    expect(defaultPage!.locales[0]).toBe('en-US');
    expect(defaultPage!.locales.length).toBeGreaterThan(1);
    const stored = [...world.sandbox.store.productPages.values()].filter(
      (p) => p.adamId === world.adamId,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(
      custom.map(({ productPageId, name, state }) => ({ productPageId, name, state })),
    ).toEqual(
      stored
        .map((page) => ({ productPageId: page.id, name: page.name, state: page.state }))
        .sort((a, b) => a.productPageId.localeCompare(b.productPageId)),
    );
    for (const page of custom) {
      expect(page.kind).toBe('custom');
      expect(page.locales[0]).toBe('en-US');
      const iphones = page.devices[0]!.assets;
      expect([1, 2, 3]).toContain(iphones);
      expect(page.devices).toEqual(sandboxDevices(iphones));
    }
  });

  it('answers a read-only member as it answers the admin', async () => {
    const admin = await productPages(world.company.session);
    const readOnly = await productPages(world.readOnlyMember);
    expect(readOnly.errors).toBeUndefined();
    expect(readOnly.data).toEqual(admin.data);
  });

  it("refuses the anonymous and finds no other company's ad account", async () => {
    const anonymous = await productPages();
    expect(anonymous.data?.getProductPages ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.extensions?.error).toBe('INVALID_SESSION');
    const other = await productPages(world.otherCompany);
    expect(other.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
  });

  it('answers an app the ad account does not have as not found, not as an outage', async () => {
    const answer = await productPages(world.company.session, {
      adAccountId: world.adAccountId,
      adamId: 9,
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: CAMPAIGN_CREATION_MESSAGES.assetDetailsFailed,
      extensions: { error: 'NOT_FOUND' },
    });
  });

  it('answers "Unable to fetch asset details" when Apple keeps refusing', async () => {
    // Every request answers 429 with Retry-After 0, so the client's retries end at once.
    world.sandbox.setFaults({ rateLimitBurst: 100, retryAfterSeconds: 0 });
    try {
      const answer = await productPages(world.company.session);
      expect(answer.errors?.[0]).toMatchObject({
        message: CAMPAIGN_CREATION_MESSAGES.assetDetailsFailed,
        extensions: { error: 'APPLE_ADS_READ_FAILED' },
      });
    } finally {
      world.sandbox.resetFaults();
    }
  });
});
