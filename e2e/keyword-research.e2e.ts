// Issue 21 in Chromium: the demo company's admin asks which keywords one of its apps ranks for
// (the sandbox's App Store simulation answers), watches the data request run, opens its result
// from the top bar's data requests, adds three of the keywords to an ad group and finds them in
// the ads manager; then tracks one keyword's organic rank for the app. What the screens did is
// checked through GraphQL as the same admin.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';
import { firstOwnApp, keywordsOf, liveAdGroupOf, type OwnApp } from './support/demo-entities';

const journey = demoAdminJourney();
const { graphql } = journey;

/** A keyword the app ranks for in the US storefront, from a keywords-for-app question (asked
 * again until its data request is done: a finished question is answered from the database). */
async function rankedKeywordOf(app: OwnApp) {
  const ask = () =>
    graphql<{
      searchByApp: {
        keywords: { keyword: string; organicRank: number | null }[];
        request: { status: string };
      };
    }>(
      'mutation ($appId: ID!, $title: String) { searchByApp(appId: $appId, title: $title) { keywords { keyword organicRank } request { status } } }',
      { appId: String(app.adamId), title: app.name },
    );
  let answer = await ask();
  await expect
    .poll(async () => (answer = await ask()).searchByApp.request.status, { timeout: 60_000 })
    .toBe('DONE');
  const ranked = answer.searchByApp.keywords.find((row) => row.organicRank !== null);
  expect(ranked).toBeDefined();
  return ranked!.keyword;
}

/** Picks an option of a shown Mantine select found by its label. */
async function choose(label: string, option: string, scope = journey.page.locator('body')) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await journey.page.getByRole('option', { name: option, exact: true }).click();
}

describe('keyword research', () => {
  it('finds keywords for an app, opens the finished request and adds three to an ad group', async () => {
    const { page } = journey;
    const app = await firstOwnApp(graphql);
    const { adGroup, campaign } = await liveAdGroupOf(graphql, app);
    const before = new Set(await keywordsOf(graphql, adGroup.id));

    await page.goto(`${journey.server.baseUrl}/keyword-auction-insights`);
    await page.getByRole('tab', { name: 'Keywords for app', selected: true }).waitFor();
    await choose('App', app.name);
    await page.getByRole('button', { name: 'Find keywords' }).click();
    // While the request runs its progress shows on the tab and on the top bar's button, and
    // both end when it is done.
    await page.getByTestId('research-progress').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Data requests: 1 running, \d+% done$/ }).waitFor();
    const table = page.getByRole('table', { name: `Keywords of ${app.name}` });
    await table.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Data requests', exact: true }).waitFor();
    expect(await page.getByTestId('research-progress').count()).toBe(0);

    // The request, opened again from the top bar's list.
    await page.getByRole('button', { name: 'Data requests', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Data requests' });
    const entry = dialog
      .getByTestId('data-request')
      .filter({ hasText: 'Keywords for app' })
      .filter({ hasText: app.name })
      .first();
    await entry.getByText(/^Complete · Fetched \d+$/).waitFor();
    expect(await entry.getAttribute('data-status')).toBe('DONE');
    await entry.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/keyword-auction-insights\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('tab')).toBe('0');
    expect(Number(params.get('q'))).toBeGreaterThan(0);
    const { getDataRequests: requests } = await graphql<{
      getDataRequests: { id: string; opId: number; appId: string | null; status: string }[];
    }>('query { getDataRequests { id opId appId status } }');
    const request = requests.find(
      (entry) => entry.opId === 1 && entry.appId === String(app.adamId),
    );
    expect(request?.status).toBe('DONE');
    expect(params.get('request')).toBe(request!.id);
    await table.waitFor({ timeout: 15_000 });

    // Three keywords the ad group does not have yet.
    const checkboxes = table.getByRole('checkbox', { name: /^Select (?!every row shown$)/ });
    await checkboxes.first().waitFor();
    const labels = await checkboxes.evaluateAll((boxes) =>
      boxes.map((box) => box.getAttribute('aria-label')!.replace(/^Select /, '')),
    );
    const texts = labels.filter((text) => !before.has(text)).slice(0, 3);
    expect(texts).toHaveLength(3);
    for (const text of texts) await table.getByRole('checkbox', { name: `Select ${text}` }).check();

    await page.getByRole('button', { name: 'Add as keywords to an ad group' }).click();
    const picker = page.getByRole('dialog', { name: 'Add as keywords to an ad group' });
    await choose('Your app', `${app.name} (${app.adAccountName})`, picker);
    // Ad groups are listed under their campaign, whose other ad groups may share their names.
    await picker.getByRole('combobox', { name: 'Ad group', exact: true }).click();
    await page
      .locator('.mantine-Select-group')
      .filter({ has: page.getByText(campaign.name, { exact: true }) })
      .getByRole('option', { name: adGroup.name, exact: true })
      .click();
    await picker.getByRole('button', { name: 'Next' }).click();
    const add = page.getByRole('dialog', { name: 'Add keywords' });
    expect(
      (await add.getByRole('textbox', { name: /^Keywords/ }).inputValue()).split('\n').sort(),
    ).toEqual([...texts].sort());
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect
      .poll(() => keywordsOf(graphql, adGroup.id), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(texts));

    // The ads manager's keywords of that ad group list all three.
    await page.goto(
      `${journey.server.baseUrl}/ads-manager?tab=keywords&account=${app.adAccountId}&app=${app.adamId}&campaign=${campaign.id}&adGroup=${adGroup.id}`,
    );
    await page.getByTestId('breadcrumbs').getByText(adGroup.name).waitFor({ timeout: 15_000 });
    for (const text of texts) {
      await page.getByRole('textbox', { name: 'Search by name' }).fill(text);
      await page
        .getByTestId('report-row')
        .filter({ has: page.getByText(text, { exact: true }) })
        .waitFor({ timeout: 15_000 });
    }
  }, 180_000);

  it('tracks a keyword the app ranks for and shows its organic rank', async () => {
    const { page } = journey;
    const app = await firstOwnApp(graphql);
    const term = await rankedKeywordOf(app);

    await page.goto(`${journey.server.baseUrl}/organic-keyword-ranking`);
    await choose('App', app.name);
    await page.getByRole('textbox', { name: 'Add keywords' }).fill(term);
    await page.getByRole('button', { name: 'Track keywords' }).click();
    await page.getByText('Tracking 1 keywords.', { exact: true }).first().waitFor();

    const row = page.getByTestId('tracked-keywords').getByRole('row').filter({ hasText: term });
    await row.waitFor({ timeout: 15_000 });
    const { trackedKeywords } = await graphql<{
      trackedKeywords: { term: string; organicRank: number | null }[];
    }>(
      'query ($adamId: Float, $location: String) { trackedKeywords(adamId: $adamId, location: $location) { term organicRank } }',
      { adamId: app.adamId, location: 'us' },
    );
    const rank = trackedKeywords.find((entry) => entry.term === term)?.organicRank;
    expect(rank).toBeGreaterThan(0);
    await row.getByRole('cell', { name: String(rank), exact: true }).waitFor();
  }, 90_000);
});
