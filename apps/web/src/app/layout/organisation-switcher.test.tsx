import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApi } from '../../features/auth/session/session-api';
import { currentSession } from '../../features/auth/session/session-store';
import { initI18n } from '../../shared/i18n/i18n';
import { hardNavigate } from '../../shared/navigation/hard-navigate';
import { fakeToken, sessionClaims, signIn } from '../../test/session-fixtures';
import { OrganisationSwitcher } from './organisation-switcher';

vi.mock('../../shared/navigation/hard-navigate', () => ({ hardNavigate: vi.fn() }));

const teams = [
  {
    TeamId: '00000000-0000-4000-8000-00000000000a',
    Company: 'Alpha',
    Role: 'ADMIN' as const,
    IsDisabled: false,
    CreatedOn: '2026-01-01',
    IsReadOnly: false,
  },
  {
    TeamId: '00000000-0000-4000-8000-00000000000b',
    Company: 'Beta',
    Role: 'STAFF' as const,
    IsDisabled: false,
    CreatedOn: '2026-01-02',
    IsReadOnly: true,
  },
  {
    TeamId: '00000000-0000-4000-8000-00000000000c',
    Company: 'Gamma',
    Role: 'STAFF' as const,
    IsDisabled: true,
    CreatedOn: '2026-01-03',
    IsReadOnly: false,
  },
];

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn({ CompanyName: 'Alpha', teams });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// jsdom cannot lay out Mantine's floating dropdown, so it stays `display: none` there: the items
// are found with `hidden: true` and clicked directly.
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });

async function openSwitcher() {
  render(
    <MantineProvider>
      <OrganisationSwitcher session={currentSession()!} />
    </MantineProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByTestId('organisation-switcher'));
}

describe('organisation switcher', () => {
  it('lists the companies of the user; disabled ones cannot be chosen', async () => {
    await openSwitcher();
    const beta = await menuItem('Beta');
    expect(beta.hasAttribute('disabled')).toBe(false);
    expect((await menuItem('Gamma (Disabled)')).hasAttribute('disabled')).toBe(true);
  });

  it('fetches the user for the chosen company, stores the new token and reloads the overview', async () => {
    const beta = sessionClaims({ TeamID: teams[1]!.TeamId, CompanyName: 'Beta', teams });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, data: { token: fakeToken(beta), sessId: beta.sessId } }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await openSwitcher();
    fireEvent.click(await menuItem('Beta'));

    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/overview'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/api/auth/user-details');
    expect(JSON.parse(init.body as string)).toMatchObject({
      switchTo: { TeamId: teams[1]!.TeamId },
    });
    expect(currentSession()?.claims.CompanyName).toBe('Beta');
  });

  it('alerts "Server did not respond" when the switch fails', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await openSwitcher();
    fireEvent.click(await menuItem('Beta'));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Server did not respond'));
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(currentSession()?.claims.CompanyName).toBe('Alpha');
  });
});
