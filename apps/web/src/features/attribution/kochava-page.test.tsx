import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { APP } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildIntegration, goalsServer } from '../goals/goals-factories';
import KochavaPage from './kochava-page';

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

const KOCHAVA = buildIntegration({
  id: 'k-1',
  partner: 'KOCHAVA',
  status: 'FAILED',
  lastError: 'Kochava answered 401',
  lastErrorAt: '2026-11-26T06:00:00.000Z',
  kochava: {
    appGuid: 'kopuzzle-abc',
    type: 'all',
    hydrateDate: '2026-11-01',
    pulledThrough: '2026-11-24',
  },
});

describe('Kochava page', { timeout: 30_000 }, () => {
  it('shows the translated messages of the Kochava schema and sends nothing', async () => {
    const calls = goalsServer({ listAttrIntegrations: () => [] });
    renderInApp(<KochavaPage />, '/kochava-integration');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Enter a date as YYYY-MM-DD.')).toBeTruthy();
    expect(variablesOf(calls, 'kochavaAttributionSave')).toEqual([]);
  });

  it('saves the pull with the API key, GUID, app, first day and type', async () => {
    const calls = goalsServer({ listAttrIntegrations: () => [] });
    renderInApp(<KochavaPage />, '/kochava-integration');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^API key/), ' secret-key ');
    await user.type(screen.getByLabelText(/^App GUID/), 'kopuzzle-abc');
    await user.click(screen.getByLabelText(/^App/, { selector: 'input[aria-haspopup]' }));
    await user.click(await screen.findByRole('option', { name: APP.name, hidden: true }));
    await user.type(screen.getByLabelText(/^Pull from/), '2026-11-01');
    await user.click(screen.getByLabelText(/^Data to pull/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Events', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kochava integration saved')).toBeTruthy();
    expect(variablesOf(calls, 'kochavaAttributionSave')).toEqual([
      {
        api_key: 'secret-key',
        app_guid: 'kopuzzle-abc',
        apple_app_id: APP.adamId,
        hydrate_date: '2026-11-01',
        type: 'event',
      },
    ]);
  });

  it('shows the pull state and deletes it once confirmed', async () => {
    const calls = goalsServer({ listAttrIntegrations: () => [KOCHAVA, buildIntegration()] });
    renderInApp(<KochavaPage />, '/kochava-integration');
    const user = userEvent.setup();
    const table = await screen.findByTestId('kochava-pulls');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('2026-11-24')).toBeTruthy();
    expect(within(table).getByText(/Kochava answered 401/)).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: `Delete ${APP.name}` }));
    const dialog = (await screen.findByText('Delete this Kochava pull?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(variablesOf(calls, 'kochavaAttributionDelete')).toEqual([{ appId: APP.adamId }]),
    );
    expect(await screen.findByText('Partner integration deleted')).toBeTruthy();
  });
});
