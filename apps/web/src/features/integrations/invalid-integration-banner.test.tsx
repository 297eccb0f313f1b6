import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { latestSocket } from '../../test/fake-socket';
import { renderInApp, stubIntegrationInfo } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { InvalidIntegrationBanner } from './invalid-integration-banner';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const BANNER = 'Unable to sync data due to an invalid integration, see integrations page.';

describe('invalid integration banner', () => {
  it('says the integration is invalid and links to the integrations page', async () => {
    stubIntegrationInfo({ invalid: true });
    renderInApp(<InvalidIntegrationBanner />);
    const banner = await screen.findByTestId('invalid-integration-banner');
    expect(banner.textContent).toBe(BANNER);
    expect(screen.getByRole('link', { name: 'integrations page' }).getAttribute('href')).toBe(
      '/integrations',
    );
  });

  it('appears when a sync stops with INVALID_INTEGRATION', async () => {
    const fetchMock = stubIntegrationInfo({});
    renderInApp(<InvalidIntegrationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('invalid-integration-banner')).toBeNull();
    latestSocket().deliver('syncprogress:event', {
      syncId: 's2',
      done: true,
      mode: 'DAILY',
      progress: 10,
      lastSyncAt: null,
      error: 'Invalid integration, Please add again.',
      errCode: 'INVALID_INTEGRATION',
      resuming: false,
      bfrInfo: { firstSyncCD: false, dailySyncCD: 300 },
    });
    expect((await screen.findByTestId('invalid-integration-banner')).textContent).toBe(BANNER);
  });

  it('is absent while the integration is valid', async () => {
    const fetchMock = stubIntegrationInfo({});
    renderInApp(<InvalidIntegrationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('invalid-integration-banner')).toBeNull();
  });
});
