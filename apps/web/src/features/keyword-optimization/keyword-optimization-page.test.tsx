import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { APP } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import type { BidApply, BidChangeLine, KeywordOptimizationRow } from './keyword-optimization-api';
import KeywordOptimizationPage from './keyword-optimization-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const M = 1_000_000;
const row = (overrides: Partial<KeywordOptimizationRow> = {}): KeywordOptimizationRow => ({
  adAccountId: APP.adAccountId,
  keywordId: 11,
  text: 'fitness tracker',
  matchType: 'EXACT',
  campaignName: 'Brand US',
  adGroupName: 'Exact',
  currency: 'USD',
  bidMicros: 1 * M,
  spendMicros: 30 * M,
  impressions: 300,
  taps: 30,
  installs: 10,
  cptMicros: 1 * M,
  cpaMicros: 3 * M,
  conversionRate: 1 / 3,
  targetCpaMicros: 4 * M,
  targetCpaSource: 'CPA_GOAL',
  share: 0.4,
  rank: 3,
  searchPopularity: 4,
  auctionPriceMicros: 1 * M,
  appleSuggestedBidMicros: 1_450_000,
  suggestedBidMicros: 1_300_000,
  suggestedChange: 0.3,
  action: 'RAISE',
  reasons: [
    { code: 'CPA_UNDER_TARGET', value: 25 },
    { code: 'SHARE', value: 40 },
  ],
  suggestedMinMicros: 1 * M,
  suggestedMaxMicros: 1_330_000,
  bidStrength: 'MODERATE',
  difficultyScore: 68,
  ...overrides,
});
const ROWS = [
  row(),
  row({
    keywordId: 12,
    text: 'step counter',
    appleSuggestedBidMicros: null,
    suggestedBidMicros: null,
    suggestedChange: null,
    action: null,
    reasons: [{ code: 'TOO_FEW_TAPS', value: 5 }],
    bidStrength: null,
  }),
];
const line = (overrides: Partial<BidChangeLine> = {}): BidChangeLine => ({
  adAccountId: APP.adAccountId,
  keywordId: 11,
  text: 'fitness tracker',
  currency: 'USD',
  oldBidMicros: 1 * M,
  requestedBidMicros: 1_800_000,
  newBidMicros: 1_500_000,
  change: 0.5,
  capped: true,
  refusal: null,
  status: null,
  message: null,
  ...overrides,
});
const APPLY: BidApply = {
  id: 'run-1',
  startedAt: '2026-11-20T10:00:00.000Z',
  status: 'SUCCESS',
  applied: 3,
  failed: 0,
  skipped: 0,
  reverted: 0,
  revertedAt: null,
  revertible: true,
};

function server(answers: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return fakeGraphql({
    getIntegrationInfo: () => ({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
      historyLimited: false,
      integrationId: 'int-1',
    }),
    getOwnAppsFromDB: () => [APP],
    getCampaignsByApp: () => [{ id: 7, name: 'Brand US', deleted: false }],
    getAdGroupsByCampaigns: () => [{ id: 8, name: 'Exact', campaignId: 7, deleted: false }],
    keywordOptimization: () => ({
      from: '2026-10-29',
      to: '2026-11-27',
      total: 2,
      withSuggestion: 1,
      rows: ROWS,
    }),
    keywordOptimizationSuggestions: () => [ROWS[0]],
    keywordBidChangePreview: () => [line()],
    applyKeywordBids: () => ({
      successMessage: 'ok',
      runId: 'run-2',
      lines: [line({ status: 'APPLIED' })],
    }),
    keywordBidApplies: () => [APPLY],
    revertKeywordBidApply: () => ({ reverted: 3, skipped: 0 }),
    ...answers,
  });
}

