// The custom postback's body as docs/attribution.md documents it (contracts: customPostbackBody).
import { describe, expect, it } from 'vitest';
import { parseCustomPostback } from './custom-postback';
import { PostbackParseError } from './fields';

const documented = {
  id: 'evt_01HXYZ',
  type: 'event',
  event: 'Start Trial',
  occurredAt: '2026-03-03T10:00:00+01:00',
  installedAt: '2026-03-01T09:00:00Z',
  attribution: {
    network: 'apple_search_ads',
    campaignId: 542370539,
    adGroupId: 542317095,
    keywordId: 542318332,
    countryOrRegion: 'US',
  },
  revenue: { amount: 4.99, currency: 'USD' },
};

describe('parseCustomPostback', () => {
  it('reads the documented body; spec names map to themselves', () => {
    expect(parseCustomPostback({ query: {}, body: documented })).toEqual({
      eventId: 'evt_01HXYZ',
      kind: 'event',
      eventName: 'Start Trial',
      eventType: 'Start Trial',
      network: 'APPLE_ADS',
      campaignId: 542370539,
      adGroupId: 542317095,
      keywordId: 542318332,
      countryOrRegion: 'US',
      eventTime: '2026-03-03T09:00:00.000Z',
      installTime: '2026-03-01T09:00:00.000Z',
      revenue: { amount: 4.99, currency: 'USD' },
    });
  });

  it('keeps other names untyped, other networks apart and no attribution as unattributed', () => {
    const other = parseCustomPostback({
      query: {},
      body: {
        ...documented,
        event: 'boss_defeated',
        attribution: { network: 'tiktok', campaignId: 5 },
      },
    });
    expect(other).toMatchObject({ eventType: null, network: 'OTHER', campaignId: null });
    const organic = parseCustomPostback({ query: {}, body: { ...documented, attribution: null } });
    expect(organic.network).toBe('UNATTRIBUTED');
  });

  it('refuses a body that is not a custom postback', () => {
    expect(() =>
      parseCustomPostback({ query: {}, body: { ...documented, type: 'click' } }),
    ).toThrow(PostbackParseError);
    expect(() => parseCustomPostback({ query: {}, body: undefined })).toThrow(PostbackParseError);
  });
});
