import {
  chartEntrySchema,
  chartFeedSchema,
  searchResponseSchema,
  softwareResultSchema,
} from '@tapwise/app-store/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, categoryOf, categoryVocabulary, termPopularity } from '../model/catalogue.js';
import { startSandbox, type Sandbox } from '../server/sandbox-server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 42, scenario: 'demo', now: () => Date.UTC(2026, 10, 20) });
});
afterAll(() => sandbox.close());

async function get(path: string) {
  const response = await fetch(`${sandbox.appStoreUrl}${path}`);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function searchResults(query: string) {
  const answer = await get(`/search?${query}`);
  expect(answer.status).toBe(200);
  const body = searchResponseSchema.parse(JSON.parse(answer.text));
  const results = body.results.map((result) => softwareResultSchema.parse(result));
  expect(body.resultCount).toBe(results.length);
  return results;
}

async function chartEntries(path: string) {
  const answer = await get(path);
  expect(answer.status).toBe(200);
  const { feed } = chartFeedSchema.parse(JSON.parse(answer.text));
  const entries =
    feed.entry === undefined ? [] : Array.isArray(feed.entry) ? feed.entry : [feed.entry];
  return entries.map((entry) => chartEntrySchema.parse(entry));
}

const scenarioApps = () =>
  sandbox
    .accounts()
    .flatMap((account) => account.adamIds.map((adamId) => sandbox.store.appsByAdamId.get(adamId)!));

describe('GET /app-store/search', () => {
  it("answers Apple's software results, 50 by default and at most 200", async () => {
    const results = await searchResults('term=puzzle+game&country=us&entity=software');
    expect(results).toHaveLength(50);
    expect(results[0]).toMatchObject({ wrapperType: 'software', kind: 'software' });
    const all = await searchResults('term=puzzle+game&country=us&limit=500');
    expect(all.length).toBeLessThanOrEqual(200);
    expect(all.length).toBeGreaterThan(50);
    expect(all.slice(0, 50)).toEqual(results);
  });

  it('ranks every scenario app for the head terms of its own category', async () => {
    for (const app of scenarioApps()) {
      for (const head of categoryOf(app).heads) {
        const results = await searchResults(
          `term=${encodeURIComponent(head)}&country=us&limit=200`,
        );
        expect(results.map((result) => result.trackId)).toContain(app.adamId);
      }
    }
  });

  it('returns more apps for a more popular term', async () => {
    const terms = categoryVocabulary(CATEGORIES[0]!)
      .map((term) => ({ term, popularity: termPopularity(term, 'US') }))
      .sort((a, b) => b.popularity - a.popularity);
    const popular = terms[0]!;
    const rare = terms.at(-1)!;
    expect(popular.popularity).toBeGreaterThan(rare.popularity + 20);
    const popularCount = (await searchResults(`term=${encodeURIComponent(popular.term)}&limit=200`))
      .length;
    const rareCount = (await searchResults(`term=${encodeURIComponent(rare.term)}&limit=200`))
      .length;
    expect(popularCount).toBeGreaterThan(rareCount);
  });

  it('finds nothing for a term no app answers to', async () => {
    expect(await searchResults('term=zzqx+vbnm')).toEqual([]);
  });

  it('searches iPad apps among the storefront’s apps with entity=iPadSoftware', async () => {
    const iphone = await searchResults('term=photo+editor&limit=200');
    const ipad = await searchResults('term=photo+editor&entity=iPadSoftware&limit=200');
    expect(ipad.length).toBeGreaterThan(0);
    expect(
      ipad.every((result) => result.supportedDevices?.some((device) => device.startsWith('iPad'))),
    ).toBe(true);
    const iphoneIds = new Set(iphone.map((result) => result.trackId));
    expect(ipad.filter((result) => iphoneIds.has(result.trackId)).length).toBeGreaterThan(0);
  });

  it('takes software and iPadSoftware together as Apple does, and refuses other entities', async () => {
    expect(await searchResults('term=budget&entity=software,iPadSoftware')).toEqual(
      await searchResults('term=budget&entity=software'),
    );
    const refused = await get('/search?term=budget&entity=album');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      errorMessage: 'Invalid value(s) for key(s): [entity]',
    });
  });

  it('finds nothing in a storefront where the catalogue is not published', async () => {
    expect(await searchResults('term=budget&country=br')).toEqual([]);
  });

  it('refuses an unknown storefront as Apple does: 400 with an errorMessage', async () => {
    const answer = await get('/search?term=budget&country=zz');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({
      errorMessage: 'Invalid value(s) for key(s): [country]',
    });
  });

  it('answers the same results for the same seed', async () => {
    const other = await startSandbox({ seed: 42, scenario: 'demo' });
    try {
      const path = '/search?term=budget&country=gb&limit=20';
      const mine = (await get(path)).text.replaceAll(sandbox.appStoreUrl, '');
      const theirs = (await (await fetch(`${other.appStoreUrl}${path}`)).text()).replaceAll(
        other.appStoreUrl,
        '',
      );
      expect(theirs).toEqual(mine);
    } finally {
      await other.close();
    }
  });
});

