import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_CREATION_MESSAGES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  COMPLETE_VALUES,
  CUSTOM_PAGE_ID,
  DRAFT_ID,
  PRODUCT_PAGES,
  buildDraft,
  creationServer,
} from './campaign-creation-factories';
import CampaignWizard from './campaign-wizard';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

const openAdsStep = () =>
  renderInApp(<CampaignWizard placement="SEARCH_RESULTS" />, `/create-campaign?draft=${DRAFT_ID}`);

const pageSelect = () => screen.findByLabelText(/Product page/, { selector: 'input' });

async function choosePage(name: string) {
  const user = userEvent.setup();
  await user.click(await pageSelect());
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

const withCustomPage = (devices: ('IPHONE' | 'IPAD')[]) => ({
  ...COMPLETE_VALUES,
  adGroups: [
    {
      ...COMPLETE_VALUES.adGroups![0]!,
      audience: { ...COMPLETE_VALUES.adGroups![0]!.audience!, devices },
      ads: [
        {
          name: 'Main ad',
          productPage: { kind: 'custom' as const, productPageId: CUSTOM_PAGE_ID },
        },
      ],
    },
  ],
});

describe('product page picker', { timeout: 20_000 }, () => {
  it("lists the app's pages and keeps the chosen custom page in the draft", async () => {
    const calls = creationServer({ getDraft: () => buildDraft({ step: 'creativeSets' }) });
    openAdsStep();
    await choosePage('Puzzle Quest – Features');

    const details = await screen.findByTestId('product-page-details');
    expect(within(details).getByText('PUBLISHED')).toBeTruthy();
    expect(within(details).getByText('Locales: 2')).toBeTruthy();
    expect(within(details).getByText(/iPhone 6\.5": 2 · iPad 12\.9": 2/)).toBeTruthy();
    // Two iPhone assets may hold a landscape one: a warning, not a refusal.
    expect(
      within(details).getByText(
        /needs three portrait or one landscape screenshot for iPhone 6\.5"/,
      ),
    ).toBeTruthy();
    expect(variablesOf(calls, 'getProductPages')).toEqual([
      { adAccountId: APP.adAccountId, adamId: APP.adamId },
    ]);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(variablesOf(calls, 'saveCampaignDraft')).toHaveLength(1));
    const [saved] = variablesOf(calls, 'saveCampaignDraft') as {
      input: { values: typeof COMPLETE_VALUES };
    }[];
    expect(saved!.input.values.adGroups![0]!.ads).toEqual([
      { name: 'Main ad', productPage: { kind: 'custom', productPageId: CUSTOM_PAGE_ID } },
    ]);
    // The review names the page, not its id.
    const review = await screen.findByTestId('review');
    expect(
      within(review).getByText('Main ad (Custom product page: Puzzle Quest – Features)'),
    ).toBeTruthy();
  });

  it('refuses a page without assets for a device the ad group targets and stays on the step', async () => {
    const iphoneOnly = PRODUCT_PAGES.map((page) => ({
      ...page,
      devices: page.devices.filter((device) => device.deviceClass === 'IPHONE'),
    }));
    const calls = creationServer({
      getDraft: () =>
        buildDraft({ step: 'creativeSets', values: withCustomPage(['IPHONE', 'IPAD']) }),
      getProductPages: () => iphoneOnly,
    });
    openAdsStep();
    expect(
      await screen.findByText(
        'This page has no screenshot for iPad, which the ad group targets. Choose another page or stop targeting iPad.',
      ),
    ).toBeTruthy();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('This page cannot be shown on every device the ad group targets.'),
    ).toBeTruthy();
    expect(variablesOf(calls, 'saveCampaignDraft')).toEqual([]);
  });

  it('says so when the app has no custom product pages', async () => {
    creationServer({
      getDraft: () => buildDraft({ step: 'creativeSets' }),
      getProductPages: () => PRODUCT_PAGES.slice(0, 1),
    });
    openAdsStep();
    expect(await screen.findByText('This app has no custom product pages')).toBeTruthy();
    expect(((await pageSelect()) as HTMLInputElement).value).toBe('Default product page');
  });

  it('shows "Unable to fetch asset details" with a retry that lists the pages', async () => {
    let failing = true;
    creationServer({
      getDraft: () => buildDraft({ step: 'creativeSets', values: withCustomPage(['IPHONE']) }),
      getProductPages: () => {
        if (failing)
          throw new GraphqlFailure(
            'APPLE_ADS_READ_FAILED',
            CAMPAIGN_CREATION_MESSAGES.assetDetailsFailed,
          );
        return PRODUCT_PAGES;
      },
    });
    openAdsStep();
    expect(await screen.findByText('Unable to fetch asset details')).toBeTruthy();

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () =>
      expect(((await pageSelect()) as HTMLInputElement).value).toBe('Puzzle Quest – Features'),
    );
  });

  it('shows a read-only member the chosen page, the picker disabled', async () => {
    signIn({ IsReadOnly: true });
    creationServer({
      getDraft: () => buildDraft({ step: 'creativeSets', values: withCustomPage(['IPHONE']) }),
    });
    openAdsStep();
    await screen.findByTestId('product-page-details');
    const select = (await pageSelect()) as HTMLInputElement;
    expect(select.value).toBe('Puzzle Quest – Features');
    expect(select.matches(':disabled')).toBe(true);
  });
});
