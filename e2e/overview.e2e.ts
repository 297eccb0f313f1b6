// Issue 6 in Chromium: the demo company's admin opens the overview once the demo's first sync is
// done, changes the period and sees the comparison change, switches app, opens the country map
// and downloads the CSV, whose totals agree with the cards. Prints how long the page took to show
// its data after navigation (the target is 1.5 s; not asserted, machines differ).
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signInAsDemoAdmin, startSyncedDemo } from './support/demo';
import type { TapwiseProcess } from './support/tapwise-process';

let server: TapwiseProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSyncedDemo(), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

const spendValue = (page: Page) =>
  page.getByTestId('total-spend').getByTestId('total-value').textContent();

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** "$12,144.29" or "€1,234.50" as the CSV writes it: "12,144.29". */
const amountOf = (money: string | null) => (money ?? '').replace(/[^\d.,-]/g, '');

describe('overview', () => {
  it('compares periods, switches app, maps countries and exports the CSV the cards show', async () => {
    const page = await newPage(browser);
    await signInAsDemoAdmin(page, server.baseUrl);
    await page.getByTestId('total-spend').getByTestId('total-value').waitFor();
    await page.waitForLoadState('networkidle');

    // Navigation to data on the screen, with the app already built and the session open.
    const navigationStart = Date.now();
    await page.goto(`${server.baseUrl}/overview`);
    await page.getByTestId('total-spend').getByTestId('total-value').waitFor();
    const dataVisibleMs = Date.now() - navigationStart;
    console.log(`overview: data visible ${dataVisibleMs} ms after navigation`);

    const weekComparison = await text(page, 'overview-comparison');
    const weekSpend = await spendValue(page);
    expect(weekSpend).toMatch(/^\$[\d,]+\.\d{2}$/);
    await choose(page, 'Period', 'Last 30 Days');
    await page.getByTestId('overview-comparison').filter({ hasNotText: weekComparison }).waitFor();
    await page.getByTestId('total-spend').getByTestId('total-value').waitFor();
    const monthSpend = await spendValue(page);
    expect(monthSpend).not.toBe(weekSpend);
    const change = page.getByTestId('total-installs').locator('[data-tone]');
    expect(await change.getAttribute('data-tone')).toMatch(/^(good|bad|neutral)$/);
    expect(await change.getByTestId('change-relative').textContent()).toMatch(/%$|—/);

    const appSelect = page.getByRole('combobox', { name: 'App', exact: true });
    const firstApp = await appSelect.inputValue();
    await appSelect.click();
    const otherApp = page.getByRole('option').filter({ hasNotText: firstApp.split(' — ')[0]! });
    await otherApp.first().click();
    await expect.poll(() => appSelect.inputValue()).not.toBe(firstApp);
    await page.getByTestId('total-spend').getByTestId('total-value').waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('adamId'));
    expect(stored).toMatch(/^\d+$/);

    await page.getByRole('tab', { name: 'Countries and regions' }).click();
    await page.getByTestId('world-map').waitFor();
    const countryRows = page.getByTestId('breakdown-table-countryOrRegion').locator('tbody tr');
    await countryRows.first().waitFor();
    expect(await countryRows.count()).toBeGreaterThan(0);
    expect(
      await page.locator('[data-testid="world-map"] path[data-country] title').count(),
    ).toBeGreaterThan(100);

    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    await expect.poll(() => exportButton.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(
      /^tapwise-overview-[\p{L}\p{N}-]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/u,
    );
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Overview report');
    const totalsAt = lines.indexOf('Totals');
    expect(lines[totalsAt + 1]).toBe('Metric,Current,Previous,Change,Change %');
    const spendLine = lines.slice(totalsAt).find((line) => line.startsWith('Spend ('));
    const cardSpend = amountOf(await spendValue(page));
    // Amounts of a thousand or more are quoted: they contain the en-US thousands separator.
    expect(spendLine).toMatch(
      new RegExp(`^Spend \\([A-Z]{3}\\),"?${cardSpend.replace(/\./g, '\\.')}"?,`),
    );
  }, 180_000);
});
