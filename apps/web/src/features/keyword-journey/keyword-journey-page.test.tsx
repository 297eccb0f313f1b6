import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KEYWORD_STAGES, type KeywordStage } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildApp, buildCounts } from '../overview/overview-factories';
import KeywordJourneyPage from './keyword-journey-page';

const app = buildApp();
const stageCounts = (counts: Partial<Record<KeywordStage, number>>) =>
  KEYWORD_STAGES.map((stage) => ({ stage, count: counts[stage] ?? 0 }));

interface Input {
  input: { days: number; stage: KeywordStage; goalId?: string };
}

function journeyAnswer(input: Input['input'], overrides: Record<string, unknown> = {}) {
  return {
    window: { start: '2026-02-01', end: '2026-03-01' },
    currency: 'USD',
    stage: input.stage,
    eventSource: 'NO_GOAL',
    dataDays: 400,
    needsWait: false,
    goal: null,
    goals: [],
    stageCounts: stageCounts({ NONE: 3, IMPRESSION: 12, TAP: 5, INSTALL: 2 }),
    keywords: [
      {
        keywordId: 1,
        text: `${input.stage.toLowerCase()} keyword`,
        matchType: 'EXACT',
        campaignId: 10,
        adGroupId: 20,
        counts: buildCounts({ localSpendMicros: 12_500_000, tapInstalls: 5 }),
        events: 0,
      },
    ],
    weeks: Array.from({ length: 8 }, (_, index) => ({
      start: `2026-01-${String(5 + index * 3).padStart(2, '0')}`,
      end: `2026-01-${String(7 + index * 3).padStart(2, '0')}`,
      forward: index,
      back: 1,
      stageCounts: stageCounts({ IMPRESSION: 10, TAP: index }),
    })),
    ...overrides,
  };
}

function journeyServer(overrides: Record<string, unknown> = {}) {
  return fakeGraphql({
    getOwnAppsFromDB: () => [app],
    keywordJourney: (variables) => journeyAnswer((variables as unknown as Input).input, overrides),
  });
}

const journeyCalls = (calls: GraphqlCall[]) =>
  calls.filter((call) => call.operation === 'keywordJourney').map((call) => call.variables.input);

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

const SLOW = { timeout: 5_000 };

describe('keyword journey page', { timeout: 20_000 }, () => {
  it('counts keywords per stage over 30 days and lists the Impression stage', async () => {
    const calls = journeyServer();
    renderInApp(<KeywordJourneyPage />, '/keyword-journey');
    const tap = await screen.findByTestId('stage-TAP', {}, SLOW);
    expect(within(tap).getByTestId('stage-count').textContent).toBe('5');
    expect(within(screen.getByTestId('stage-NONE')).getByText('No impressions')).toBeTruthy();
    expect(journeyCalls(calls)[0]).toEqual({
      adAccountId: app.adAccountId,
      adamId: app.adamId,
      days: 30,
      stage: 'IMPRESSION',
    });
    const row = screen.getByTestId('journey-keyword');
    expect(row.textContent).toContain('impression keyword');
    // Spend and the ads manager's CPA (spend per tap-through install).
    expect(row.textContent).toContain('$12.50');
    expect(row.textContent).toContain('$2.50');
    expect(screen.queryByTestId('journey-wait')).toBeNull();
  });

  it('lists another stage and window when picked', async () => {
    const calls = journeyServer();
    const user = userEvent.setup();
    renderInApp(<KeywordJourneyPage />, '/keyword-journey');
    await user.click(await screen.findByTestId('stage-TAP', {}, SLOW));
    expect(await screen.findByText('tap keyword')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '7 days', hidden: true }));
    await waitFor(() =>
      expect(journeyCalls(calls).at(-1)).toMatchObject({ days: 7, stage: 'TAP' }),
    );
  });

  it('shows the weekly movement with keywords moved forward and back', async () => {
    journeyServer();
    renderInApp(<KeywordJourneyPage />, '/keyword-journey');
    const table = await screen.findByTestId('stage-movement-table', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(9);
    // The last week: 7 moved forward, 1 back (the last two cells).
    const cells = within(rows.at(-1)!).getAllByRole('cell');
    expect(cells.slice(-2).map((cell) => cell.textContent)).toEqual(['7', '1']);
    expect(within(table).getByText('Moved back')).toBeTruthy();
  });

  it('explains how to get events without a goal', async () => {
    journeyServer();
    renderInApp(<KeywordJourneyPage />, '/keyword-journey');
    const hint = await screen.findByTestId('event-source-hint', {}, SLOW);
    expect(within(hint).getByRole('link', { name: 'Create a goal' }).getAttribute('href')).toBe(
      '/goals',
    );
  });

  it('warns to wait about 7 days when every count is zero', async () => {
    journeyServer({ needsWait: true, stageCounts: stageCounts({ NONE: 4 }), keywords: [] });
    renderInApp(<KeywordJourneyPage />, '/keyword-journey');
    const warning = await screen.findByTestId('journey-wait', {}, SLOW);
    expect(warning.textContent).toContain('wait about 7 days');
    expect(screen.getByText('No keyword is at this stage in the window.')).toBeTruthy();
  });
});
