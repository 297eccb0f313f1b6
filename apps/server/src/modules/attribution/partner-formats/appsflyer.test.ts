// AppsFlyer Push API messages, with the raw-data field names AppsFlyer documents.
// Source: https://dev.appsflyer.com/hc/reference/push-api-v2 and
// https://support.appsflyer.com/hc/en-us/articles/208387843-Raw-data-field-dictionary
import { describe, expect, it } from 'vitest';
import { parseAppsFlyer } from './appsflyer';
import { PostbackParseError } from './fields';

const documented = {
  event_type: 'install-in-app-event',
  event_name: 'af_purchase',
  event_id: 'f3d9e6c2-6a0b-4a7b-9d0e-5d1d0f0a7c11',
  event_time: '2020-01-15 14:55:35.338',
  install_time: '2020-01-13 08:01:02.000',
  event_revenue: '9.99',
  event_revenue_currency: 'USD',
  media_source: 'Apple Search Ads',
  af_c_id: '542370539',
  af_adset_id: '542317095',
  af_keywords: 'puzzle games',
  af_keyword_id: '542318332',
  appsflyer_id: '1579087535338-6484286',
  country_code: 'US',
  platform: 'ios',
};

describe('parseAppsFlyer', () => {
  it('reads the documented Push API message', () => {
    expect(parseAppsFlyer({ query: {}, body: documented })).toEqual({
      eventId: 'f3d9e6c2-6a0b-4a7b-9d0e-5d1d0f0a7c11',
      kind: 'event',
      eventName: 'af_purchase',
      eventType: 'Revenue-Purchase',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'US',
      eventTime: '2020-01-15T14:55:35.338Z',
      installTime: '2020-01-13T08:01:02.000Z',
      revenue: { amount: 9.99, currency: 'USD' },
    });
  });

  it('maps the recommended event names, keeps unknown ones untyped, and reads organic installs', () => {
    const typeOf = (event_name: string) =>
      parseAppsFlyer({ query: {}, body: { ...documented, event_name } }).eventType;
    expect(typeOf('af_start_trial')).toBe('Start Trial');
    expect(typeOf('af_subscribe')).toBe('Revenue-Subscribe');
    expect(typeOf('af_complete_registration')).toBe('Registration Complete');
    expect(typeOf('level_7_boss')).toBeNull();
    const organic = parseAppsFlyer({
      query: {},
      body: { ...documented, event_name: 'install', media_source: 'organic', af_c_id: '' },
    });
    expect(organic).toMatchObject({
      kind: 'install',
      network: 'UNATTRIBUTED',
      campaignId: null,
      revenue: null,
    });
  });

  it('reads the same fields as a GET postback and refuses an incomplete one', () => {
    const query = { ...documented, media_source: 'googleadwords_int' };
    expect(parseAppsFlyer({ query, body: undefined })).toMatchObject({
      network: 'OTHER',
      campaignId: null,
    });
    expect(() =>
      parseAppsFlyer({ query: {}, body: { ...documented, event_time: undefined } }),
    ).toThrow(PostbackParseError);
  });
});
