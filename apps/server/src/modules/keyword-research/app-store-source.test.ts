// Which App Store a company reads, and the volume estimate research shows beside popularity.
import { describe, expect, it } from 'vitest';
import { appStoreSourceOf } from './app-store-source';
import { estimatedDailySearches } from './keyword-facts';

describe('appStoreSourceOf', () => {
  const config = { appleAdsSandboxOrigins: ['http://127.0.0.1:9100'] };

  it("reads a configured sandbox's App Store simulation, without a rate limit", () => {
    expect(appStoreSourceOf(config, { baseUrl: 'http://127.0.0.1:9100/api/v5' })).toEqual({
      baseUrl: 'http://127.0.0.1:9100/app-store',
      requestsPerMinute: null,
    });
  });

  it("reads Apple's public App Store, 20 requests a minute, for any other integration", () => {
    for (const baseUrl of ['https://api.searchads.apple.com/api/v5', 'http://127.0.0.1:9200/v5'])
      expect(appStoreSourceOf(config, { baseUrl })).toEqual({
        baseUrl: 'https://itunes.apple.com',
        requestsPerMinute: 20,
      });
  });
});

describe('estimatedDailySearches', () => {
  it('grows with popularity, is scaled by storefront and unknown without popularity', () => {
    expect(estimatedDailySearches(null, 'us')).toBeNull();
    expect(estimatedDailySearches(100, 'us')).toBe(3616);
    expect(estimatedDailySearches(12, 'us')).toBe(5);
    expect(estimatedDailySearches(60, 'gb')).toBeLessThan(estimatedDailySearches(60, 'us')!);
    expect(estimatedDailySearches(60, 'zz')).toBeGreaterThanOrEqual(1);
  });
});
