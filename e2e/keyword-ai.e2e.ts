// Issue 22's AI keyword suggestions in Chromium: the demo company's admin opens AI suggestions from
// an ad group's keywords in the ads manager, asks the sandbox's model for one of its apps in the
// US storefront, chooses two of the grounded suggestions and adds them to that ad group. Through
// GraphQL as the same admin: the ad group has them, and one credit was spent.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';
import { firstOwnApp, keywordsOf, liveAdGroupOf } from './support/demo-entities';

interface Credits {
  remainingUsage: number;
  usageLimit: number;
}

const journey = demoAdminJourney();
const { graphql } = journey;

async function credits() {
  const { getCredits } = await graphql<{ getCredits: Credits }>(
    'query { getCredits { remainingUsage usageLimit } }',
  );
  return getCredits;
}

describe('keyword AI', () => {
  it('suggests keywords from the sandbox model and adds two to an ad group', async () => {
    const { page } = journey;
    const app = await firstOwnApp(graphql);
    const { adGroup } = await liveAdGroupOf(graphql, app);
    const before = new Set(await keywordsOf(graphql, adGroup.id));
    const creditsBefore = await credits();

    await page.goto(
      `${journey.server.baseUrl}/ads-manager?tab=keywords&account=${app.adAccountId}&app=${app.adamId}&campaign=${adGroup.campaignId}&adGroup=${adGroup.id}`,
    );
    await page.getByTestId('breadcrumbs').getByText(adGroup.name).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'AI suggestions' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI keyword suggestions' });
    await dialog
      .getByText(`${creditsBefore.remainingUsage} of ${creditsBefore.usageLimit} credits left`, {
        exact: false,
      })
      .waitFor({ timeout: 15_000 });
    // The ad group's app comes from the tab; only the storefront is chosen.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'App', exact: true }).inputValue())
      .toBe(app.name);
    await dialog.getByRole('combobox', { name: 'Storefront', exact: true }).fill('United States');
    await page.getByRole('option', { name: 'United States of America', exact: true }).click();
    // The sandbox's model is offered first, so no model needs choosing.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Model', exact: true }).inputValue())
      .toMatch(/^sandbox-/);
    await dialog.getByRole('button', { name: 'Suggest', exact: true }).click();

    const table = dialog.getByRole('table', { name: 'Suggested keywords' });
    await table.waitFor({ timeout: 60_000 });
    const labels = await table
      .getByRole('checkbox', { name: /^Select (?!every keyword$)/ })
      .evaluateAll((boxes) =>
        boxes.map((box) => box.getAttribute('aria-label')!.replace(/^Select /, '')),
      );
    // Two suggestions the ad group does not have yet.
    const texts = labels.filter((text) => !before.has(text)).slice(0, 2);
    expect(texts).toHaveLength(2);
    for (const text of texts) await table.getByRole('checkbox', { name: `Select ${text}` }).check();
    const actions = dialog.getByRole('group', { name: 'Use the chosen suggestions' });
    await actions.getByText('2 selected', { exact: true }).waitFor();
    await actions.getByRole('button', { name: 'Add keywords', exact: true }).click();

    // The ad group's add-keywords form opens with the two, and adds them.
    const add = page.getByRole('dialog', { name: 'Add keywords' });
    expect(
      (await add.getByRole('textbox', { name: /^Keywords/ }).inputValue()).split('\n').sort(),
    ).toEqual([...texts].sort());
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect
      .poll(() => keywordsOf(graphql, adGroup.id), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(texts));
    expect(await credits()).toEqual({
      remainingUsage: creditsBefore.remainingUsage - 1,
      usageLimit: creditsBefore.usageLimit,
    });
    for (const text of texts) {
      await page.getByRole('textbox', { name: 'Search by name' }).fill(text);
      await page
        .getByTestId('report-row')
        .filter({ has: page.getByText(text, { exact: true }) })
        .waitFor({ timeout: 15_000 });
    }
  }, 180_000);
});
