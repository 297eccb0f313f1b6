// Issue 20 in Chromium: the demo company's admin creates a search results campaign in the wizard:
// two ad groups, 20 keywords pasted at once, a negative keyword and an ad. Half way the draft is
// saved; after a reload it is resumed from the drafts list, sent, and found in the ads manager.
// What Apple (the sandbox) received is checked through GraphQL as the same admin.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { DEMO_PASSWORD, signInAsDemoAdmin, startSyncedDemo } from './support/demo';
import { DEMO_ADMIN_EMAIL, graphqlAs, signInByApi } from './support/staff-api';
import type { TapwiseProcess } from './support/tapwise-process';

interface App {
  adamId: number;
  name: string;
  adAccountId: number;
  adAccountName: string;
}

let server: TapwiseProcess;
let browser: Browser;
let page: Page;
let session: Awaited<ReturnType<typeof signInByApi>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSyncedDemo(), launchBrowser()]);
  session = await signInByApi(server.baseUrl, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  page = await newPage(browser);
  await signInAsDemoAdmin(page, server.baseUrl);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function graphql<Data>(query: string, variables: Record<string, unknown> = {}) {
  const answer = await graphqlAs<Data>(server.baseUrl, session, query, variables);
  if (!answer.data) throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

const toast = (message: string, timeout = 15_000) =>
  page.getByText(message, { exact: true }).first().waitFor({ timeout });
const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
/** A step's form is on screen once its first field is. */
const onStep = (field: string) => page.getByText(field).first().waitFor({ timeout: 15_000 });
const card = (title: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: title }) });

const KEYWORDS = Array.from({ length: 20 }, (_, index) => `e2e puzzle keyword ${index + 1}`);

describe('campaign creation', () => {
  it('creates a search results campaign from a resumed draft and finds it in the ads manager', async () => {
    const { getAppsWithOrg: apps } = await graphql<{ getAppsWithOrg: App[] }>(
      'query { getAppsWithOrg { adamId name adAccountId adAccountName } }',
    );
    const app = apps[0]!;
    const campaignName = `E2E search ${Date.now()}`;

    await page.goto(`${server.baseUrl}/create-campaign`);
    await page.getByRole('textbox', { name: 'Campaign name' }).waitFor({ timeout: 15_000 });
    await page
      .locator('input')
      .and(page.getByLabel(/^App( \*)?$/))
      .click();
    await page.getByRole('option', { name: `${app.name} · ${app.adAccountName}` }).click();
    await page.getByRole('textbox', { name: 'Campaign name' }).fill(campaignName);
    await page.getByRole('textbox', { name: 'Daily budget' }).fill('50');
    await next();

    const countries = page.locator('input').and(page.getByLabel(/^Countries and regions/));
    await countries.waitFor({ timeout: 15_000 });
    await countries.fill('United States');
    await page.getByRole('option', { name: 'United States of America', exact: true }).click();
    await page.keyboard.press('Escape');
    await next();

    await page.getByRole('textbox', { name: 'Ad group name' }).first().waitFor();
    await page.getByRole('button', { name: 'Add ad group' }).click();
    const names = page.getByRole('textbox', { name: 'Ad group name' });
    const bids = page.getByRole('textbox', { name: 'Default max CPT bid' });
    await names.nth(0).fill('Brand');
    await bids.nth(0).fill('1.50');
    await names.nth(1).fill('Generic');
    await bids.nth(1).fill('1.20');
    await next();

    await page.getByRole('switch', { name: 'Search Match for Brand' }).waitFor();
    await next();

    const brand = card('Brand');
    await brand
      .getByRole('textbox', { name: 'Paste keywords into Keywords of Brand' })
      .fill(KEYWORDS.join('\n'));
    await page.getByRole('button', { name: 'Add to Keywords of Brand' }).click();
    await expect
      .poll(() => brand.getByRole('textbox', { name: 'Keyword', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(20);
    const negatives = card('Negative keywords of the campaign');
    await negatives.getByRole('textbox', { name: /^Paste keywords into/ }).fill('e2e free puzzle');
    await page.getByRole('button', { name: 'Add to Negative keywords of the campaign' }).click();
    await next();

    // Half way: the draft is saved, the page reloaded, the draft resumed from the list.
    await onStep('Customer type');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await toast('Saved as draft');
    await page.reload();
    // The address carries the draft, so the reload reopens it at its step.
    await onStep('Customer type');
    await page.goto(`${server.baseUrl}/campaign-list`);
    await page.getByRole('button', { name: `Resume ${campaignName}` }).click({ timeout: 15_000 });
    await onStep('Customer type');
    await next();

    await page.getByRole('button', { name: 'Add an ad to Brand' }).click();
    await page.getByRole('textbox', { name: 'Ad name' }).fill('Brand default page');
    await next();

    const review = page.getByTestId('review');
    await review.waitFor({ timeout: 15_000 });
    await review.getByText(campaignName, { exact: true }).waitFor();
    await review.getByText('Keywords (20)').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await toast('Campaign created', 60_000);
    await page.waitForURL(/\/ads-manager/, { timeout: 15_000 });

    await page.goto(`${server.baseUrl}/ads-manager?tab=campaigns`);
    await page.getByRole('textbox', { name: 'Search by name' }).fill(campaignName);
    await page
      .getByTestId('report-row')
      .filter({ hasText: campaignName })
      .waitFor({ timeout: 15_000 });

    const { getCampaignsByOrg: campaigns } = await graphql<{
      getCampaignsByOrg: { id: number; name: string }[];
    }>('query ($id: Float!) { getCampaignsByOrg(adAccountId: $id) { id name } }', {
      id: app.adAccountId,
    });
    const created = campaigns.filter((campaign) => campaign.name === campaignName);
    expect(created).toHaveLength(1);
    const { getAdGroupsByCampaigns: adGroups } = await graphql<{
      getAdGroupsByCampaigns: { name: string }[];
    }>(
      'query ($id: Float!, $campaignIds: [Float!]!) { getAdGroupsByCampaigns(adAccountId: $id, campaignIds: $campaignIds) { name } }',
      { id: app.adAccountId, campaignIds: [created[0]!.id] },
    );
    expect(adGroups.map((adGroup) => adGroup.name).sort()).toEqual(['Brand', 'Generic']);
    const { getCampaignDrafts: drafts } = await graphql<{
      getCampaignDrafts: { campaignName: string | null }[];
    }>('query { getCampaignDrafts { campaignName } }');
    expect(drafts.filter((draft) => draft.campaignName === campaignName)).toEqual([]);
  }, 240_000);
});
