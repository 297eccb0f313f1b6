import { afterEach, describe, expect, it } from 'vitest';
import { createAppStoreClient, type AppStoreClientOptions } from './client.js';
import { AppStoreError } from './errors.js';
import {
  chartEntry,
  chartFeed,
  resultsAnswer,
  softwareResult,
} from './testing/app-store-answers.js';
import { startAppStoreStub, type AppStoreStub, type StubAnswer } from './testing/app-store-stub.js';
import type { AppStoreCache } from './types.js';

const US = { country: 'us', language: 'en', device: 'iphone' } as const;

let stub: AppStoreStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/**
 * A fake clock: a sleep is recorded and, once the current work has settled, the clock jumps to
 * the earliest wake-up. Concurrent sleepers therefore overlap as they would in real time.
 */
function fakeClock() {
  const clock = { time: 1_000_000, sleeps: [] as number[] };
  const timers: { wake: number; resolve: () => void }[] = [];
  const fireEarliest = () => {
    timers.sort((a, b) => a.wake - b.wake);
    const timer = timers.shift();
    if (!timer) return;
    clock.time = Math.max(clock.time, timer.wake);
    timer.resolve();
  };
  return {
    clock,
    now: () => clock.time,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        clock.sleeps.push(ms);
        timers.push({ wake: clock.time + ms, resolve });
        setImmediate(fireEarliest);
      }),
  };
}

async function clientFor(answer: (url: URL) => StubAnswer, options: AppStoreClientOptions = {}) {
  stub = await startAppStoreStub(answer);
  const { clock, now, sleep } = fakeClock();
  const client = createAppStoreClient({
    baseUrl: stub.baseUrl,
    requestsPerMinute: 0,
    now,
    sleep,
    ...options,
  });
  return { client, clock, requests: stub.requests };
}

/** Answers a lookup with a software result for each id it asks for. */
function lookupAnswer(url: URL, known: (id: number) => boolean = () => true): StubAnswer {
  const ids = (url.searchParams.get('id') ?? '').split(',').map(Number).filter(known);
  return { body: resultsAnswer(ids.map((id) => softwareResult(id))) };
}

function memoryCache() {
  const entries = new Map<string, { value: unknown; ttlSeconds: number }>();
  const cache: AppStoreCache = {
    get: async (key) => entries.get(key)?.value,
    set: async (key, value, ttlSeconds) => {
      entries.set(key, { value: structuredClone(value), ttlSeconds });
    },
  };
  return { cache, entries };
}

describe('search', () => {
  it('asks the storefront in its language and maps the recorded answer', async () => {
    const { client, requests } = await clientFor(() => ({
      body: resultsAnswer([softwareResult(), softwareResult(1001)]),
    }));

    const result = await client.search('photo editor', { ...US, limit: 50 });

    const url = new URL(requests[0]!, 'http://stub');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      term: 'photo editor',
      country: 'us',
      lang: 'en_us',
      entity: 'software',
      limit: '50',
    });
    expect(result.totalApps).toBe(2);
    expect(result.apps.map((app) => app.adamId)).toEqual([284882215, 1001]);
    expect(result.apps[0]).toEqual({
      adamId: 284882215,
      title: 'Facebook',
      developer: 'Meta Platforms, Inc.',
      icon: expect.stringContaining('/512x512bb.jpg'),
      bundleId: 'com.facebook.Facebook',
      genres: ['Social Networking'],
      genreIds: [6005],
      primaryGenreId: 6005,
      primaryGenreName: 'Social Networking',
      rating: 4.13507,
      ratingCount: 6656127,
      version: '445.0.0',
      price: 0,
      currency: 'USD',
    });
  });

  it('searches iPad software and never asks for more than 200 results', async () => {
    const { client, requests } = await clientFor(() => ({ body: resultsAnswer([]) }));

    await client.search('chess', { ...US, device: 'ipad', limit: 500 });

    const url = new URL(requests[0]!, 'http://stub');
    expect(url.searchParams.get('entity')).toBe('iPadSoftware');
    expect(url.searchParams.get('limit')).toBe('200');
  });

  it('skips results that are not iOS software', async () => {
    const song = { wrapperType: 'track', kind: 'song', trackId: 5, trackName: 'A song' };
    const macApp = softwareResult(7, { kind: 'mac-software' });
    const { client } = await clientFor(() => ({
      body: resultsAnswer([song, softwareResult(6), macApp]),
    }));

    const result = await client.search('chess', { ...US, limit: 10 });

    expect(result.apps.map((app) => app.adamId)).toEqual([6]);
  });

  it('reports an app nobody rated with a null rating and the smaller icons when 512 is missing', async () => {
    const unrated = softwareResult(8, {
      averageUserRating: undefined,
      userRatingCount: 0,
      artworkUrl512: undefined,
    });
    const { client } = await clientFor(() => ({ body: resultsAnswer([unrated]) }));

    const [app] = (await client.search('chess', { ...US, limit: 10 })).apps;

    expect(app).toMatchObject({ rating: null, ratingCount: 0 });
    expect(app?.icon).toContain('/100x100bb.jpg');
  });
});

