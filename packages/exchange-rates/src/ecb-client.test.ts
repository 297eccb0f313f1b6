import { createRatesSimulator, simulatedRate } from '@tapwise/exchange-rates-simulator';
import { describe, expect, it } from 'vitest';
import { createEcbRatesClient, ECB_FEED_URL, feedCovering } from './ecb-client.js';
import { ExchangeRatesError } from './types.js';

/** Tuesday 18 November 2025, 17:00 in Frankfurt: that day's rates are out. */
const NOW = new Date('2025-11-18T16:00:00Z');

describe('feedCovering', () => {
  it('asks for nothing when the latest day is known', () => {
    expect(feedCovering('2025-11-18', '2025-11-18')).toBeNull();
  });

  it('reads the daily file for one missing day, even over a weekend', () => {
    expect(feedCovering('2025-11-17', '2025-11-18')).toBe('latest');
    expect(feedCovering('2025-11-21', '2025-11-24')).toBe('latest');
  });

  it('reads the 90-day file for a gap within it, the history beyond or from nothing', () => {
    expect(feedCovering('2025-11-10', '2025-11-18')).toBe('last90Days');
    expect(feedCovering('2025-08-25', '2025-11-18')).toBe('last90Days');
    expect(feedCovering('2025-06-01', '2025-11-18')).toBe('history');
    expect(feedCovering(null, '2025-11-18')).toBe('history');
  });
});

describe('createEcbRatesClient', () => {
  it("reads the ECB's files from its address", async () => {
    const simulator = createRatesSimulator({ now: () => NOW });
    const asked: string[] = [];
    const client = createEcbRatesClient({
      now: () => NOW,
      fetch: (input, init) => {
        asked.push(String(input));
        return simulator.fetch(input, init);
      },
    });
    const [latest] = await client.feed('latest');
    expect(asked).toEqual([`${ECB_FEED_URL}eurofxref-daily.xml`]);
    expect(latest).toEqual({
      date: '2025-11-18',
      unitsPerEuro: expect.objectContaining({ USD: simulatedRate('USD', '2025-11-18') }),
    });
  });

  it('downloads each day once: the history first, then only what is new', async () => {
    let now = NOW;
    const simulator = createRatesSimulator({ now: () => now, firstDay: '2025-01-01' });
    const client = createEcbRatesClient({ now: () => now, fetch: simulator.fetch });

    const first = await client.publicationsAfter(null);
    expect(first.feed).toBe('history');
    expect(first.publications[0]!.date).toBe('2025-01-02');
    expect(first.publications.at(-1)!.date).toBe('2025-11-18');

    expect(await client.publicationsAfter('2025-11-18')).toEqual({ feed: null, publications: [] });

    now = new Date('2025-11-19T16:00:00Z');
    const next = await client.publicationsAfter('2025-11-18');
    expect(next.feed).toBe('latest');
    expect(next.publications.map((publication) => publication.date)).toEqual(['2025-11-19']);

    now = new Date('2025-11-28T16:00:00Z');
    const week = await client.publicationsAfter('2025-11-19');
    expect(week.feed).toBe('last90Days');
    expect(week.publications.map((publication) => publication.date)).toEqual([
      '2025-11-20',
      '2025-11-21',
      '2025-11-24',
      '2025-11-25',
      '2025-11-26',
      '2025-11-27',
      '2025-11-28',
    ]);
    expect(simulator.served).toEqual([
      'eurofxref-hist.xml',
      'eurofxref-daily.xml',
      'eurofxref-hist-90d.xml',
    ]);
  });

  it('reports an answer other than 200 as an http error', async () => {
    const simulator = createRatesSimulator({ now: () => NOW, failWith: 503 });
    const client = createEcbRatesClient({ now: () => NOW, fetch: simulator.fetch });
    await expect(client.feed('latest')).rejects.toMatchObject({ kind: 'http', status: 503 });
  });

  it('reports an unreachable address as a network error', async () => {
    const client = createEcbRatesClient({
      now: () => NOW,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const failure = await client.feed('latest').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExchangeRatesError);
    expect(failure).toMatchObject({ kind: 'network' });
    expect((failure as Error).message).toContain('eurofxref-daily.xml');
  });
});
