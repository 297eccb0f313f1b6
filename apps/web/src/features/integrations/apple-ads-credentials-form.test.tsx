import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { AppleAdsCredentialsForm } from './apple-ads-credentials-form';

const form = (
  <AppleAdsCredentialsForm ownKey={false} onBack={() => undefined} onConnected={() => undefined} />
);

beforeAll(() => initI18n('en'));

describe('AppleAdsCredentialsForm', () => {
  it('offers a custom API address where the server allows one', async () => {
    renderInApp(form, '/integrations', { appleAdsCustomUrls: true });
    expect(await screen.findByText('Custom API address (test servers only)')).toBeTruthy();
  });

  it('does not offer one where the server refuses it', async () => {
    renderInApp(form, '/integrations', { appleAdsCustomUrls: false });
    expect(await screen.findByLabelText(/Key ID/)).toBeTruthy();
    expect(screen.queryByText('Custom API address (test servers only)')).toBeNull();
  });
});
