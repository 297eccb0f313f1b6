import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHECKLIST_FLAGS, type ChecklistFlag } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { ChecklistButton } from './checklist-button';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
let userId: string;
beforeEach(() => {
  window.localStorage.clear();
  userId = signIn().UserId;
});
afterEach(() => vi.unstubAllGlobals());

/** A server keeping the member's ticks, ticking page-visit flags as updateCL asks. */
function checklistServer(done: ChecklistFlag[]) {
  const ticked = new Set(done);
  const calls = fakeGraphql({
    getUserCL: () => {
      const items = CHECKLIST_FLAGS.map((flag) => ({
        flag,
        doneAt: ticked.has(flag) ? '2026-01-02T00:00:00.000Z' : null,
        byVisit: ['overviewPage', 'adsManager', 'automationRules'].includes(flag),
      }));
      return {
        userId,
        items,
        done: ticked.size,
        total: CHECKLIST_FLAGS.length,
        complete: ticked.size === CHECKLIST_FLAGS.length,
      };
    },
    updateCL: (variables) => {
      ticked.add(variables.clfield as ChecklistFlag);
      return { code: 1 };
    },
  });
  return { calls, ticked };
}

describe('the checklist', { timeout: 20_000 }, () => {
  it('ticks a page-visit item by visiting its page, once, for the member', async () => {
    const { calls } = checklistServer(['saIntegration']);
    renderInApp(<ChecklistButton />, '/overview');
    await waitFor(() => expect(screen.getByTestId('checklist-button').textContent).toBe('2/21'));
    const ticks = calls.filter((call) => call.operation === 'updateCL');
    expect(ticks).toHaveLength(1);
    expect(ticks[0]!.variables).toMatchObject({ userId, clfield: 'overviewPage' });
  });

  it('lists each item with its state and a link to where it is done', async () => {
    checklistServer(['saIntegration', 'createCampaign']);
    const router = renderInApp(<ChecklistButton />, '/strategies');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('checklist-button'));
    const panel = await screen.findByTestId('checklist-panel');
    expect(within(panel).getByText('2 of 21 done')).toBeTruthy();
    const created = within(panel).getByTestId('checklist-item-createCampaign');
    expect(within(created).getByLabelText('Done')).toBeTruthy();
    const goal = within(panel).getByTestId('checklist-item-createMmpGoals');
    expect(within(goal).getByLabelText('To do')).toBeTruthy();
    await user.click(within(goal).getByRole('link', { name: 'Create a goal', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
  });

  it('is hidden once every item is done, and asks nothing of pages that tick nothing', async () => {
    const { calls } = checklistServer([...CHECKLIST_FLAGS]);
    renderInApp(<ChecklistButton />, '/overview');
    await waitFor(() => expect(calls.some((call) => call.operation === 'getUserCL')).toBe(true));
    expect(screen.queryByTestId('checklist-button')).toBeNull();
    expect(calls.filter((call) => call.operation === 'updateCL')).toEqual([]);
  });
});
