// The client against the Apple Ads sandbox's App Store simulation, as the server uses it in the
// demo and in every test.
import { startSandbox, type Sandbox } from '@tapwise/apple-ads-sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppStoreClient } from './client.js';

const US = { country: 'us', language: 'en', device: 'iphone' } as const;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, scenario: 'demo' });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.resetFaults());

function client(sleeps: number[] = []) {
  return createAppStoreClient({
    baseUrl: sandbox.appStoreUrl,
    requestsPerMinute: 0,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}

describe('the client against the sandbox App Store', () => {
  it('looks up the scenario apps, finds one by its name and lists its category chart', async () => {
    const adamIds = sandbox.accounts().flatMap((account) => account.adamIds);
    const appStore = client();

    const apps = await appStore.lookup(adamIds, US);
    const app = apps[0]!;
    const { apps: found, totalApps } = await appStore.search(app.title, { ...US, limit: 200 });
    const chart = await appStore.topChart({
      country: 'us',
      genreId: app.primaryGenreId,
      type: 'free',
      limit: 50,
    });

    expect(apps.map((each) => each.adamId)).toEqual(adamIds);
    expect(found.map((each) => each.adamId)).toContain(app.adamId);
    expect(totalApps).toBe(found.length);
    expect(chart.length).toBeGreaterThan(0);
    expect(chart.every((each) => each.primaryGenreId === app.primaryGenreId)).toBe(true);
    // Enriched by the batched lookup: chart cards carry ratings and versions.
    expect(chart.some((each) => each.rating !== null && each.version !== null)).toBe(true);
  });

  it('rides out an App Store outage and a burst of 429s', async () => {
    const [adamId] = sandbox.accounts()[0]!.adamIds;
    const [app] = await client().lookup([adamId!], US);
    sandbox.setFaults({ appStoreOutage: 1, appStoreRateLimitBurst: 1, retryAfterSeconds: 2 });
    const sleeps: number[] = [];

    const { apps } = await client(sleeps).search(app!.title, { ...US, limit: 200 });

    expect(apps.map((each) => each.adamId)).toContain(adamId);
    expect(sleeps).toHaveLength(2);
    expect(sleeps).toContain(2000);
  });
});
