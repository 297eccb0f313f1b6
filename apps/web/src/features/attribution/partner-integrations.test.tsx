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
import { INTEGRATION_ID, buildIntegration, goalsServer } from '../goals/goals-factories';
import { PartnerIntegrations } from './partner-integrations';

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
const LABEL = `${APP.name} — Custom postback`;

type User = ReturnType<typeof userEvent.setup>;
async function chooseOption(user: User, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('partner integrations', { timeout: 30_000 }, () => {
  it('lists each integration with its status, last event, error and mapped event names', async () => {
    goalsServer({
      listAttrIntegrations: () => [
        buildIntegration({
          status: 'FAILED',
          lastEventAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          lastError: 'Signature mismatch',
        }),
        buildIntegration({ id: 'k-1', partner: 'KOCHAVA', eventNames: [] }),
      ],
    });
    renderInApp(<PartnerIntegrations />, '/integrations');
    const [custom, kochava] = await screen.findAllByTestId('partner-card');
    // The section, the add form and each card are reachable by their accessible names.
    const section = within(screen.getByRole('region', { name: 'Partner integrations' }));
    expect(section.getByRole('form', { name: 'Add partner' })).toBeTruthy();
    expect(section.getByRole('group', { name: LABEL })).toBe(custom);
    const card = within(custom!);
    expect(card.getByText('Failed')).toBeTruthy();
    expect(card.getByTestId('last-event').textContent).toBe('Last event 3 hours ago');
    expect(card.getByTestId('last-error').textContent).toBe('Last error: Signature mismatch');
    expect(card.getByText('af_start_trial → Start Trial')).toBeTruthy();
    expect(card.getByText('custom_level → not mapped')).toBeTruthy();
    expect(
      within(kochava!).getByRole('link', { name: 'Kochava integration' }).getAttribute('href'),
    ).toBe('/kochava-integration');
  });

  it('adds a postback partner, and says a synced integration is needed when refused', async () => {
    let refuse = true;
    const calls = goalsServer({
      listAttrIntegrations: () => [],
      createAttrIntegration: (variables) => {
        if (refuse) throw new GraphqlFailure('PARTNER_NEEDS_SYNC', 'needs sync');
        return buildIntegration({ partner: variables.partner as 'ADJUST' });
      },
    });
    renderInApp(<PartnerIntegrations />, '/integrations');
    const user = userEvent.setup();
    expect(await screen.findByTestId('partner-empty')).toBeTruthy();
    await chooseOption(user, 'App', APP.name);
    await user.click(screen.getByLabelText('Partner', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Kochava', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Adjust', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByTestId('needs-sync')).textContent).toBe(
      'A synced search-ads integration is needed before a partner integration.',
    );

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Partner integration added')).toBeTruthy();
    expect(variablesOf(calls, 'createAttrIntegration')).toEqual([
      { appId: APP.adamId, partner: 'ADJUST' },
      { appId: APP.adamId, partner: 'ADJUST' },
    ]);
  });

  it('reveals the postback URL and signing secret only on demand, with copy buttons', async () => {
    const calls = goalsServer();
    renderInApp(<PartnerIntegrations />, '/integrations');
    const user = userEvent.setup();
    const reveal = await screen.findByRole('button', {
      name: `Show postback address of ${LABEL}`,
    });
    expect(variablesOf(calls, 'attrIntegrationSecrets')).toEqual([]);
    await user.click(reveal);
    const url = await screen.findByLabelText('Postback URL');
    expect((url as HTMLInputElement).value).toBe('https://api.tapwise.test/v1/api/postbacks/key-1');
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(
      'whsec_c2VjcmV0',
    );
    expect(screen.getByRole('button', { name: 'Copy Postback URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Signing secret' })).toBeTruthy();
    expect(variablesOf(calls, 'attrIntegrationSecrets')).toEqual([{ id: INTEGRATION_ID }]);
  });

  it('sends a test event and shows its result', async () => {
    let ok = true;
    const calls = goalsServer({
      sendAttrTestEvent: () =>
        ok
          ? { ok: true, httpStatus: 200, message: 'stored 1' }
          : { ok: false, httpStatus: 401, message: 'bad signature' },
    });
    renderInApp(<PartnerIntegrations />, '/integrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event received (HTTP 200)')).toBeTruthy();
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event failed (HTTP 401): bad signature')).toBeTruthy();
    expect(variablesOf(calls, 'sendAttrTestEvent')).toHaveLength(2);
  });

  it('disables an integration and rotates its secret after a warning', async () => {
    const calls = goalsServer();
    renderInApp(<PartnerIntegrations />, '/integrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Partner integration disabled')).toBeTruthy();
    expect(variablesOf(calls, 'setAttrIntegrationStatus')).toEqual([
      { id: INTEGRATION_ID, status: 'DISABLED' },
    ]);

    await user.click(screen.getByRole('button', { name: 'New secret' }));
    const dialog = await dialogOf('Create a new secret?');
    expect(
      within(dialog).getByText(
        'The old postback URL and signing secret stop working at once. Update them at your partner.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'New secret' }));
    expect(await screen.findByText('New secret created')).toBeTruthy();
    expect(((await screen.findByLabelText('Postback URL')) as HTMLInputElement).value).toBe(
      'https://api.tapwise.test/v1/api/postbacks/key-2',
    );
    expect(variablesOf(calls, 'rotateAttrIntegrationSecret')).toEqual([{ id: INTEGRATION_ID }]);
  });

  it('deletes an integration only once confirmed', async () => {
    const calls = goalsServer();
    renderInApp(<PartnerIntegrations />, '/integrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete ${LABEL}` }));
    let dialog = await dialogOf('Delete this partner integration?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(variablesOf(calls, 'deleteAttrIntegration')).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Delete ${LABEL}` }));
    dialog = await dialogOf('Delete this partner integration?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Partner integration deleted')).toBeTruthy();
    expect(variablesOf(calls, 'deleteAttrIntegration')).toEqual([{ id: INTEGRATION_ID }]);
  });

  it('shows a member without integrations.write the list without its actions', async () => {
    signIn({ Role: 'STAFF' });
    goalsServer();
    renderInApp(<PartnerIntegrations />, '/integrations');
    await screen.findByTestId('partner-card');
    expect(screen.queryByRole('button', { name: 'Send test event' })).toBeNull();
    expect(screen.queryByText('Add partner')).toBeNull();
  });
});
