// The strategic losing page against a faked API: the lost terms with their numbers, the filters
// sent to the server, the empty state before any impression share, raising a bid and adding a
// term as an exact keyword through the ads manager's writes, paging, and a read-only member's view.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StrategicLosingAnswer, StrategicLosingRow } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildApp } from '../overview/overview-factories';
import StrategicLosingPage from './strategic-losing-page';

const app = buildApp();
const lostRow: StrategicLosingRow = {
  countryOrRegion: 'US',
  searchTerm: 'puzzle games',
  share: 0.3,
  rank: 2.5,
  searchPopularity: 4,
  days: 28,
  spendMicros: 40_000_000,
  impressions: 2_500,
  taps: 25,
  installs: 5,
  cptMicros: 1_600_000,
  cpaMicros: 8_000_000,
  spendToWinMicros: 81_333_333,
  keywords: [
    {
      keywordId: 9_001,
      adGroupId: 7_001,
      campaignId: 6_001,
      text: 'puzzle',
      matchType: 'BROAD',
      bidMicros: 1_500_000,
      modificationTime: '2026-11-01T10:00:00.000Z',
    },
  ],
};
const unpaidRow: StrategicLosingRow = {
  ...lostRow,
  countryOrRegion: 'GB',
  searchTerm: 'logic puzzles',
  spendMicros: 0,
  cptMicros: null,
  cpaMicros: null,
  spendToWinMicros: null,
  keywords: [],
};
const answer = (overrides: Partial<StrategicLosingAnswer> = {}): StrategicLosingAnswer => ({
  windowStart: '2026-10-29',
  windowEnd: '2026-11-25',
  currency: 'USD',
  hasShareData: true,
  storefronts: ['GB', 'US'],
  total: 2,
  rows: [lostRow, unpaidRow],
  ...overrides,
});

type Answers = Parameters<typeof fakeGraphql>[0];
const losingServer = (overrides: Answers = {}) =>
  fakeGraphql({
    getOwnAppsFromDB: () => [app],
    strategicLosing: () => answer(),
    ...overrides,
  });
const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);
const SLOW = { timeout: 5_000 };
const table = () => screen.findByTestId('losing-terms', {}, SLOW);

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('strategic losing page', { timeout: 20_000 }, () => {
  it('lists the lost terms with share, own numbers, keywords and the spend to win', async () => {
    const calls = losingServer();
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('puzzle games')).toBeTruthy();
    expect(first.getByText('30.00%')).toBeTruthy();
    expect(first.getByText('$40.00')).toBeTruthy();
    expect(first.getByText('$81.33')).toBeTruthy();
    expect(first.getByText('puzzle')).toBeTruthy();
    expect(within(rows[2]!).getByText('No keyword matched it')).toBeTruthy();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Raise the bid for logic puzzles' }),
    ).toHaveProperty('disabled', true);
    expect(callsOf(calls, 'strategicLosing')[0]).toEqual({
      input: {
        adAccountId: app.adAccountId,
        adamId: app.adamId,
        storefront: null,
        minPopularity: null,
        maxShare: null,
        sort: 'spendToWin',
        offset: 0,
        limit: 50,
      },
    });
    expect(screen.getByText(/Lost terms: 2\./)).toBeTruthy();
    expect(screen.queryByTestId('losing-pages')).toBeNull();
  });

  it('pages through many lost terms and starts again from the first page on a new filter', async () => {
    const calls = losingServer({ strategicLosing: () => answer({ total: 120 }) });
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    await table();
    const user = userEvent.setup();
    const pages = await screen.findByTestId('losing-pages', {}, SLOW);
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(callsOf(calls, 'strategicLosing').at(-1)).toMatchObject({
        input: { offset: 100, limit: 50 },
      }),
    );
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Lowest share', hidden: true }));
    await waitFor(() =>
      expect(callsOf(calls, 'strategicLosing').at(-1)).toMatchObject({
        input: { sort: 'share', offset: 0 },
      }),
    );
  });

  it('sends the filters and the sort to the server', async () => {
    const calls = losingServer();
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Storefront', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'United Kingdom', hidden: true }));
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Lowest share', hidden: true }));
    await user.type(screen.getByLabelText('Maximum share'), '40');
    await waitFor(() =>
      expect(callsOf(calls, 'strategicLosing').at(-1)).toMatchObject({
        input: { storefront: 'GB', sort: 'share', maxShare: 0.4 },
      }),
    );
  });

  it('explains the empty state before any impression share is stored', async () => {
    losingServer({ strategicLosing: () => answer({ hasShareData: false, rows: [] }) });
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    const empty = await screen.findByTestId('empty-state', {}, SLOW);
    expect(
      within(empty).getByText(/Apple reports impression share over the last 30 days/),
    ).toBeTruthy();
  });

  it("raises the matching keyword's bid through the ads manager's bid change", async () => {
    const calls = losingServer({
      changeKeywordBid: () => ({
        successMessage: 'Keyword updated successfully.',
        row: { level: 'keyword', id: '9001', details: {}, counts: {} },
      }),
    });
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Raise the bid for puzzle games' }));
    const field = await screen.findByLabelText('New bid (USD)');
    await user.clear(field);
    await user.type(field, '1.00');
    await user.click(screen.getByRole('button', { name: 'Raise bid' }));
    expect(await screen.findByText("Enter a bid higher than today's.")).toBeTruthy();
    await user.clear(field);
    await user.type(field, '2.00');
    await user.click(screen.getByRole('button', { name: 'Raise bid' }));
    await waitFor(() =>
      expect(callsOf(calls, 'changeKeywordBid')).toEqual([
        {
          input: {
            adAccountId: app.adAccountId,
            keyword: { id: 9_001, modificationTime: '2026-11-01T10:00:00.000Z' },
            bid: '2.00',
          },
        },
      ]),
    );
  });

  it('adds the term as an exact keyword to the matching keyword’s ad group', async () => {
    const calls = losingServer({
      addTargetingKeywords: () => ({
        successMessage: 'Keywords added successfully.',
        added: 1,
        refused: [],
      }),
    });
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add puzzle games as an exact keyword' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Add/ }));
    await waitFor(() =>
      expect(callsOf(calls, 'addTargetingKeywords')).toEqual([
        {
          input: {
            adAccountId: app.adAccountId,
            adGroupId: 7_001,
            keywords: [{ text: 'puzzle games', matchType: 'EXACT' }],
          },
        },
      ]),
    );
  });

  it('shows a read-only member everything but leaves the actions disabled', async () => {
    signIn({ IsReadOnly: true, permissions: ['keywordOptimization.read', 'overview.read'] });
    losingServer();
    renderInApp(<StrategicLosingPage />, '/strategic-losing');
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Raise the bid for puzzle games' }),
    ).toHaveProperty('disabled', true);
    expect(
      within(rows[1]!).getByRole('button', { name: 'Add puzzle games as an exact keyword' }),
    ).toHaveProperty('disabled', true);
  });
});
