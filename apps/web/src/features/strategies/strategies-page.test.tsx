import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_SOURCES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { ACCOUNT_ID, ADAM_ID } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  ENTRY_ID,
  STRATEGY_ID,
  buildEntry,
  buildStrategy,
  strategiesServer,
} from './strategies-factories';
import StrategiesPage from './strategies-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

type User = ReturnType<typeof userEvent.setup>;

async function chooseOption(user: User, scope: HTMLElement, label: string, option: string) {
  const input = within(scope).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  await user.click(input);
  // The input's own list: goals and the secondary goal offer the same names.
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls')!)!);
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('strategies page', { timeout: 30_000 }, () => {
  it("lists strategies and shows the picked one's timeline with its numbers before and after", async () => {
    strategiesServer();
    renderInApp(<StrategiesPage />, '/strategies');
    const entry = await screen.findByTestId('timeline-entry');
    expect(within(entry).getByText('Raised the bid of brand')).toBeTruthy();
    expect(within(entry).getByText('Bid')).toBeTruthy();
    expect(within(entry).getByText('Ads manager')).toBeTruthy();
    // Installs up and CPA down serve the goals; taps are no goal's.
    const installs = within(entry).getByTestId('delta-installs');
    expect(installs.textContent).toBe('+10');
    expect(installs.getAttribute('data-tone')).toBe('good');
    const cpa = within(entry).getByTestId('delta-avgCpa');
    expect(cpa.textContent).toBe('-$1.00');
    expect(cpa.getAttribute('data-tone')).toBe('good');
    expect(within(entry).getByTestId('delta-taps').getAttribute('data-tone')).toBe('neutral');
    expect(screen.getAllByTestId('strategy-card')).toHaveLength(1);
  });

  it('names the page each change came from, whichever wrote it', async () => {
    const entries = CHANGE_SOURCES.map((source, index) =>
      buildEntry({ timelineId: `${ENTRY_ID.slice(0, -2)}${index}0`, source }),
    );
    strategiesServer({
      getAllTimelineEntries: () => ({ strategy: buildStrategy(), entries, total: entries.length }),
    });
    renderInApp(<StrategiesPage />, '/strategies');
    await waitFor(() =>
      expect(screen.getAllByTestId('timeline-entry')).toHaveLength(entries.length),
    );
    // The keyword optimisation page's bid changes are named as the page is, not by their code.
    expect(screen.getByText('Keyword optimization')).toBeTruthy();
    for (const source of CHANGE_SOURCES) expect(screen.queryByText(source)).toBeNull();
  });

  it('offers to create a strategy when there is none', async () => {
    strategiesServer({ getAllStrategies: () => [] });
    renderInApp(<StrategiesPage />, '/strategies');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('button', { name: 'Create strategy' })).toBeTruthy();
  });

  it('shows the translated messages of the strategy schema and sends nothing', async () => {
    const calls = strategiesServer({ getAllStrategies: () => [] });
    renderInApp(<StrategiesPage />, '/strategies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create strategy' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Bids & more!');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Only letters, numbers and spaces are allowed.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(variablesOf(calls, 'saveStrategy')).toEqual([]);
  });

  it('creates a strategy on a campaign of the app picked', async () => {
    const calls = strategiesServer({ getAllStrategies: () => [] });
    renderInApp(<StrategiesPage />, '/strategies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create strategy' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Brand push');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Raise bids on brand terms');
    await chooseOption(user, dialog, 'Goals', 'More installs');
    await chooseOption(user, dialog, 'App', 'Puzzle Quest · Acme Games');
    await chooseOption(user, dialog, 'Campaigns', 'Brand campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(variablesOf(calls, 'saveStrategy')).toHaveLength(1));
    expect(variablesOf(calls, 'saveStrategy')[0]).toEqual({
      strategyId: null,
      input: {
        name: 'Brand push',
        adamId: ADAM_ID,
        description: 'Raise bids on brand terms',
        goals: ['MORE_INSTALLS'],
        secondaryGoal: null,
        targetEntities: [{ level: 'CAMPAIGN', adAccountId: ACCOUNT_ID, id: 77 }],
      },
    });
    expect(await screen.findByText('Strategy created successfully')).toBeTruthy();
  });

  it('filters the timeline by category, adds a note and deletes an entry once confirmed', async () => {
    const calls = strategiesServer();
    renderInApp(<StrategiesPage />, `/strategies?strategy=${STRATEGY_ID}`);
    const user = userEvent.setup();
    const timeline = await screen.findByTestId('strategy-timeline');
    await chooseOption(user, timeline, 'Category', 'Status');
    await waitFor(() =>
      expect(variablesOf(calls, 'getAllTimelineEntries').at(-1)).toEqual({
        strategyId: STRATEGY_ID,
        category: 'STATUS',
        offset: 0,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const noteDialog = await screen.findByRole('dialog');
    await user.type(within(noteDialog).getByLabelText(/^Note/), 'Holiday season starts');
    await user.click(within(noteDialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'addStrategyNote')).toEqual([
        {
          input: {
            strategyId: STRATEGY_ID,
            description: 'Holiday season starts',
            category: 'NOTE',
          },
        },
      ]),
    );

    await user.click(await screen.findByRole('button', { name: 'Delete entry' }));
    const confirmDialog = (await screen.findByText('Delete this entry from the timeline?')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await user.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'delStrategyTimeline')).toEqual([
        { strategyId: STRATEGY_ID, timelineId: ENTRY_ID },
      ]),
    );
  });

  it('pages through a long timeline fifty entries at a time', async () => {
    const calls = strategiesServer({
      getAllTimelineEntries: () => ({
        strategy: buildStrategy(),
        entries: [buildEntry()],
        total: 120,
      }),
    });
    renderInApp(<StrategiesPage />, '/strategies');
    const user = userEvent.setup();
    const pages = await screen.findByTestId('timeline-pages');
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'getAllTimelineEntries').at(-1)).toEqual({
        strategyId: STRATEGY_ID,
        category: null,
        offset: 100,
      }),
    );
  });

  it('deletes a strategy once confirmed and says so', async () => {
    const calls = strategiesServer({
      getAllStrategies: () => [buildStrategy(), buildStrategy({ strategyId: 'other', name: 'B' })],
    });
    renderInApp(<StrategiesPage />, '/strategies');
    const user = userEvent.setup();
    const [first] = await screen.findAllByTestId('strategy-card');
    await user.click(within(first!).getByRole('button', { name: 'Delete' }));
    const dialog = (
      await screen.findByText('Delete the strategy "Brand push" and its timeline?')
    ).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'delStrategy')).toEqual([{ strategyId: STRATEGY_ID }]),
    );
    expect(await screen.findByText('Deleted Successfully')).toBeTruthy();
  });
});
