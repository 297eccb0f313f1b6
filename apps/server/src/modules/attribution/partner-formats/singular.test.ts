// Singular internal BI postbacks (JSON POST), with the fields Singular documents for them.
// Source: https://support.singular.net/hc/en-us/articles/360038040791-Internal-BI-Postbacks-FAQ-and-Troubleshooting
import { describe, expect, it } from 'vitest';
import { PostbackParseError } from './fields';
import { parseSingular } from './singular';

const documented = {
  app_name: 'Puzzle Quest',
  longname: 'com.example.puzzle',
  platform: 'iOS',
  event_name: 'sng_subscribe',
  idfv: 'A1B2C3D4-0000-0000-0000-000000000000',
  event_utc_timestamp: '1714644672',
  install_utc_timestamp: '1714500000',
  network: 'Apple Search Ads',
  network_campaign_id: '542370539',
  network_sub_campaign_id: '542317095',
  network_keyword_id: '542318332',
  country: 'GB',
  revenue: 7.99,
  currency: 'GBP',
};

describe('parseSingular', () => {
  it('reads the documented internal BI postback', () => {
    expect(parseSingular({ query: {}, body: documented })).toEqual({
      eventId: null,
      kind: 'event',
      eventName: 'sng_subscribe',
      eventType: 'Revenue-Subscribe',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'GB',
      eventTime: '2024-05-02T10:11:12.000Z',
      installTime: '2024-04-30T18:00:00.000Z',
      revenue: { amount: 7.99, currency: 'GBP' },
    });
  });

  it('reads installs and refuses a postback without its time', () => {
    expect(
      parseSingular({ query: {}, body: { ...documented, event_name: '__INSTALL__' } }),
    ).toMatchObject({ kind: 'install', eventName: 'install', revenue: null });
    expect(() =>
      parseSingular({ query: {}, body: { ...documented, event_utc_timestamp: '' } }),
    ).toThrow(PostbackParseError);
  });
});
