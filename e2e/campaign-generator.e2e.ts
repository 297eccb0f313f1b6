// Issue 22 in Chromium: the demo company's admin sets up the generator for one of its apps (Brand
// terms, Category keywords from research, a rival app's keywords, Discovery) in one country, saves
// it as a template, loads the template again after a reload, previews the structure (keywords are
// fetched, then the plan tree shows), launches it, follows its progress to Sync Complete and finds
// the four campaigns in the ads manager. What the sandbox received is checked through GraphQL as
// the same admin. The demo's first app is promoted by its second ad account, so research has to
// go through that account.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';
import { adGroupNames, firstAppWithOrg, type OwnApp as App } from './support/demo-entities';

interface Generation {
  id: string;
  status: string;
  progress: { campaignsCreated: boolean; adGroupsCreated: boolean; allDone: boolean };
}

const journey = demoAdminJourney();
const { graphql } = journey;

const SEGMENTS = ['Brand', 'Category', 'Competitor', 'Discovery'];

/** An App Store app of another company found by a word of the app's name, as the picker does. */
async function rivalOf(app: App) {
  const { searchForApps } = await graphql<{
    searchForApps: { own: boolean; app: { application_id: string; title: string } }[];
  }>(
    'query ($term: String!) { searchForApps(term: $term, location: "us") { own app { application_id title } } }',
    { term: app.name.split(' ')[0]! },
  );
  const rival = searchForApps.find((entry) => !entry.own && entry.app.title !== app.name);
  expect(rival).toBeDefined();
  return rival!.app;
}

/** The generator form's card of one segment. */
const segmentCard = (segment: string) =>
  journey.page
    .getByTestId('segment-card')
    .filter({ has: journey.page.getByRole('heading', { name: segment, exact: true }) });

