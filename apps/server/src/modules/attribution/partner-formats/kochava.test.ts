// Kochava custom postbacks, with the macros Kochava lists for them.
// Source: https://support.kochava.com/campaign-management/create-a-custom-postback and
// https://support.kochava.com/campaign-management/create-an-apple-search-ads-campaign
import { describe, expect, it } from 'vitest';
import { PostbackParseError } from './fields';
import { parseKochava } from './kochava';

const documentedInstall = {
  event_name: '_install',
  event_time: '2024-05-02T10:11:12Z',
  kochava_device_id: 'KA1234567890abcdef',
  network_name: 'Apple Search Ads',
  campaign_id: '542370539',
  adgroup_id: '542317095',
  keyword_id: '542318332',
  country_code: 'us',
};

describe('parseKochava', () => {
  it('reads the documented install postback ("_install")', () => {
    expect(parseKochava({ query: documentedInstall, body: undefined })).toEqual({
      eventId: null,
      kind: 'install',
      eventName: 'install',
      eventType: null,
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'US',
      eventTime: '2024-05-02T10:11:12.000Z',
      installTime: null,
      revenue: null,
    });
  });

  it('reads a post-install event with revenue and maps its name', () => {
    const event = parseKochava({
      query: {
        ...documentedInstall,
        event_name: 'Purchase',
        install_time: '2024-05-01T09:00:00Z',
        revenue: '4.99',
        currency: 'usd',
      },
      body: undefined,
    });
    expect(event).toMatchObject({
      kind: 'event',
      eventName: 'Purchase',
      eventType: 'Revenue-Purchase',
      revenue: { amount: 4.99, currency: 'USD' },
      installTime: '2024-05-01T09:00:00.000Z',
    });
    expect(() => parseKochava({ query: { event_name: 'Purchase' }, body: undefined })).toThrow(
      PostbackParseError,
    );
  });
});
