import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import { GOAL_ID, buildGoal, goalsServer } from './goals-factories';
import GoalsPage from './goals-page';

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

const dialogOf = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

type User = ReturnType<typeof userEvent.setup>;

async function chooseOption(user: User, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Create goal' }));
  return screen.findByRole('dialog');
}

describe('goals page', { timeout: 30_000 }, () => {
  it('lists goals with their numbers from the goal metrics and explains a waiting goal', async () => {
    goalsServer({
      getGoals: () => [
        buildGoal(),
        buildGoal({ id: 'g-2', name: 'Buyers', status: 'WAITING', numbers: null }),
      ],
    });
    renderInApp(<GoalsPage />, '/goals');
    const rows = await screen.findAllByTestId('goal-row');
    const first = within(rows[0]!);
    expect(first.getByTestId('goal-goals').textContent).toBe('40');
    expect(first.getByTestId('goal-costPerGoal').textContent).toBe('$5.00');
    expect(first.getByTestId('goal-goalRate').textContent).toBe('40.00%');
    expect(first.getByTestId('goal-goalsRevenue').textContent).toBe('$300.00');
    expect(first.getByTestId('goal-goalsRoas').textContent).toBe('150.00%');
    expect(first.getByText('User engagement')).toBeTruthy();
    expect(within(rows[1]!).getByText('Waiting')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('waiting-hint').textContent).toBe(
      'Partner events take at least 24 hours to be recognised.',
    );
    expect(within(rows[1]!).getByTestId('goal-goals').textContent).toBe('—');
  });

  it('leads to the integrations when there is no goal yet', async () => {
    goalsServer({ getGoals: () => [] });
    renderInApp(<GoalsPage />, '/goals');
    const empty = await screen.findByTestId('empty-state');
    expect(
      within(empty)
        .getByRole('link', { name: 'Set up a partner integration' })
        .getAttribute('href'),
    ).toBe('/integrations');
  });

  it('shows the translated messages of the goal schema and sends nothing', async () => {
    const calls = goalsServer();
    renderInApp(<GoalsPage />, '/goals');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.clear(within(dialog).getByLabelText(/^Days since install/, { selector: 'input' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    expect(variablesOf(calls, 'createGoal')).toEqual([]);
  });

  it('creates a goal from the form, with the events its type allows and the received names beside them', async () => {
    const calls = goalsServer({
      checkAppAttr: () => ({ attrExist: false, attrType: null, firstSyncDone: true }),
    });
    renderInApp(<GoalsPage />, '/goals');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/Goal name/), 'Paying users');
    await chooseOption(user, dialog, 'App', APP.name);
    expect(await within(dialog).findByText('af_start_trial → Start Trial')).toBeTruthy();
    expect(within(dialog).getByText('custom_level')).toBeTruthy();
    expect(await within(dialog).findByTestId('no-partner-alert')).toBeTruthy();
    await chooseOption(user, dialog, 'Goal type', 'Revenue');
    await user.click(within(dialog).getByLabelText(/^Events/, { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Start Trial', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Revenue-Purchase', hidden: true }));
    const days = within(dialog).getByLabelText(/^Days since install/, { selector: 'input' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Goal created successfully')).toBeTruthy();
    expect(variablesOf(calls, 'createGoal')).toEqual([
      {
        input: {
          name: 'Paying users',
          appId: APP.adamId,
          type: 'revenue',
          events: ['Revenue-Purchase'],
          daysSinceInstall: 30,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a name is taken while it is typed, and when the server refuses it', async () => {
    const calls = goalsServer({
      checkGoalName: (variables) => variables.name === 'Trial starters',
      createGoal: () => {
        throw new GraphqlFailure('CONFLICT', 'Goal name already exists');
      },
    });
    renderInApp(<GoalsPage />, '/goals');
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await chooseOption(user, dialog, 'App', APP.name);
    const name = within(dialog).getByLabelText(/Goal name/);
    await user.type(name, 'Trial starters');
    expect(await within(dialog).findByText('Goal name already exists')).toBeTruthy();
    await waitFor(() =>
      expect(variablesOf(calls, 'checkGoalName')).toContainEqual({
        appId: APP.adamId,
        name: 'Trial starters',
        goalId: null,
      }),
    );

    await user.clear(name);
    await user.type(name, 'Trial starters 2');
    await waitFor(() => expect(within(dialog).queryByText('Goal name already exists')).toBeNull());
    await chooseOption(user, dialog, 'Goal type', 'User engagement');
    await user.click(within(dialog).getByLabelText(/^Events/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Start Trial', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Goal name already exists')).toBeTruthy();
    expect(variablesOf(calls, 'createGoal')).toHaveLength(1);
  });

  it('edits a goal with its values filled in and the goal excluded from the name check', async () => {
    const calls = goalsServer();
    renderInApp(<GoalsPage />, '/goals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit goal Trial starters' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Goal name/);
    expect((name as HTMLInputElement).value).toBe('Trial starters');
    await user.type(name, ' EU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Goal updated successfully')).toBeTruthy();
    expect(variablesOf(calls, 'updateGoal')).toEqual([
      {
        id: GOAL_ID,
        input: {
          name: 'Trial starters EU',
          appId: APP.adamId,
          type: 'user engagement',
          events: ['Start Trial'],
          daysSinceInstall: 7,
        },
      },
    ]);
    expect(variablesOf(calls, 'checkGoalName').every((call) => call.goalId === GOAL_ID)).toBe(true);
  });

  it('deletes a goal only once the deletion is confirmed', async () => {
    const calls = goalsServer();
    renderInApp(<GoalsPage />, '/goals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete goal Trial starters' }));
    let dialog = await dialogOf('Delete this goal?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(variablesOf(calls, 'delGoal')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete goal Trial starters' }));
    dialog = await dialogOf('Delete this goal?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal deleted')).toBeTruthy();
    expect(variablesOf(calls, 'delGoal')).toEqual([{ id: GOAL_ID }]);
  });

  it('offers no changes to a member without goals.write', async () => {
    signIn({ IsReadOnly: true });
    goalsServer();
    renderInApp(<GoalsPage />, '/goals');
    await screen.findAllByTestId('goal-row');
    expect(screen.queryByRole('button', { name: 'Create goal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete goal Trial starters' })).toBeNull();
  });
});