/** Fills the settings form: the app, names, the United States, bids, Brand terms and a rival. */
async function fillSettings(app: App, organisationName: string, rivalTitle: string) {
  const { page } = journey;
  await page
    .locator('input')
    .and(page.getByLabel(/^App( \*)?$/))
    .first()
    .click();
  await page.getByRole('option', { name: `${app.name} · ${app.adAccountName}` }).click();
  await page.getByRole('textbox', { name: 'Organisation name' }).fill(organisationName);
  const countries = page.locator('input').and(page.getByLabel(/^Countries/));
  await countries.fill('United States');
  await page.getByRole('option', { name: 'United States of America', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Max CPT bid' }).fill('1.20');
  await page.getByRole('textbox', { name: 'Daily cap' }).fill('25');

  const brandTerms = segmentCard('Brand').getByRole('combobox', { name: 'Keywords' });
  for (const term of [app.name.toLowerCase(), `${app.name.toLowerCase()} app`]) {
    await brandTerms.fill(term);
    await brandTerms.press('Enter');
  }
  const rival = segmentCard('Competitor').getByRole('combobox', { name: 'App' });
  await rival.fill(rivalTitle);
  await page.getByRole('option', { name: rivalTitle, exact: true }).click();
  await segmentCard('Competitor').getByText(rivalTitle, { exact: true }).waitFor();
}

async function generationOf(id: string) {
  const { campaignGeneration } = await graphql<{ campaignGeneration: Generation }>(
    'query ($id: ID!) { campaignGeneration(id: $id) { id status progress { campaignsCreated adGroupsCreated allDone } } }',
    { id },
  );
  return campaignGeneration;
}

describe('campaign generator', () => {
  it('generates the four-campaign structure from a template and finds it in the ads manager', async () => {
    const { page } = journey;
    const app = await firstAppWithOrg(graphql);
    const rival = await rivalOf(app);
    const stamp = Date.now();
    const organisationName = `E2E org ${stamp}`;
    const templateName = `E2E template ${stamp}`;
    const campaignNames = SEGMENTS.map(
      (segment) => `${organisationName} - ${app.name} - ${segment} - US`,
    );

    // The settings, saved as a template through the page.
    await page.goto(`${journey.server.baseUrl}/campaign-generator-details?tab=new`);
    await page.getByRole('form', { name: 'Generator settings' }).waitFor({ timeout: 15_000 });
    await fillSettings(app, organisationName, rival.title);
    await page.getByRole('button', { name: 'Save as template' }).click();
    const naming = page.getByRole('dialog', { name: 'Save as template' });
    await naming.getByRole('textbox', { name: 'Name' }).fill(templateName);
    await naming.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template saved', { exact: true }).first().waitFor({ timeout: 15_000 });

    // A fresh page loads it again.
    await page.reload();
    await page.locator('input').and(page.getByLabel('Template or draft')).click();
    await page.getByRole('option', { name: templateName, exact: true }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Organisation name' }).inputValue())
      .toBe(organisationName);

    // The preview: keywords are fetched, then the plan tree shows the four campaigns.
    await page.getByRole('button', { name: 'Preview campaigns' }).click();
    await page.waitForURL(/generation=/, { timeout: 15_000 });
    const generationId = new URL(page.url()).searchParams.get('generation')!;
    const progress = page.getByTestId('generation-progress');
    await progress.getByText('Fetching keywords', { exact: true }).waitFor({ timeout: 15_000 });
    await progress.getByText('Ready to review', { exact: true }).waitFor({ timeout: 120_000 });
    const planned = page.getByTestId('plan-campaign');
    await expect.poll(() => planned.count()).toBe(4);
    const shownNames = await page
      .getByRole('textbox', { name: 'Campaign name' })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(shownNames).toEqual(campaignNames);
    // Discovery comes last, with its Search Match ad group.
    const discovery = planned.nth(3);
    await discovery.getByText('Search Match', { exact: true }).waitFor();

    // Launched after the confirmation, it runs to Sync Complete.
    await page.getByRole('button', { name: 'Launch', exact: true }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: 'Create these campaigns?' });
    await confirmation.getByRole('button', { name: 'Create in Apple Ads' }).click();
    await progress
      .getByText(/^(Waiting to Sync|Syncing)$/)
      .first()
      .waitFor({ timeout: 15_000 });
    await progress.getByText('Sync Complete', { exact: true }).waitFor({ timeout: 120_000 });
    const generation = await generationOf(generationId);
    expect(generation.status).toBe('SYNC_COMPLETE');
    expect(generation.progress).toEqual({
      campaignsCreated: true,
      adGroupsCreated: true,
      allDone: true,
    });

    // The ads manager lists the four campaigns by name.
    await page.getByRole('link', { name: 'Open the campaigns in the Ads Manager' }).click();
    await page.waitForURL(/\/ads-manager/, { timeout: 15_000 });
    await page.goto(`${journey.server.baseUrl}/ads-manager?tab=campaigns`);
    await page.getByRole('textbox', { name: 'Search by name' }).fill(organisationName);
    for (const name of campaignNames) {
      await page
        .getByTestId('report-row')
        .filter({ has: page.getByText(name, { exact: true }) })
        .waitFor({ timeout: 15_000 });
    }
    const { getCampaignsByOrg: campaigns } = await graphql<{
      getCampaignsByOrg: { id: number; name: string }[];
    }>('query ($id: Float!) { getCampaignsByOrg(adAccountId: $id) { id name } }', {
      id: app.adAccountId,
    });
    const generated = campaigns.filter((campaign) => campaign.name.startsWith(organisationName));
    expect(generated.map((campaign) => campaign.name).sort()).toEqual([...campaignNames].sort());
    // Discovery's broad terms and its Search Match ad group reached Apple too.
    const discoveryId = generated.find((campaign) => campaign.name === campaignNames[3])!.id;
    expect(await adGroupNames(graphql, app, discoveryId)).toEqual([
      'Discovery - Broad',
      'Discovery - Search Match',
    ]);
  }, 360_000);
});
