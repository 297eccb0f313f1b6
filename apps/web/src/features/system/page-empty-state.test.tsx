import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApi } from '../auth/session/session-api';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp, stubIntegrationInfo } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import PageEmptyState from './page-empty-state';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('page empty state', () => {
  it('asks to connect Apple Ads while there is no integration', async () => {
    stubIntegrationInfo({ APPLE_SEARCH_ADS: false, firstSyncDone: false });
    renderInApp(<PageEmptyState page="adsManager" />);
    expect(await screen.findByText('No Apple Ads data yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Integrations' })).toBeTruthy();
  });

  it('stops asking to connect once the data is synced', async () => {
    stubIntegrationInfo({});
    renderInApp(<PageEmptyState page="adsManager" />);
    expect(await screen.findByText('Your Apple Ads data is synced')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to Integrations' })).toBeNull();
  });
});
