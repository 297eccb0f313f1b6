// Which App Store a company reads, and the volume estimate research shows beside popularity.
import { describe, expect, it } from 'vitest';
import { appStoreSourceOf } from './app-store-source';
import { estimatedDailySearches } from './keyword-facts';

describe('appStoreSourceOf', () => {
  it("reads Apple's public App Store, 20 requests a minute, for an integration with Apple", () => {
    expect(appStoreSourceOf({ baseUrl: 'https://api.ads.apple.com/v1' })).toEqual({
      baseUrl: 'https://itunes.apple.com',
      requestsPerMinute: 20,
    });
  });

  it("reads a sandbox's App Store simulation, without a rate limit, for any other address", () => {
    for (const origin of ['http://127.0.0.1:9100', 'https://sandbox.example.test'])
      expect(appStoreSourceOf({ baseUrl: `${origin}/v1` })).toEqual({
        baseUrl: `${origin}/app-store`,
        requestsPerMinute: null,
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
