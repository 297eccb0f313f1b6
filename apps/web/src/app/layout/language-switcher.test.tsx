import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../shared/i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

// Korean stands for a language whose chunk cannot be fetched.
vi.mock('../../locales/ko.json', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(async () => {
  window.localStorage.clear();
  await initI18n('en');
});
afterEach(() => vi.restoreAllMocks());

// jsdom cannot lay out Mantine's floating dropdown: its items are found with `hidden: true`.
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });

async function openSwitcher() {
  render(
    <MantineProvider>
      <Notifications />
      <LanguageSwitcher />
    </MantineProvider>,
  );
  await userEvent.setup().click(screen.getByTestId('language-switcher'));
}

describe('language switcher', () => {
  it('switches to the chosen language once it has loaded', async () => {
    await openSwitcher();
    fireEvent.click(await menuItem('Deutsch'));
    expect(await screen.findByText('DE')).toBeTruthy();
    expect(i18next.t('login.title')).toBe('Bei Tapwise anmelden');
  });

  it('keeps the current language and says so when the chosen one cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await changeLocale('de');
    await openSwitcher();
    fireEvent.click(await menuItem('한국어'));
    expect(
      await screen.findByText('Diese Sprache konnte nicht geladen werden.', { exact: false }),
    ).toBeTruthy();
    expect(i18next.language).toBe('de');
    expect(screen.getByTestId('language-switcher').textContent).toBe('DE');
  });
});
