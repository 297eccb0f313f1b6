import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADD_TO_CAMPAIGN_MESSAGES, type ReportRow } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { ACCOUNT_ID, ADAM_ID, buildPage, buildRow } from '../ads-manager/ads-manager-factories';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildResult, PRODUCT_PAGES } from '../campaign-creation/campaign-creation-factories';
import CampaignViewPage from './campaign-view-page';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 5_000 });

const CAMPAIGN = buildRow('campaigns', 77, {
  name: 'Brand campaign',
  campaignId: 77,
  details: {
    currency: 'USD',
    adamId: ADAM_ID,
    appName: 'Puzzle Quest',
    dailyBudgetMicros: 50_000_000,
    countriesOrRegions: ['US'],
    supplySources: ['APPSTORE_SEARCH_RESULTS'],
    startTime: '2026-01-05T00:00:00.000Z',
    endTime: null,
  },
});
const AD_GROUP = buildRow('adGroups', 88, {
  name: 'Exact brand',
  adGroupId: 88,
  details: {
    currency: 'USD',
    defaultBidMicros: 1_500_000,
    cpaGoalMicros: null,
    targetingDimensions: { deviceClass: { include: ['IPHONE'] }, gender: { include: ['F'] } },
  },
});
const KEYWORD = buildRow('keywords', 99, {
  name: 'puzzle quest',
  adGroupId: 88,
  details: { currency: 'USD', matchType: 'EXACT', bidMicros: 2_250_000 },
});
const AD = buildRow('ads', 111, {
  name: 'Main ad',
  adGroupId: 88,
  details: { currency: 'USD', creativeType: 'CUSTOM_PRODUCT_PAGE', productPageId: 'cpp-1' },
});

function server(
  options: { campaigns?: ReportRow[]; answers?: Record<string, () => unknown> } = {},
) {
  return fakeWrites({
    getIntegrationInfo: () => ({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
      historyLimited: false,
      integrationId: 'int-1',
    }),
    campaignReports: () => buildPage(options.campaigns ?? [CAMPAIGN]),
    adGroupReports: () => buildPage([AD_GROUP]),
    targetingKeywordReports: () => buildPage([KEYWORD]),
    adReports: () => buildPage([AD]),
    getProductPages: () => PRODUCT_PAGES,
    ...options.answers,
  });
}

const openView = (path = '/campaign-view?campaignId=77') => renderInApp(<CampaignViewPage />, path);

const sent = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

describe('campaign view', { timeout: 20_000 }, () => {
  it("shows the campaign's settings, ad groups, keywords and ads from the synced copy", async () => {
    const calls = server();
    openView();
    expect(await screen.findByRole('heading', { name: 'Brand campaign' })).toBeTruthy();
    expect(screen.getByText('Puzzle Quest')).toBeTruthy();
    expect(screen.getByText('Search results')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText(/^United States/)).toBeTruthy();
    expect(screen.getByText('2026-01-05')).toBeTruthy();
    expect(screen.getByText('No end date')).toBeTruthy();
    const adGroup = screen.getByTestId('campaign-view-ad-group');
    expect(within(adGroup).getByText('Exact brand')).toBeTruthy();
    expect(within(adGroup).getByText('$1.50')).toBeTruthy();
    expect(within(adGroup).getByText('iPhone · Female')).toBeTruthy();
    const keywords = within(adGroup).getByRole('table', { name: 'Keywords' });
    expect(within(keywords).getByText('puzzle quest')).toBeTruthy();
    expect(within(keywords).getByText('Exact')).toBeTruthy();
    expect(within(keywords).getByText('$2.25')).toBeTruthy();
    const ads = within(adGroup).getByRole('table', { name: 'Ads' });
    expect(within(ads).getByText('Main ad')).toBeTruthy();
    expect(within(ads).getByText('Custom product page cpp-1')).toBeTruthy();
    // Every read is narrowed to the campaign.
    for (const operation of ['campaignReports', 'adGroupReports', 'adReports'])
      expect(sent(calls, operation)[0]).toMatchObject({
        query: { filter: { campaignIds: [77] } },
      });
  });

  it('says the campaign no longer exists when the team has no such campaign', async () => {
    server({ campaigns: [] });
    openView('/campaign-view?campaignId=12345');
    expect(await screen.findByText(ADD_TO_CAMPAIGN_MESSAGES.campaignNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Ads Manager' })).toBeTruthy();
  });

  it('shows a read-only member the campaign with every change disabled', async () => {
    signIn({ IsReadOnly: true });
    server();
    openView();
    expect(
      await screen.findByText('Your role can view this campaign but not change it.'),
    ).toBeTruthy();
    for (const name of ['Edit campaign', 'Add ad group', 'Add an ad to Exact brand'])
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
  });

  it('adds an ad group with the wizard forms, toasts it and reads the campaign again', async () => {
    const calls = server({
      answers: { addAdGroup: () => buildResult({ adGroups: [{ name: 'Generic', id: 8002 }] }) },
    });
    openView();
    await userEvent.click(await screen.findByRole('button', { name: 'Add ad group' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is sent while a required field is empty.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add ad group' }));
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(sent(calls, 'addAdGroup')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Ad group name/), 'Generic');
    await userEvent.type(within(dialog).getByLabelText(/Default max CPT bid/), '0.90');
    // One ad group, and no campaign-level negatives: the campaign exists.
    expect(within(dialog).getAllByRole('button', { name: 'Add ad group' })).toHaveLength(1);
    expect(within(dialog).queryByText('Negative keywords of the campaign')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an ad to Generic' }));
    await userEvent.type(await within(dialog).findByLabelText(/Ad name/), 'Generic ad');
    const readsBefore = sent(calls, 'campaignReports').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add ad group' }));
    expect(await screen.findByText('Ad group added')).toBeTruthy();
    const [variables] = sent(calls, 'addAdGroup');
    expect(variables).toMatchObject({
      adAccountId: ACCOUNT_ID,
      campaignId: 77,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      adGroup: {
        name: 'Generic',
        defaultBid: '0.90',
        keywords: [],
        ads: [{ name: 'Generic ad', productPage: { kind: 'default' } }],
      },
    });
    await waitFor(() => expect(sent(calls, 'campaignReports').length).toBeGreaterThan(readsBefore));
  });

  it('adds an ad, and finishes a stopped addition under the same key', async () => {
    let answers = 0;
    const calls = server({
      answers: {
        addAds: () =>
          ++answers === 1
            ? buildResult({
                status: 'INCOMPLETE',
                adsCreated: 0,
                failure: 'Unable to process your request. Please try later',
              })
            : buildResult(),
      },
    });
    openView();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an ad to Exact brand' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Ad name/), 'Spring ad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add ads' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Creative set added')).toBeTruthy();
    const [first, second] = sent(calls, 'addAds');
    expect(first).toMatchObject({
      adAccountId: ACCOUNT_ID,
      adGroupId: 88,
      ads: [{ name: 'Spring ad', productPage: { kind: 'default' } }],
    });
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });
});
