import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADS_MANAGER_MESSAGES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { GraphqlFailure, fakeWrites, renderWithApp, reportRow } from './actions-test-kit';
import { StatusSwitch } from './status-switch';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const statusAnswer = () => ({
  successMessage: 'Status changed',
  results: [{ id: 101, ok: true, message: null }],
  bulkActionId: null,
});

describe('status switch', () => {
  it('pauses after confirmation and moves the row to Paused', async () => {
    const calls = fakeWrites({ changeEntityStatus: statusAnswer });
    const onChanged = vi.fn();
    const row = reportRow();
    renderWithApp(<StatusSwitch level="campaigns" row={row} onChanged={onChanged} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('switch', { name: 'Pause Brand US' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pause "Brand US"?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));

    expect(await screen.findByText('Status changed and item moved to Paused')).toBeTruthy();
    expect(calls).toEqual([
      {
        operation: 'changeEntityStatus',
        variables: {
          input: {
            adAccountId: 555,
            level: 'campaign',
            action: 'pause',
            entities: [{ id: 101, modificationTime: '2026-05-01T10:00:00.000Z' }],
          },
        },
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const calls = fakeWrites({ changeEntityStatus: statusAnswer });
    renderWithApp(<StatusSwitch level="campaigns" row={reportRow()} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Pause Brand US' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('stops asking for this user once "Don\'t show this again" was ticked', async () => {
    const calls = fakeWrites({ changeEntityStatus: statusAnswer });
    renderWithApp(
      <StatusSwitch level="campaigns" row={reportRow({ status: 'PAUSED' })} onChanged={vi.fn()} />,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Resume Brand US' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: "Don't show this again" }));
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(toggle);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Another user of the same browser is asked again.
    signIn({ UserId: '00000000-0000-4000-8000-000000000002' });
    await user.click(toggle);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("shows the spec's error when Apple refuses the change", async () => {
    fakeWrites({
      changeEntityStatus: () => {
        throw new GraphqlFailure(
          'APPLE_ADS_WRITE_FAILED',
          ADS_MANAGER_MESSAGES.campaignStatusFailed,
        );
      },
    });
    const onChanged = vi.fn();
    renderWithApp(<StatusSwitch level="campaigns" row={reportRow()} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Pause Brand US' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause' }),
    );
    expect(await screen.findByText("Couldn't change campaign status")).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('offers to reload when the entity changed in Apple (ENTITY_CHANGED)', async () => {
    fakeWrites({
      changeEntityStatus: () => {
        throw new GraphqlFailure('ENTITY_CHANGED', ADS_MANAGER_MESSAGES.entityChanged);
      },
    });
    const onChanged = vi.fn();
    renderWithApp(
      <StatusSwitch
        level="keywords"
        row={reportRow({ level: 'keywords' })}
        onChanged={onChanged}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Pause Brand US' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause' }),
    );
    const toast = await screen.findByTestId('entity-changed');
    expect(toast.textContent).toContain(ADS_MANAGER_MESSAGES.entityChanged);
    await user.click(within(toast).getByRole('button', { name: 'Reload' }));
    expect(onChanged).toHaveBeenCalledWith();
  });

  it('is disabled with the reason for a read-only member', async () => {
    signIn({ IsReadOnly: true });
    fakeWrites({});
    renderWithApp(<StatusSwitch level="campaigns" row={reportRow()} onChanged={vi.fn()} />);
    const toggle = screen.getByRole('switch', { name: 'Pause Brand US' }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    await userEvent.setup().hover(toggle.closest('span')!);
    expect(await screen.findByText(ADS_MANAGER_MESSAGES.readOnly)).toBeTruthy();
  });
});
