// The format registry: every partner has a parser, and names and ids that would not fit an index
// key are refused like any other malformed postback.
import { ATTRIBUTION_PARTNERS } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, PARTNER_FORMATS, parsePostback, PostbackParseError } from './index';

const appsFlyer = {
  event_name: 'af_purchase',
  event_id: 'evt-1',
  event_time: '2026-03-03 10:00:00',
  media_source: 'organic',
};

describe('parsePostback', () => {
  it('has a format for every partner', () => {
    expect(Object.keys(PARTNER_FORMATS).sort()).toEqual([...ATTRIBUTION_PARTNERS].sort());
  });

  it('refuses over-long event names and ids', () => {
    expect(parsePostback('APPSFLYER', { query: {}, body: appsFlyer }).eventName).toBe(
      'af_purchase',
    );
    const long = 'x'.repeat(MAX_NAME_LENGTH + 1);
    expect(() =>
      parsePostback('APPSFLYER', { query: {}, body: { ...appsFlyer, event_name: long } }),
    ).toThrow(PostbackParseError);
    expect(() =>
      parsePostback('APPSFLYER', { query: {}, body: { ...appsFlyer, event_id: long } }),
    ).toThrow(PostbackParseError);
  });
});
