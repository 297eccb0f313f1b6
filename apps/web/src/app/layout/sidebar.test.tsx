import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentSession } from '../../features/auth/session/session-store';
import { initI18n } from '../../shared/i18n/i18n';
import { signIn } from '../../test/session-fixtures';
import { Sidebar } from './sidebar';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => window.localStorage.clear());

function renderSidebar() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <Sidebar session={currentSession()} onNavigate={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('sidebar', () => {
  it('links every item the session may open', () => {
    signIn({ Role: 'ADMIN' });
    const nav = renderSidebar();
    expect(within(nav).getByRole('link', { name: 'Team Management' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Goals' })).toBeTruthy();
    expect(nav.querySelectorAll('[data-locked]')).toHaveLength(0);
    expect(within(nav).queryByText('Companies')).toBeNull();
  });

  it('greys items without permission and opens the permission popup from them', async () => {
    signIn({ Role: 'STAFF', permissions: ['overview.read', 'adsManager.read'] });
    const nav = renderSidebar();
    expect(within(nav).getByRole('link', { name: 'Ads Manager' })).toBeTruthy();
    const goals = within(nav).getByRole('button', { name: 'Goals' });
    expect(goals.getAttribute('aria-disabled')).toBe('true');
    expect(within(nav).queryByRole('link', { name: 'Goals' })).toBeNull();

    await userEvent.setup().click(goals);
    const popup = await screen.findByRole('dialog', { name: 'No access' });
    expect(popup.textContent).toContain(
      'You do not have permission to open Goals. Ask your company admin for access.',
    );
  });

  it('shows super admins every item, Companies and SA Panel included, none greyed', () => {
    signIn({ Role: 'SUPERADMIN', permissions: [] });
    const nav = renderSidebar();
    expect(within(nav).getByRole('link', { name: 'Companies' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'SA Panel' })).toBeTruthy();
    expect(nav.querySelectorAll('[data-locked]')).toHaveLength(0);
  });
});
