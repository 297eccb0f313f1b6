// Branch webhooks: the event as Branch's Event Ontology and postback macros describe it.
// Source: https://help.branch.io/developer-hub/postback-macros-functions and
// https://help.branch.io/developer-hub/data-integration-webhooks-for-developers
import { describe, expect, it } from 'vitest';
import { parseBranch } from './branch';
import { PostbackParseError } from './fields';

const documented = {
  id: '1017357837298532355',
  name: 'PURCHASE',
  timestamp: 1714644672000,
  origin: 'branch',
  attributed: true,
  days_from_last_attributed_touch_to_event: 1,
  event_data: { revenue: 4.99, currency: 'USD', transaction_id: 'T-1' },
  user_data: { os: 'IOS', geo_country_code: 'US', idfv: 'A1B2C3D4-0000' },
  install_activity: { timestamp: 1714500000000 },
  last_attributed_touch_data: {
    '~feature': 'paid advertising',
    '~channel': 'Apple Search Ads',
    '~advertising_partner_name': 'Apple Search Ads',
    '~campaign_id': '542370539',
    '~ad_set_id': '542317095',
    '~keyword_id': '542318332',
  },
};

describe('parseBranch', () => {
  it('reads the documented webhook', () => {
    expect(parseBranch({ query: {}, body: documented })).toEqual({
      eventId: '1017357837298532355',
      kind: 'event',
      eventName: 'PURCHASE',
      eventType: 'Revenue-Purchase',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'US',
      eventTime: '2024-05-02T10:11:12.000Z',
      installTime: '2024-04-30T18:00:00.000Z',
      revenue: { amount: 4.99, currency: 'USD' },
    });
  });

  it('tells other networks and unattributed installs apart, and refuses what is not an event', () => {
    const facebook = parseBranch({
      query: {},
      body: {
        ...documented,
        last_attributed_touch_data: { '~channel': 'Facebook', '~campaign_id': '9' },
      },
    });
    expect(facebook).toMatchObject({ network: 'OTHER', campaignId: null });
    const install = parseBranch({
      query: {},
      body: { ...documented, name: 'INSTALL', attributed: false },
    });
    expect(install).toMatchObject({ kind: 'install', network: 'UNATTRIBUTED', revenue: null });
    expect(() => parseBranch({ query: {}, body: [documented] })).toThrow(PostbackParseError);
    expect(() => parseBranch({ query: {}, body: { name: 'PURCHASE' } })).toThrow(
      PostbackParseError,
    );
  });
});
