import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GuidedTour } from './guided-tour';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const where = (router: ReturnType<typeof renderInApp>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the guided tour', { timeout: 20_000 }, () => {
  it("shows the page's dialog with tour=true, and Next goes to the next page of the tour", async () => {
    const router = renderInApp(<GuidedTour />, '/overview?tour=true');
    const dialog = await screen.findByTestId('tour-dialog');
    expect(dialog.getAttribute('data-page')).toBe('overview');
    expect(screen.getByText('Tour · 1 of 6')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where(router)).toBe('/ads-manager?tour=true'));
    await waitFor(() =>
      expect(screen.getByTestId('tour-dialog').getAttribute('data-page')).toBe('adsManager'),
    );
  });

  it('leads from the last page to the thank-you, which Start exploring closes', async () => {
    const router = renderInApp(<GuidedTour />, '/goals?tour=true');
    await screen.findByTestId('tour-dialog');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where(router)).toBe('/overview?endTour=true'));
    expect(await screen.findByText('Thank you for taking the tour!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start exploring' }));
    await waitFor(() => expect(where(router)).toBe('/overview'));
    await waitFor(() => expect(screen.queryByTestId('tour-thank-you')).toBeNull());
  });

  it('ends on Skip, and shows nothing without tour=true or off the tour', async () => {
    const router = renderInApp(<GuidedTour />, '/arrules?tour=true');
    await screen.findByTestId('tour-dialog');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(where(router)).toBe('/arrules'));
    await waitFor(() => expect(screen.queryByTestId('tour-dialog')).toBeNull());
  });
});
