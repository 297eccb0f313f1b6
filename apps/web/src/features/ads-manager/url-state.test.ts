import { describe, expect, it } from 'vitest';
import {
  defaultState,
  hasExplicitViewState,
  readState,
  writeState,
  type AdsManagerState,
} from './url-state';

const shared: AdsManagerState = {
  tab: 'keywords',
  period: { id: 'custom', range: { start: '2026-01-05', end: '2026-02-10' } },
  scope: { adAccountId: 4_100_001, adamId: 1_500_000_001, campaignId: 77, adGroupId: 88 },
  statusTab: 'paused',
  search: 'puzzle',
  matchType: 'EXACT',
  metricFilters: [
    { metric: 'spend', operator: 'GREATER_THAN', value: 12.5 },
    { metric: 'ttr', operator: 'BETWEEN', value: 0.01, to: 0.05 },
  ],
  sortBy: 'bid',
  sortDesc: false,
  page: 3,
  pageSize: 'all',
  viewId: '6f1d9a52-4c1b-4a8e-9d2f-1b2c3d4e5f60',
  goalId: '0b7e4a1c-2d3f-4e5a-8b6c-7d8e9f0a1b2c',
};

describe('ads manager address state', () => {
  it('reads back everything it writes', () => {
    const params = writeState(shared);
    expect(readState(new URLSearchParams(params.toString()))).toEqual(shared);
  });

  it('writes only what differs from the defaults', () => {
    expect(writeState(defaultState('campaigns')).toString()).toBe('tab=campaigns');
    expect(writeState({ ...defaultState('apps'), period: { id: 'lastMonth' } }).toString()).toBe(
      'tab=apps&period=lastMonth',
    );
  });

  it('opens the campaigns tab over the last 7 days for an empty address', () => {
    expect(readState(new URLSearchParams())).toEqual(defaultState('campaigns'));
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    const state = readState(
      new URLSearchParams(
        'tab=strategies&period=custom&from=2026-03-01&to=2026-02-01&status=gone&sort=nope' +
          '&order=sideways&page=-2&size=13&campaign=abc&match=PHRASE' +
          '&filter=spend~GREATER_THAN~x&filter=bogus~EQUALS~1&filter=taps~BETWEEN~5&view=x&goal=y',
      ),
    );
    expect(state).toEqual(defaultState('campaigns'));
  });

  it('sorts negative keywords by text by default', () => {
    expect(readState(new URLSearchParams('tab=negativeKeywords'))).toMatchObject({
      sortBy: 'name',
      sortDesc: false,
    });
  });

  it('tells when the address chooses filters or sort, so a pinned view must not override them', () => {
    expect(hasExplicitViewState(new URLSearchParams('tab=campaigns&period=lastMonth'))).toBe(false);
    expect(hasExplicitViewState(new URLSearchParams('tab=campaigns&sort=taps&order=desc'))).toBe(
      true,
    );
    expect(hasExplicitViewState(writeState(shared))).toBe(true);
  });
});
