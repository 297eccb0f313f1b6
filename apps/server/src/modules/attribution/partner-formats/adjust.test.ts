// Adjust server callbacks, filled in as Adjust documents its placeholders.
// Source: https://help.adjust.com/en/article/callback-structure and
// https://help.adjust.com/en/article/how-apple-search-ads-attribution-works
import { describe, expect, it } from 'vitest';
import { parseAdjust } from './adjust';
import { PostbackParseError } from './fields';

// The documented callback example's fields (event token, Unix created_at/installed_at, revenue
// in whole units, lower-case country), attributed to Apple Search Ads.
const documented = {
  activity_kind: 'event',
  event_name: 'start_trial',
  event_token: 'g3mfiw',
  created_at: '1706188396',
  installed_at: '1706000000',
  revenue: '0.25',
  currency: 'EUR',
  country: 'us',
  adid: '0a1b2c3d4e5f',
  idfv: 'A1B2C3D4-0000-0000-0000-000000000000',
  network_name: 'Apple Search Ads',
  campaign_name: 'Brand US (542370539)',
  adgroup_name: 'Exact (542317095)',
  creative_name: 'my app (542318332)',
};

describe('parseAdjust', () => {
  it('reads the documented callback as an Apple Ads event', () => {
    expect(parseAdjust({ query: documented, body: undefined })).toEqual({
      eventId: null,
      kind: 'event',
      eventName: 'start_trial',
      eventType: 'Start Trial',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'US',
      eventTime: '2024-01-25T13:13:16.000Z',
      installTime: '2024-01-23T08:53:20.000Z',
      revenue: { amount: 0.25, currency: 'EUR' },
    });
  });

  it('prefers the Apple Ads id placeholders, and reads installs and other networks', () => {
    const install = parseAdjust({
      query: {
        ...documented,
        activity_kind: 'install',
        search_ad_campaign_id: '111',
        event_name: '{event_name}',
      },
      body: undefined,
    });
    expect(install).toMatchObject({ kind: 'install', eventName: 'install', campaignId: 111 });
    expect(install.revenue).toBeNull();
    const other = parseAdjust({
      query: { ...documented, network_name: 'Facebook Installs' },
      body: undefined,
    });
    expect(other).toMatchObject({ network: 'OTHER', campaignId: null, keywordId: null });
    const organic = parseAdjust({
      query: { ...documented, network_name: 'Organic' },
      body: undefined,
    });
    expect(organic.network).toBe('UNATTRIBUTED');
  });

  it('refuses sessions and callbacks without a time', () => {
    expect(() =>
      parseAdjust({ query: { ...documented, activity_kind: 'session' }, body: undefined }),
    ).toThrow(PostbackParseError);
    expect(() =>
      parseAdjust({ query: { ...documented, created_at: '{created_at}' }, body: undefined }),
    ).toThrow(PostbackParseError);
  });
});