describe('lookup', () => {
  it('splits more than 100 ids into batches and asks once per id', async () => {
    const { client, requests } = await clientFor((url) => lookupAnswer(url));
    const ids = Array.from({ length: 250 }, (_, index) => 1000 + index);

    const apps = await client.lookup([...ids, 1000, 1001], US);

    expect(requests).toHaveLength(3);
    const batches = requests.map((path) =>
      new URL(path, 'http://stub').searchParams.get('id')!.split(','),
    );
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(new URL(requests[0]!, 'http://stub').searchParams.get('entity')).toBe('software');
    expect(apps.map((app) => app.adamId)).toEqual(ids);
  });

  it('sends nothing for no ids', async () => {
    const { client, requests } = await clientFor((url) => lookupAnswer(url));

    expect(await client.lookup([], US)).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('top charts', () => {
  it('reads the genre chart and enriches it with one batched lookup', async () => {
    const { client, requests } = await clientFor((url) =>
      url.pathname === '/lookup'
        ? lookupAnswer(url, (id) => id !== 389801252)
        : { body: chartFeed([chartEntry(), chartEntry(2002)]) },
    );

    const apps = await client.topChart({ country: 'us', genreId: 6008, type: 'free', limit: 10 });

    expect(requests[0]).toBe('/us/rss/topfreeapplications/limit=10/genre=6008/json');
    expect(requests[1]).toBe('/lookup?id=389801252,2002&country=us&entity=software');
    expect(apps.map((app) => app.adamId)).toEqual([389801252, 2002]);
    // Instagram is unknown to the lookup: it keeps what the chart said.
    expect(apps[0]).toEqual({
      adamId: 389801252,
      title: 'Instagram',
      developer: 'Instagram, Inc.',
      icon: expect.stringContaining('/100x100bb-85.png'),
      bundleId: 'com.burbn.instagram',
      genres: ['Photo & Video'],
      genreIds: [6008],
      primaryGenreId: 6008,
      primaryGenreName: 'Photo & Video',
      rating: null,
      ratingCount: 0,
      version: null,
      price: 0,
      currency: 'USD',
    });
    expect(apps[1]).toMatchObject({ title: 'App 2002', rating: 4.13507, version: '445.0.0' });
  });

  it('omits the genre for all apps, reads iPad paid charts and takes a single entry', async () => {
    const { client, requests } = await clientFor((url) =>
      url.pathname === '/lookup' ? lookupAnswer(url) : { body: chartFeed([chartEntry(3003)]) },
    );

    const apps = await client.topChart({
      country: 'gb',
      genreId: 0,
      type: 'paid',
      limit: 100,
      device: 'ipad',
    });

    expect(requests[0]).toBe('/gb/rss/toppaidipadapplications/limit=100/json');
    expect(apps.map((app) => app.adamId)).toEqual([3003]);
  });

  it('answers an empty chart without a lookup', async () => {
    const { client, requests } = await clientFor(() => ({ body: chartFeed([]) }));

    expect(await client.topChart({ country: 'us', genreId: 0, type: 'free', limit: 5 })).toEqual(
      [],
    );
    expect(requests).toHaveLength(1);
  });
});

describe('cache', () => {
  it('answers a repeated question from the cache without a request', async () => {
    const { cache, entries } = memoryCache();
    const { client, requests } = await clientFor(
      (url) =>
        url.pathname === '/lookup'
          ? lookupAnswer(url)
          : { body: resultsAnswer([softwareResult()]) },
      { cache },
    );

    const first = await client.search('chess', { ...US, limit: 10 });
    const again = await client.search('chess', { ...US, limit: 10 });
    await client.lookup([1, 2], US);
    await client.lookup([1, 2], US);

    expect(again).toEqual(first);
    expect(requests).toHaveLength(2);
    const ttls = Object.fromEntries(
      [...entries].map(([key, entry]) => [key.replace(stub!.baseUrl, ''), entry.ttlSeconds]),
    );
    expect(ttls).toEqual({
      'GET /search?term=chess&country=us&lang=en_us&entity=software&limit=10': 6 * 3600,
      'GET /lookup?id=1,2&country=us&entity=software': 24 * 3600,
    });
  });

  it('asks again when a cached answer no longer validates', async () => {
    const { cache, entries } = memoryCache();
    const { client, requests } = await clientFor(
      () => ({ body: resultsAnswer([softwareResult()]) }),
      { cache },
    );
    const url = `${stub!.baseUrl}/lookup?id=284882215&country=us&entity=software`;
    await cache.set(`GET ${url}`, { results: 'stale' }, 60);

    const apps = await client.lookup([284882215], US);

    expect(apps.map((app) => app.title)).toEqual(['Facebook']);
    expect(requests).toHaveLength(1);
    expect(entries.get(`GET ${url}`)?.ttlSeconds).toBe(24 * 3600);
  });

  it('keeps a malformed answer out of the cache', async () => {
    const { cache, entries } = memoryCache();
    const { client } = await clientFor(() => ({ body: { results: 'none' } }), { cache });

    await expect(client.search('chess', { ...US, limit: 10 })).rejects.toThrow(AppStoreError);
    expect(entries.size).toBe(0);
  });
});

describe('politeness', () => {
  it('spaces requests 3 s apart at 20 a minute', async () => {
    const { client, clock } = await clientFor(() => ({ body: resultsAnswer([]) }), {
      requestsPerMinute: 20,
    });

    for (const term of ['a', 'b', 'c']) await client.search(term, { ...US, limit: 10 });

    expect(clock.sleeps).toEqual([3000, 3000]);
  });

  it('queues concurrent requests in turn rather than refusing them', async () => {
    stub = await startAppStoreStub(() => ({ body: resultsAnswer([]) }));
    const { clock, now, sleep } = fakeClock();
    const sentAt: number[] = [];
    const client = createAppStoreClient({
      baseUrl: stub.baseUrl,
      requestsPerMinute: 30,
      now,
      sleep,
      fetch: (input, init) => {
        sentAt.push(clock.time);
        return fetch(input, init);
      },
    });

    await Promise.all(['a', 'b', 'c'].map((term) => client.search(term, { ...US, limit: 10 })));

    expect(sentAt.map((time) => time - sentAt[0]!)).toEqual([0, 2000, 4000]);
    expect(clock.sleeps).toEqual([2000, 4000]);
  });
});

describe('retries and errors', () => {
  function failingThen(failures: StubAnswer[], success: StubAnswer = { body: resultsAnswer([]) }) {
    let calls = 0;
    return () => failures[calls++] ?? success;
  }

  it('retries a 503 with backoff and then succeeds', async () => {
    const retries: unknown[] = [];
    const { client, clock, requests } = await clientFor(
      failingThen([{ status: 503 }, { status: 502 }]),
      { retry: { baseDelayMs: 500 }, onRetry: (event) => retries.push(event) },
    );

    await expect(client.search('chess', { ...US, limit: 10 })).resolves.toEqual({
      apps: [],
      totalApps: 0,
    });
    expect(requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(retries).toEqual([
      { url: expect.stringContaining('/search?'), attempt: 1, delayMs: 500, reason: 'HTTP 503' },
      { url: expect.stringContaining('/search?'), attempt: 2, delayMs: 1000, reason: 'HTTP 502' },
    ]);
  });

  it('waits as long as a 429 Retry-After says', async () => {
    const { client, clock } = await clientFor(
      failingThen([{ status: 429, headers: { 'retry-after': '7' } }]),
    );

    await client.search('chess', { ...US, limit: 10 });

    expect(clock.sleeps).toEqual([7000]);
  });

  it('waits until a Retry-After date', async () => {
    const { client, clock } = await clientFor(
      failingThen([
        { status: 503, headers: { 'retry-after': new Date(1_000_000 + 12_000).toUTCString() } },
      ]),
    );

    await client.search('chess', { ...US, limit: 10 });

    expect(clock.sleeps).toEqual([12_000]);
  });

  it('never waits longer than maxDelayMs between tries', async () => {
    const { client, clock } = await clientFor(
      failingThen([{ status: 429, headers: { 'retry-after': '3600' } }]),
      { retry: { maxDelayMs: 30_000 } },
    );

    await client.search('chess', { ...US, limit: 10 });

    expect(clock.sleeps).toEqual([30_000]);
  });

  it('abandons an answer that takes longer than the timeout and asks again', async () => {
    let calls = 0;
    stub = await startAppStoreStub(() => ({ body: resultsAnswer([softwareResult()]) }));
    const slowFirst: typeof fetch = async (input, init) => {
      if (calls++ === 0)
        await new Promise((resolve) => init?.signal?.addEventListener('abort', resolve));
      return fetch(input, init);
    };
    const { sleep } = fakeClock();
    const client = createAppStoreClient({
      baseUrl: stub.baseUrl,
      fetch: slowFirst,
      // Long enough for the second answer of the local stub on a busy machine.
      timeoutMs: 500,
      requestsPerMinute: 0,
      sleep,
    });

    const { apps } = await client.search('chess', { ...US, limit: 10 });

    expect(calls).toBe(2);
    expect(apps).toHaveLength(1);
  });

  it('gives up after its attempts with a typed error', async () => {
    const { client, requests } = await clientFor(() => ({ status: 503 }), {
      retry: { attempts: 3, baseDelayMs: 10 },
    });

    const error = await client.search('chess', { ...US, limit: 10 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppStoreError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(requests).toHaveLength(3);
  });

  it('reports a lasting 429 as rate-limited', async () => {
    const { client } = await clientFor(() => ({ status: 429 }), { retry: { attempts: 2 } });

    await expect(client.search('chess', { ...US, limit: 10 })).rejects.toMatchObject({
      kind: 'rate-limited',
      status: 429,
    });
  });

  it('does not retry a 404', async () => {
    const { client, requests } = await clientFor(() => ({ status: 404, body: '' }));

    await expect(
      client.topChart({ country: 'us', genreId: 9999, type: 'free', limit: 5 }),
    ).rejects.toMatchObject({ kind: 'unavailable', status: 404 });
    expect(requests).toHaveLength(1);
  });

  it('retries a network failure', async () => {
    stub = await startAppStoreStub(() => ({ body: resultsAnswer([]) }));
    let calls = 0;
    const flaky: typeof fetch = (input, init) =>
      calls++ === 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const { sleep, clock } = fakeClock();
    const client = createAppStoreClient({
      baseUrl: stub.baseUrl,
      fetch: flaky,
      requestsPerMinute: 0,
      sleep,
    });

    await client.search('chess', { ...US, limit: 10 });

    expect(calls).toBe(2);
    expect(clock.sleeps).toEqual([1000]);
  });

  it.each([
    ['a body that is not JSON', '<html>busy</html>'],
    ['results that are not a list', { resultCount: 1, results: 'none' }],
    ['a software result without a name', resultsAnswer([softwareResult(9, { trackName: 7 })])],
  ])('calls %s a bad response', async (_, body) => {
    const { client, requests } = await clientFor(() => ({ body }));

    await expect(client.search('chess', { ...US, limit: 10 })).rejects.toMatchObject({
      name: 'AppStoreError',
      kind: 'bad-response',
    });
    expect(requests).toHaveLength(1);
  });

  it('calls a chart entry without an id a bad response', async () => {
    const { client } = await clientFor(() => ({
      body: chartFeed([chartEntry(1, { id: { label: 'x' } })]),
    }));

    await expect(
      client.topChart({ country: 'us', genreId: 0, type: 'free', limit: 5 }),
    ).rejects.toMatchObject({ kind: 'bad-response' });
  });
});