describe('keyword optimization page', { timeout: 30_000 }, () => {
  it("shows each keyword's numbers, suggestion, strength and reasons", async () => {
    signIn();
    const calls = server();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    const rows = await screen.findAllByTestId('keyword-row');
    const first = within(rows[0]!);
    expect(first.getByTestId('cell-suggestedBid').textContent).toContain('$1.30');
    expect(first.getByTestId('cell-bidStrength').textContent).toBe('Moderate');
    expect(first.getByTestId('cell-reasons').textContent).toContain('CPA 25% under target: raise');
    expect(first.getByTestId('cell-share').textContent).toBe('40.00%');
    expect(first.getByTestId('cell-appleSuggestion').textContent).toContain('$1.45');
    expect(within(rows[1]!).getByTestId('cell-appleSuggestion').textContent).toBe('—');
    expect(within(rows[1]!).getByTestId('cell-reasons').textContent).toBe(
      'Only 5 taps: too little data',
    );
    expect(calls.find((call) => call.operation === 'keywordOptimization')?.variables).toMatchObject(
      {
        input: {
          adamId: APP.adamId,
          lookbackDays: 30,
          sort: { column: 'spend', direction: 'DESC' },
        },
      },
    );
  });

  it('asks again with the lookback and sort the user picks', async () => {
    signIn();
    const calls = server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await screen.findAllByTestId('keyword-row');
    await user.click(screen.getByText('7 days'));
    await user.click(screen.getByRole('button', { name: 'CPA' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.operation === 'keywordOptimization').at(-1)?.variables,
      ).toMatchObject({
        input: { lookbackDays: 7, sort: { column: 'cpa', direction: 'DESC' } },
      }),
    );
  });

  it('narrows to a campaign', async () => {
    signIn();
    const calls = server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await screen.findAllByTestId('keyword-row');
    await user.click(screen.getByLabelText('Campaigns', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Brand US', hidden: true }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.operation === 'keywordOptimization').at(-1)?.variables,
      ).toMatchObject({ input: { campaignIds: [7], adGroupIds: [] } }),
    );
  });

  it('previews the chosen bids, applies them and shows each result', async () => {
    signIn();
    const calls = server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await user.click(await screen.findByRole('checkbox', { name: 'Select fitness tracker' }));
    const input = screen.getByRole('textbox', { name: 'New bid for fitness tracker' });
    expect((input as HTMLInputElement).value).toBe('1.30');
    await user.clear(input);
    await user.type(input, '1.80');
    await user.click(screen.getByRole('button', { name: 'Preview changes (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Cut to the safety cap')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'keywordBidChangePreview')?.variables).toEqual({
      input: { changes: [{ adAccountId: APP.adAccountId, keywordId: 11, bid: '1.80' }] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Apply changes (1)' }));
    expect(await within(dialog).findByText('Applied')).toBeTruthy();
    const apply = calls.find((call) => call.operation === 'applyKeywordBids')!;
    expect(apply.variables).toMatchObject({
      input: { changes: [{ adAccountId: APP.adAccountId, keywordId: 11, bid: '1.80' }] },
    });
    expect(String((apply.variables.input as { requestId: string }).requestId)).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it("takes Apple's suggested bid as the new bid", async () => {
    signIn();
    server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await user.click(
      await screen.findByRole('button', { name: "Use Apple's suggested bid for fitness tracker" }),
    );
    expect(screen.getByRole('checkbox', { name: 'Select fitness tracker' })).toHaveProperty(
      'checked',
      true,
    );
    const input = screen.getByRole('textbox', { name: 'New bid for fitness tracker' });
    expect((input as HTMLInputElement).value).toBe('1.45');
    expect(screen.getByRole('button', { name: 'Preview changes (1)' })).toBeTruthy();
  });

  it('selects every keyword with a suggestion', async () => {
    signIn();
    server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await user.click(
      await screen.findByRole('button', { name: 'Select all with a suggestion (1)' }),
    );
    expect(await screen.findByRole('button', { name: 'Preview changes (1)' })).toBeTruthy();
  });

  it('reverts a recent apply after a confirmation', async () => {
    signIn();
    const calls = server();
    const user = userEvent.setup();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    const apply = await screen.findByTestId('recent-apply');
    await user.click(within(apply).getByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'revertKeywordBidApply')?.variables).toEqual({
        id: 'run-1',
      }),
    );
  });

  it('offers no selection nor revert to a read-only member', async () => {
    signIn({ IsReadOnly: true });
    server();
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    await screen.findAllByTestId('keyword-row');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Apple's suggested bid/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Preview changes/ })).toBeNull();
    await screen.findByTestId('recent-apply');
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
  });

  it('shows the empty state', async () => {
    signIn();
    server({
      keywordOptimization: () => ({ from: 'a', to: 'b', total: 0, withSuggestion: 0, rows: [] }),
    });
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    expect(await screen.findByText('No keywords match')).toBeTruthy();
  });

  it('offers to try again when the keywords fail to load', async () => {
    signIn();
    server({ keywordOptimization: () => Promise.reject(new Error('down')) });
    renderInApp(<KeywordOptimizationPage />, '/keyword-optimization');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
