// Tenjin S2S callbacks, with the macros Tenjin lists for callbacks.
// Source: https://docs.tenjin.com/docs/callback-macros and https://tenjin.com/docs/callback-setup
import { describe, expect, it } from 'vitest';
import { PostbackParseError } from './fields';
import { parseTenjin } from './tenjin';

const documented = {
  event: 'purchase',
  uuid: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  created_at: '2024-05-02T10:11:12Z',
  acquired_at: '2024-05-01T08:00:00Z',
  ad_network: 'apple_search_ads',
  remote_campaign_id: '542370539',
  site_id: '542317095',
  creative_id: '542318332',
  country: 'JP',
  revenue: '1200',
  currency: 'JPY',
  developer_device_id: 'A1B2C3D4-0000-0000-0000-000000000000',
};

describe('parseTenjin', () => {
  it('reads the documented callback', () => {
    expect(parseTenjin({ query: documented, body: undefined })).toEqual({
      eventId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      kind: 'event',
      eventName: 'purchase',
      eventType: 'Revenue-Purchase',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'JP',
      eventTime: '2024-05-02T10:11:12.000Z',
      installTime: '2024-05-01T08:00:00.000Z',
      revenue: { amount: 1200, currency: 'JPY' },
    });
  });

  it('reads organic installs and refuses a callback without an event', () => {
    expect(
      parseTenjin({
        query: { ...documented, event: 'install', ad_network: 'organic' },
        body: undefined,
      }),
    ).toMatchObject({ kind: 'install', network: 'UNATTRIBUTED', campaignId: null });
    expect(() =>
      parseTenjin({ query: { created_at: documented.created_at }, body: undefined }),
    ).toThrow(PostbackParseError);
  });
});
