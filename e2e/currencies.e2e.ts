// Issue 18 item 1 in Chromium: the demo has a USD and a EUR ad account. The ads manager never
// adds them: its totals show one row per currency, each with its own sign, and a total converted
// into the reporting currency at the simulated daily rates, marked "≈" and saying so; the chart
// says its money is converted. An admin switches the reporting currency to EUR in the top bar
// and the converted total follows. Figures are checked against the server's own answer.
import type { ConvertedTotals, CurrencyCounts } from '@tapwise/contracts';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { DEMO_PASSWORD, signInAsDemoAdmin, startSyncedDemo } from './support/demo';
import { DEMO_ADMIN_EMAIL, graphqlAs, signInByApi } from './support/staff-api';
import type { TapwiseProcess } from './support/tapwise-process';

interface Totals {
  byCurrency: CurrencyCounts[];
  converted: ConvertedTotals | null;
}

let server: TapwiseProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSyncedDemo(), launchBrowser()]);
  // The worker fetches the (simulated) rates when it starts.
  const session = await signInByApi(server.baseUrl, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await graphqlAs<{ getCurrencyInfo: { rates: { source: string | null } } }>(
      server.baseUrl,
      session,
      'query { getCurrencyInfo { rates { source } } }',
    );
    if (answer.data?.getCurrencyInfo.rates.source === 'SIMULATOR') break;
    if (Date.now() > deadline) throw new Error('the demo stored no exchange rates');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  page = await newPage(browser);
  await signInAsDemoAdmin(page, server.baseUrl);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const money = (micros: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(micros / 1_000_000);

/** The totals the page's report query answered, read from the answer the page received. */
async function totalsOf(answer: Promise<Response>): Promise<Totals> {
  const body = (await (await answer).json()) as { data: { page: { totals: Totals } } };
  return body.data.page.totals;
}

const reportAnswer = (operation: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      (response.request().postData() ?? '').includes(`${operation}(query`),
  );

async function openTab(tab: string, operation: string): Promise<Totals> {
  const answer = reportAnswer(operation);
  await page.goto(`${server.baseUrl}/ads-manager?tab=${tab}`);
  const totals = await totalsOf(answer);
  await page.getByTestId('report-table').waitFor();
  return totals;
}

const totalsRow = (currency: string) =>
  page.locator(`[data-testid="totals-row"][data-currency="${currency}"]`);
const convertedRow = () => page.getByTestId('converted-totals-row');

describe('money of two currencies', () => {
  it('shows the Accounts tab one total per currency and a converted total marked as such', async () => {
    const totals = await openTab('accounts', 'accountsReports');
    expect(totals.byCurrency.map((entry) => entry.currency)).toEqual(['USD', 'EUR']);
    const [usd, eur] = totals.byCurrency.map((entry) => entry.counts.localSpendMicros) as [
      number,
      number,
    ];
    expect(usd).toBeGreaterThan(0);
    expect(eur).toBeGreaterThan(0);

    expect(await totalsRow('USD').getByTestId('total-spend').textContent()).toBe(money(usd, 'USD'));
    expect(await totalsRow('EUR').getByTestId('total-spend').textContent()).toBe(money(eur, 'EUR'));
    expect(await totalsRow('USD').textContent()).toContain('Total USD');
    expect(await totalsRow('EUR').textContent()).toContain('Total EUR');

    const converted = totals.converted!;
    expect(converted).toMatchObject({ currency: 'USD', unconvertible: [], source: 'SIMULATOR' });
    const convertedSpend = converted.counts!.localSpendMicros;
    // Euros are worth more than dollars at the simulated rates: never the two numbers added.
    expect(convertedSpend).toBeGreaterThan(usd + eur);
    expect(await convertedRow().textContent()).toContain('≈ Total in USD');
    expect(await convertedRow().getByTestId('converted-note').textContent()).toBe(
      'converted at simulated daily rates (demo)',
    );
    expect(await convertedRow().getByTestId('converted-total-spend').textContent()).toBe(
      `≈ ${money(convertedSpend, 'USD')}`,
    );

    await convertedRow().getByText('≈ Total in USD').hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: "each day's spend at that day's reference rate" })
      .waitFor();
    expect(await page.getByTestId('ads-manager-chart-note').textContent()).toBe(
      "Money in USD, converted at each day's reference rate",
    );
  }, 90_000);

  it('totals the creative sets per currency, each with its own sign', async () => {
    const totals = await openTab('creativeSets', 'creativeSetReports');
    expect(totals.byCurrency.map((entry) => entry.currency)).toEqual(['USD', 'EUR']);
    expect(await totalsRow('EUR').getByTestId('total-spend').textContent()).toMatch(/^€/);
    expect(await totalsRow('USD').getByTestId('total-spend').textContent()).toMatch(/^\$/);
    await convertedRow().waitFor();
  }, 60_000);

  it('converts into the reporting currency an admin picks in the top bar', async () => {
    await openTab('accounts', 'accountsReports');
    const answer = reportAnswer('accountsReports');
    await page.getByTestId('currency').click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await page.getByText('Reporting currency set to EUR', { exact: true }).waitFor();
    const totals = await totalsOf(answer);
    expect(totals.byCurrency.map((entry) => entry.currency)).toEqual(['EUR', 'USD']);
    expect(totals.converted?.currency).toBe('EUR');
    const spend = totals.converted!.counts!.localSpendMicros;
    await expect
      .poll(() => convertedRow().getByTestId('converted-total-spend').textContent())
      .toBe(`≈ ${money(spend, 'EUR')}`);
    expect(await convertedRow().textContent()).toContain('≈ Total in EUR');

    await page.getByTestId('currency').click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await page.getByText('Reporting currency set to USD', { exact: true }).waitFor();
  }, 60_000);
});
