import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { confirm } from './confirm-dialog';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => window.localStorage.clear());

function renderHost() {
  render(
    <MantineProvider>
      <ModalsProvider>
        <div />
      </ModalsProvider>
    </MantineProvider>,
  );
}

describe('confirmation dialog', () => {
  it('resolves true on OK and false on Cancel', async () => {
    renderHost();
    const user = userEvent.setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Delete campaign', message: 'Delete "Brand US"?', icon: 1 });
    });
    expect(await screen.findByText('Delete "Brand US"?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await answer).toBe(true);

    act(() => {
      answer = confirm({ message: 'Pause it?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await answer).toBe(false);
  });

  it('shows only the message and OK in message-only mode', async () => {
    renderHost();
    act(() => {
      void confirm({ title: 'Hidden title', message: 'Saved.', messageOnly: true, icon: 3 });
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.queryByText('Hidden title')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('stops asking once "Don\'t show this again" was ticked', async () => {
    renderHost();
    const user = userEvent.setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ message: 'Pause keyword?', hideNextTimeKey: 'ads-manager-toggle' });
    });
    await user.click(await screen.findByRole('checkbox', { name: "Don't show this again" }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await answer).toBe(true);
    await waitFor(() => expect(screen.queryAllByText('Pause keyword?')).toHaveLength(0));

    expect(
      await confirm({ message: 'Pause keyword?', hideNextTimeKey: 'ads-manager-toggle' }),
    ).toBe(true);
    expect(screen.queryAllByText('Pause keyword?')).toHaveLength(0);
  });
});
