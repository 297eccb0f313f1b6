import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { DRAFT_ID, buildDraftRow, creationServer } from './campaign-creation-factories';
import CampaignListDialogPage from './campaign-list-dialog-page';
import CampaignListPage from './campaign-list-page';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

describe('campaign drafts', { timeout: 20_000 }, () => {
  it('lists each draft with its name, placement, countries and budget', async () => {
    creationServer({
      getCampaignDrafts: () => [
        buildDraftRow(),
        buildDraftRow({
          id: 'd2',
          placement: 'TODAY_TAB',
          campaignName: null,
          countries: [],
          budgetAmount: null,
        }),
      ],
    });
    renderInApp(<CampaignListPage />, '/campaign-list');

    const rows = await screen.findAllByTestId('draft-row');
    expect(
      rows.map((row) =>
        [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Puzzle US search', 'Search results', 'US, GB', '50'],
      ['Untitled draft', 'Today tab', '—', '—'],
    ]);
  });

  it("resumes a draft in its placement's wizard", async () => {
    creationServer({ getCampaignDrafts: () => [buildDraftRow({ placement: 'TODAY_TAB' })] });
    const router = renderInApp(<CampaignListPage />, '/campaign-list');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Resume Puzzle US search' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/todaystab-campaign?draft=${DRAFT_ID}`,
      ),
    );
  });

  it('deletes a draft once the deletion is confirmed', async () => {
    const calls = creationServer();
    renderInApp(<CampaignListPage />, '/campaign-list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Puzzle US search' }));
    const dialog = (await screen.findByText('Delete this draft?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(variablesOf(calls, 'deleteCampaignDraft')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Draft deleted')).toBeTruthy();
    expect(variablesOf(calls, 'deleteCampaignDraft')).toEqual([{ id: DRAFT_ID }]);
  });

  it('offers to create a campaign when there is no draft', async () => {
    creationServer({ getCampaignDrafts: () => [] });
    renderInApp(<CampaignListPage />, '/campaign-list');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No drafts yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Create campaign' }).getAttribute('href')).toBe(
      '/create-campaign',
    );
  });

  it('shows the same list in a dialog that closes to the ads manager', async () => {
    creationServer();
    const router = renderInApp(<CampaignListDialogPage />, '/campaign-list-dialog');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Puzzle US search')).toBeTruthy();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ads-manager'));
  });
});
