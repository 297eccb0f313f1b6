import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORGANIC_RANKING_MESSAGES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildApp } from '../overview/overview-factories';
import { buildRankPoint, buildTrackedKeyword } from './organic-ranking-factories';
import OrganicRankingPage from './organic-ranking-page';

const app = buildApp();
const photo = buildTrackedKeyword({ term: 'photo editor', organicRank: 4, change: 3 });
const filters = buildTrackedKeyword({
  term: 'photo filters',
  organicRank: null,
  previousRank: 90,
  change: null,
});
const falling = buildTrackedKeyword({
  term: 'collage',
  organicRank: 30,
  previousRank: 18,
  change: -12,
});

type Answers = Parameters<typeof fakeGraphql>[0];

function rankingServer(overrides: Answers = {}) {
  return fakeGraphql({
    getOwnAppsFromDB: () => [app, { ...app, adAccountId: 4_100_009 }],
    trackedKeywords: () => [photo, filters],
    rankMovers: () => [photo, falling],
    keywordRankHistory: () => [buildRankPoint('2026-03-01'), buildRankPoint('2026-03-02')],
    trackKeywords: (variables) =>
      (variables.terms as string[]).map((term) => buildTrackedKeyword({ term })),
    untrackKeywords: () => 1,
    ...overrides,
  });
}

const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);
const SLOW = { timeout: 5_000 };
const table = () => screen.findByTestId('tracked-keywords', {}, SLOW);

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

describe('organic keyword ranking page', { timeout: 20_000 }, () => {
  it("lists the first app's tracked keywords in the US with rank, change and popularity", async () => {
    const calls = rankingServer();
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('photo editor')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('Up 3 places')).toBeTruthy();
    expect(within(rows[1]!).getByText('48')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not in top 200')).toBeTruthy();
    expect(callsOf(calls, 'trackedKeywords')).toEqual([{ adamId: 1_500_000_001, location: 'us' }]);
    // The app promoted from two ad accounts is offered once.
    expect(screen.getByLabelText('App', { selector: 'input' })).toHaveProperty(
      'value',
      'Puzzle Quest',
    );

    const movers = await screen.findByTestId('rank-movers');
    await within(movers).findByText('collage');
    expect(within(movers).getByLabelText('Down 12 places')).toBeTruthy();
    expect(callsOf(calls, 'rankMovers')).toEqual([
      { adamId: 1_500_000_001, location: 'us', days: 7 },
    ]);
  });

  it('says how to start when nothing is tracked, and shows a failure as an alert', async () => {
    rankingServer({ trackedKeywords: () => [] });
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    expect(await screen.findByTestId('empty-state', {}, SLOW)).toBeTruthy();
    cleanup();

    fakeGraphql({
      getOwnAppsFromDB: () => [app],
      trackedKeywords: () => Promise.reject(new Error('down')),
      rankMovers: () => [],
    });
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    expect((await screen.findAllByRole('alert', {}, SLOW)).length).toBeGreaterThan(0);
  });

  it('checks the keywords line by line before tracking them, then tracks them in lower case', async () => {
    const calls = rankingServer();
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    await table();
    const user = userEvent.setup();
    const box = screen.getByLabelText('Add keywords');
    await user.type(box, `ok{Enter}${'x'.repeat(81)}`);
    await user.click(screen.getByRole('button', { name: 'Track keywords' }));
    expect(await screen.findByText('Line 2: Keyword must be at most 80 characters.')).toBeTruthy();
    expect(callsOf(calls, 'trackKeywords')).toEqual([]);

    await user.clear(box);
    await user.type(box, 'Photo Editor{Enter}{Enter}photo editor{Enter}selfie');
    await user.click(screen.getByRole('button', { name: 'Track keywords' }));
    await waitFor(() =>
      expect(callsOf(calls, 'trackKeywords')).toEqual([
        { adamId: 1_500_000_001, location: 'us', terms: ['photo editor', 'selfie'] },
      ]),
    );
    await waitFor(() => expect(callsOf(calls, 'trackedKeywords')).toHaveLength(2));
  });

  it("shows the server's refusal in the user's language", async () => {
    // trackKeywords answers with the server's error, the rest as usual.
    const refusal = {
      errors: [
        {
          message: ORGANIC_RANKING_MESSAGES.notOwnApp,
          extensions: { code: 10, error: 'BAD_REQUEST' },
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const { query } = JSON.parse(init.body as string) as { query: string };
        const answer = query.includes('trackKeywords(')
          ? refusal
          : query.includes('getOwnAppsFromDB')
            ? { data: { getOwnAppsFromDB: [app] } }
            : { data: { trackedKeywords: [], rankMovers: [] } };
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      }),
    );
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Add keywords', {}, SLOW), 'selfie');
    await user.click(screen.getByRole('button', { name: 'Track keywords' }));
    expect(
      await screen.findByText('Only apps of your synced campaigns can be tracked.'),
    ).toBeTruthy();
  });

  it('stops tracking a keyword after confirmation', async () => {
    const calls = rankingServer();
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stop tracking “photo editor”' }));
    expect(
      await screen.findByText('“photo editor” and its rank history will be deleted.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() => expect(callsOf(calls, 'untrackKeywords')).toEqual([{ ids: [photo.id] }]));
  });

  it("opens a keyword's 30-day history with its ad spend", async () => {
    const calls = rankingServer();
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    const user = userEvent.setup();
    await user.click(within(await table()).getByText('photo editor'));
    expect(await screen.findByText('Rank history: photo editor')).toBeTruthy();
    await waitFor(() =>
      expect(callsOf(calls, 'keywordRankHistory')).toEqual([
        { trackedKeywordId: photo.id, days: 30 },
      ]),
    );
  });

  it('lets a read-only member look but not add or remove', async () => {
    signIn({ IsReadOnly: true });
    rankingServer();
    renderInApp(<OrganicRankingPage />, '/organic-keyword-ranking');
    await table();
    expect(screen.getByLabelText('Add keywords')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Track keywords' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Stop tracking “photo editor”' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
