// Issue 20 in Chromium: the demo company's admin creates a search results campaign in the wizard:
// two ad groups, 20 keywords pasted at once, a negative keyword, an ad on the default product
// page and one on a custom product page chosen from Apple's list. Half way the draft is
// saved; after a reload it is resumed from the drafts list, sent, and found in the ads manager.
// Then a today tab campaign, whose wizard has no keyword steps, gets a second ad group from its
// campaign view. What Apple (the sandbox) received is checked through GraphQL as the same admin.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';
import { adGroupNames, firstAppWithOrg, type OwnApp as App } from './support/demo-entities';

const journey = demoAdminJourney();
const { graphql } = journey;

const toast = (message: string, timeout = 15_000) =>
  journey.page.getByText(message, { exact: true }).first().waitFor({ timeout });
const next = () => journey.page.getByRole('button', { name: 'Next', exact: true }).click();
/** A step's form is on screen once its first field is. */
const onStep = (field: string) =>
  journey.page.getByText(field).first().waitFor({ timeout: 15_000 });
const card = (title: string) =>
  journey.page
    .locator('.mantine-Card-root')
    .filter({ has: journey.page.getByRole('heading', { name: title }) });

const KEYWORDS = Array.from({ length: 20 }, (_, index) => `e2e puzzle keyword ${index + 1}`);

/** Opens a placement's wizard and fills its first step: app, name and a daily budget of 50. */
async function startWizard(route: string, app: App, campaignName: string) {
  const { page } = journey;
  await page.goto(`${journey.server.baseUrl}${route}`);
  await page.getByRole('textbox', { name: 'Campaign name' }).waitFor({ timeout: 15_000 });
  await page
    .locator('input')
    .and(page.getByLabel(/^App( \*)?$/))
    .click();
  await page.getByRole('option', { name: `${app.name} · ${app.adAccountName}` }).click();
  await page.getByRole('textbox', { name: 'Campaign name' }).fill(campaignName);
  await page.getByRole('textbox', { name: 'Daily budget' }).fill('50');
  await next();
}