describe('GET /app-store/lookup', () => {
  it('answers the apps found, in the order asked, and leaves unknown ids out', async () => {
    const [first, second] = scenarioApps();
    const results = (await get(`/lookup?id=${second!.adamId},999,${first!.adamId}&country=de`))
      .text;
    const body = searchResponseSchema.parse(JSON.parse(results));
    const apps = body.results.map((result) => softwareResultSchema.parse(result));
    expect(apps.map((app) => app.trackId)).toEqual([second!.adamId, first!.adamId]);
    expect(apps[0]).toMatchObject({
      trackName: second!.name,
      artistName: second!.developer,
      currency: 'EUR',
    });
  });

  it('answers resultCount 0 when no id is known', async () => {
    expect(JSON.parse((await get('/lookup?id=1&country=us')).text)).toEqual({
      resultCount: 0,
      results: [],
    });
  });
});

describe('GET /app-store/{cc}/rss/top{free,paid}applications', () => {
  it('charts only games for genre 6014 and only the game genre asked for 7001-7019', async () => {
    const games = await chartEntries('/us/rss/topfreeapplications/limit=100/genre=6014/json');
    expect(games.length).toBeGreaterThan(5);
    expect(games.every((entry) => entry.category.attributes['im:id'] === '6014')).toBe(true);
    const puzzle = await chartEntries('/us/rss/topfreeapplications/limit=100/genre=7012/json');
    const ids = puzzle.map((entry) => entry.id.attributes['im:id']).join(',');
    const lookup = searchResponseSchema.parse(JSON.parse((await get(`/lookup?id=${ids}`)).text));
    expect(lookup.results.map((result) => softwareResultSchema.parse(result).genreIds)).toEqual(
      puzzle.map(() => ['6014', '7012']),
    );
  });

  it('charts paid apps with their price and free apps at zero, in the storefront currency', async () => {
    const paid = await chartEntries('/gb/rss/toppaidapplications/limit=200/json');
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((entry) => Number(entry['im:price'].attributes.amount) > 0)).toBe(true);
    expect(paid.every((entry) => entry['im:price'].attributes.currency === 'GBP')).toBe(true);
    const free = await chartEntries('/gb/rss/topfreeapplications/limit=200/json');
    expect(free.every((entry) => entry['im:price'].attributes.amount === '0.00000')).toBe(true);
    expect(free).toHaveLength(200);
    const freeIds = new Set(free.map((entry) => entry.id.attributes['im:id']));
    expect(paid.some((entry) => freeIds.has(entry.id.attributes['im:id']))).toBe(false);
  });

  it('charts iPad apps on the iPad feeds', async () => {
    const ipad = await chartEntries('/us/rss/topfreeipadapplications/limit=200/json');
    const ids = ipad.map((entry) => entry.id.attributes['im:id']).join(',');
    const lookup = searchResponseSchema.parse(JSON.parse((await get(`/lookup?id=${ids}`)).text));
    const devices = lookup.results.map(
      (result) => softwareResultSchema.parse(result).supportedDevices,
    );
    expect(ipad.length).toBeGreaterThan(0);
    expect(
      devices.every((supported) => supported?.some((device) => device.startsWith('iPad'))),
    ).toBe(true);
  });

  it('answers 404 for a storefront the App Store does not have, and no entry for an unknown genre', async () => {
    expect((await get('/zz/rss/topfreeapplications/limit=10/json')).status).toBe(404);
    expect(await chartEntries('/us/rss/topfreeapplications/limit=10/genre=6999/json')).toEqual([]);
  });

  it('sends a chart of one entry as an object, as Apple does', async () => {
    const answer = JSON.parse((await get('/us/rss/topfreeapplications/limit=1/json')).text);
    expect(Array.isArray(answer.feed.entry)).toBe(false);
    chartEntrySchema.parse(answer.feed.entry);
  });
});

describe('App Store faults', () => {
  it('answers 503 during an outage while /v1 keeps answering', async () => {
    sandbox.setFaults({ appStoreOutage: 2 });
    expect((await get('/search?term=budget')).status).toBe(503);
    expect((await fetch(`${sandbox.url}/campaigns`)).status).toBe(401);
    expect((await get('/search?term=budget')).status).toBe(503);
    expect((await get('/search?term=budget')).status).toBe(200);
  });

  it('answers 429 with Retry-After while rate limited through the admin endpoint', async () => {
    const switched = await fetch(`${sandbox.adminUrl}/faults`, {
      method: 'PUT',
      body: JSON.stringify({ appStoreRateLimitBurst: 1, retryAfterSeconds: 3 }),
    });
    expect(await switched.json()).toMatchObject({ appStoreRateLimitBurst: 1 });
    const limited = await get('/lookup?id=1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await get('/lookup?id=1')).status).toBe(200);
    sandbox.resetFaults();
  });
});

it('serves the artwork its results point to', async () => {
  const [result] = await searchResults('term=budget&limit=1');
  const artwork = await fetch(result!.artworkUrl512!);
  expect(artwork.status).toBe(200);
  expect(artwork.headers.get('content-type')).toBe('image/svg+xml');
  expect(await artwork.text()).toContain('<svg');
});
