// Kochava report rows as attributed events: Apple's ids only for Apple Search Ads, the other
// networks and organic users kept apart, event names mapped to the spec's event types, revenue
// only when there is some.
import { describe, expect, it } from 'vitest';
import { kochavaRow } from './kochava-client';
import { kochavaEventType, kochavaRowToEvent } from './kochava-pull';

const row = (fields: Record<string, string>) => kochavaRow.parse(fields);
const base = {
  install_id: 'i-1',
  install_date_utc: '1767225600',
  country_code: 'de',
  iad_campaign_id: '11',
  iad_adgroup_id: '22',
  iad_keyword_id: '33',
};

describe('kochavaRowToEvent', () => {
  it('reads an Apple Search Ads install with its Apple ids', () => {
    expect(
      kochavaRowToEvent(row({ ...base, network_name: 'Apple Search Ads' }), 'install'),
    ).toEqual({
      eventId: 'install:i-1',
      kind: 'install',
      eventName: 'install',
      eventType: null,
      network: 'APPLE_ADS',
      campaignId: 11,
      adGroupId: 22,
      keywordId: 33,
      countryOrRegion: 'DE',
      eventTime: '2026-01-01T00:00:00.000Z',
      installTime: '2026-01-01T00:00:00.000Z',
      revenue: null,
    });
  });

  it('keeps other networks and organic users apart, without Apple ids', () => {
    const other = kochavaRowToEvent(row({ ...base, network_name: 'Facebook' }), 'install');
    expect(other).toMatchObject({ network: 'OTHER', campaignId: null, keywordId: null });
    const organic = kochavaRowToEvent(row({ ...base, network_name: 'unattributed' }), 'install');
    expect(organic.network).toBe('UNATTRIBUTED');
  });

  it('reads an event with its type, time and revenue', () => {
    const event = kochavaRowToEvent(
      row({
        ...base,
        network_name: 'Apple Search Ads',
        event_id: 'e-9',
        event_name: 'Revenue-Subscribe',
        event_time_utc: '1767312000',
        revenue: '9.99',
        currency: 'usd',
      }),
      'event',
    );
    expect(event).toMatchObject({
      eventId: 'event:e-9',
      kind: 'event',
      eventName: 'Revenue-Subscribe',
      eventType: 'Revenue-Subscribe',
      eventTime: '2026-01-02T00:00:00.000Z',
      revenue: { amount: 9.99, currency: 'USD' },
    });
    const free = kochavaRowToEvent(row({ ...base, event_name: 'level_up', revenue: '' }), 'event');
    expect(free).toMatchObject({ eventType: null, revenue: null, eventId: null });
  });

  it('maps spec names however they are written, and nothing else', () => {
    expect(kochavaEventType('start_trial')).toBe('Start Trial');
    expect(kochavaEventType('Registration Complete')).toBe('Registration Complete');
    expect(kochavaEventType('level_up')).toBeNull();
  });
});