async function chooseUnitedStates() {
  const { page } = journey;
  const countries = page.locator('input').and(page.getByLabel(/^Countries and regions/));
  await countries.waitFor({ timeout: 15_000 });
  await countries.fill('United States');
  await page.getByRole('option', { name: 'United States of America', exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The campaigns of that name in the app's ad account, as synced from Apple. */
async function campaignsNamed(app: App, campaignName: string) {
  const { getCampaignsByOrg: campaigns } = await graphql<{
    getCampaignsByOrg: { id: number; name: string }[];
  }>('query ($id: Float!) { getCampaignsByOrg(adAccountId: $id) { id name } }', {
    id: app.adAccountId,
  });
  return campaigns.filter((campaign) => campaign.name === campaignName);
}

interface AdRow {
  name: string;
  details: { adGroupName: string; creativeType: string; productPageId: string | null };
}

/** The campaign's ads as stored from Apple's answers, by ad group name. */
async function adsOf(campaignId: number) {
  const day = new Date().toISOString().slice(0, 10);
  const { adReports } = await graphql<{ adReports: { rows: AdRow[] } }>(
    'query ($query: ReportQueryInput!) { adReports(query: $query) { rows { name details } } }',
    {
      query: {
        period: { start: day, end: day },
        filter: { campaignIds: [campaignId] },
        limit: null,
      },
    },
  );
  return adReports.rows.sort((a, b) => a.details.adGroupName.localeCompare(b.details.adGroupName));
}

/** Sends the reviewed wizard and finds the campaign among the ads manager's campaigns. */
async function createAndFind(campaignName: string) {
  const { page } = journey;
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await toast('Campaign created', 60_000);
  await page.waitForURL(/\/ads-manager/, { timeout: 15_000 });
  await page.goto(`${journey.server.baseUrl}/ads-manager?tab=campaigns`);
  await page.getByRole('textbox', { name: 'Search by name' }).fill(campaignName);
  await page
    .getByTestId('report-row')
    .filter({ hasText: campaignName })
    .waitFor({ timeout: 15_000 });
}

describe('campaign creation', () => {
  it('creates a search results campaign from a resumed draft and finds it in the ads manager', async () => {
    const app = await firstAppWithOrg(graphql);
    const campaignName = `E2E search ${Date.now()}`;

    await startWizard('/create-campaign', app, campaignName);
    await chooseUnitedStates();
    await next();

    await journey.page.getByRole('textbox', { name: 'Ad group name' }).first().waitFor();
    await journey.page.getByRole('button', { name: 'Add ad group' }).click();
    const names = journey.page.getByRole('textbox', { name: 'Ad group name' });
    const bids = journey.page.getByRole('textbox', { name: 'Default max CPT bid' });
    await names.nth(0).fill('Brand');
    await bids.nth(0).fill('1.50');
    await names.nth(1).fill('Generic');
    await bids.nth(1).fill('1.20');
    await next();

    await journey.page.getByRole('switch', { name: 'Search Match for Brand' }).waitFor();
    await next();

    const brand = card('Brand');
    await brand
      .getByRole('textbox', { name: 'Paste keywords into Keywords of Brand' })
      .fill(KEYWORDS.join('\n'));
    await journey.page.getByRole('button', { name: 'Add to Keywords of Brand' }).click();
    await expect
      .poll(() => brand.getByRole('textbox', { name: 'Keyword', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(20);
    const negatives = card('Negative keywords of the campaign');
    await negatives.getByRole('textbox', { name: /^Paste keywords into/ }).fill('e2e free puzzle');
    await journey.page
      .getByRole('button', { name: 'Add to Negative keywords of the campaign' })
      .click();
    await next();

    // Half way: the draft is saved, the page reloaded, the draft resumed from the list.
    await onStep('Customer type');
    await journey.page.getByRole('button', { name: 'Save as draft' }).click();
    await toast('Saved as draft');
    await journey.page.reload();
    // The address carries the draft, so the reload reopens it at its step.
    await onStep('Customer type');
    await journey.page.goto(`${journey.server.baseUrl}/campaign-list`);
    await journey.page
      .getByRole('button', { name: `Resume ${campaignName}` })
      .click({ timeout: 15_000 });
    await onStep('Customer type');
    await next();

    // Brand shows the default product page, Generic a custom one chosen from Apple's list.
    const { getProductPages: pages } = await graphql<{
      getProductPages: { kind: string; productPageId: string | null; name: string }[];
    }>(
      'query ($a: Float!, $b: Float!) { getProductPages(adAccountId: $a, adamId: $b) { kind productPageId name } }',
      { a: app.adAccountId, b: app.adamId },
    );
    const customPage = pages.find((page) => page.kind === 'custom')!;
    await journey.page.getByRole('button', { name: 'Add an ad to Brand' }).click();
    await journey.page.getByRole('button', { name: 'Add an ad to Generic' }).click();
    const adNames = journey.page.getByRole('textbox', { name: 'Ad name' });
    await adNames.nth(0).fill('Brand default page');
    await adNames.nth(1).fill('Generic custom page');
    await journey.page
      .locator('input')
      .and(journey.page.getByLabel(/^Product page/))
      .nth(1)
      .click();
    await journey.page.getByRole('option', { name: customPage.name, exact: true }).click();
    await next();

    const review = journey.page.getByTestId('review');
    await review.waitFor({ timeout: 15_000 });
    await review.getByText(campaignName, { exact: true }).waitFor();
    await review.getByText('Keywords (20)').waitFor();
    await createAndFind(campaignName);

    const created = await campaignsNamed(app, campaignName);
    expect(created).toHaveLength(1);
    expect(await adGroupNames(graphql, app, created[0]!.id)).toEqual(['Brand', 'Generic']);
    const ads = await adsOf(created[0]!.id);
    expect(
      ads.map((ad) => [ad.details.adGroupName, ad.details.creativeType, ad.details.productPageId]),
    ).toEqual([
      ['Brand', 'DEFAULT_PRODUCT_PAGE', null],
      ['Generic', 'CUSTOM_PRODUCT_PAGE', customPage.productPageId],
    ]);
    const { getCampaignDrafts: drafts } = await graphql<{
      getCampaignDrafts: { campaignName: string | null }[];
    }>('query { getCampaignDrafts { campaignName } }');
    expect(drafts.filter((draft) => draft.campaignName === campaignName)).toEqual([]);
  }, 240_000);

  it('creates a today tab campaign without the keyword steps and adds an ad group from its view', async () => {
    const { page } = journey;
    const app = await firstAppWithOrg(graphql);
    const campaignName = `E2E today ${Date.now()}`;

    await startWizard('/todaystab-campaign', app, campaignName);
    await chooseUnitedStates();
    await next();

    await page.getByRole('textbox', { name: 'Ad group name' }).fill('Today');
    await page.getByRole('textbox', { name: 'Default max CPT bid' }).fill('0.90');
    await next();

    // The today tab has no Search Match or keywords: the audience follows the ad group.
    await onStep('Customer type');
    await next();
    await page.getByRole('button', { name: 'Add an ad to Today' }).click();
    await page.getByRole('textbox', { name: 'Ad name' }).fill('Today default page');
    await next();

    const review = page.getByTestId('review');
    await review.getByText(campaignName, { exact: true }).waitFor({ timeout: 15_000 });
    await review.getByText('Today tab').first().waitFor();
    await createAndFind(campaignName);

    const created = await campaignsNamed(app, campaignName);
    expect(created).toHaveLength(1);
    expect(await adGroupNames(graphql, app, created[0]!.id)).toEqual(['Today']);

    // The campaign view adds a second ad group, with its ad, to the live campaign.
    await page.goto(`${journey.server.baseUrl}/campaign-view?campaignId=${created[0]!.id}`);
    await page.getByRole('heading', { name: campaignName }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Add ad group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Ad group name' }).fill('Today evening');
    await dialog.getByRole('textbox', { name: 'Default max CPT bid' }).fill('0.70');
    await dialog.getByRole('button', { name: 'Add an ad to Today evening' }).click();
    await dialog.getByRole('textbox', { name: 'Ad name' }).fill('Evening default page');
    await dialog.getByRole('button', { name: 'Add ad group' }).click();
    await toast('Ad group added', 60_000);
    await page.getByText('Today evening', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await adGroupNames(graphql, app, created[0]!.id)).toEqual(['Today', 'Today evening']);
  }, 300_000);
});
