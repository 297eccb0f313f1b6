// Issue 18 item 2 in Chromium: one preset means the same days on every page. The browser's clock
// is set to 23:30 UTC, when the demo's Los Angeles accounts are still on that day and its Berlin
// (EUR) account is already on the next: Last 7 Days must still be the same 7 UTC days on the
// overview for every app and in the ads manager over all accounts and in each one, and the EUR
// app's Last 30 Days must end yesterday (UTC), not on today.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { DEMO_PASSWORD, signInAsDemoAdmin, startSyncedDemo } from './support/demo';
import { DEMO_ADMIN_EMAIL, graphqlAs, signInByApi } from './support/staff-api';
import type { TapwiseProcess } from './support/tapwise-process';

const DAY_MS = 86_400_000;
// Yesterday (UTC) at 23:30: in the past, so the session's tokens look as fresh as they are.
const realToday = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);
const BROWSER_NOW = new Date(realToday - DAY_MS + 23.5 * 3_600_000);
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A UTC day `offset` days from the browser's day, as the Dates field writes it ("18 Nov 2025"). */
function day(offset: number): string {
  const date = new Date(BROWSER_NOW.getTime() + offset * DAY_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

interface AppWithOrg {
  adamId: number;
  name: string;
  adAccountId: number;
  adAccountName: string;
  currency: string;
  timeZone: string;
}

let server: TapwiseProcess;
let browser: Browser;
let page: Page;
let apps: AppWithOrg[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startSyncedDemo(), launchBrowser()]);
  const session = await signInByApi(server.baseUrl, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const answer = await graphqlAs<{ getAppsWithOrg: AppWithOrg[] }>(
    server.baseUrl,
    session,
    '{ getAppsWithOrg { adamId name adAccountId adAccountName currency timeZone } }',
  );
  apps = answer.data!.getAppsWithOrg;
  const context = await browser.newContext({ viewport: { width: 1365, height: 860 } });
  await context.clock.install({ time: BROWSER_NOW });
  page = await context.newPage();
  await signInAsDemoAdmin(page, server.baseUrl);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the page says it shows, and the Dates field. */
async function shownPeriod(summaryTestId: string) {
  const summary = page.getByTestId(summaryTestId);
  await summary.waitFor();
  return {
    summary: ((await summary.textContent()) ?? '').split(', compared with')[0],
    dates: ((await page.getByLabel('Dates', { exact: true }).textContent()) ?? '').trim(),
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function choosePeriod(name: RegExp) {
  await page.getByRole('combobox', { name: 'Period', exact: true }).click();
  await page.getByRole('option', { name }).click();
}

/** Picks the app on the overview: options read "name, account · currency". */
async function chooseApp(app: AppWithOrg) {
  const appSelect = page.getByRole('combobox', { name: 'App', exact: true });
  await appSelect.click();
  const option = `^${escaped(app.name)}\\s*${escaped(app.adAccountName)} · ${app.currency}$`;
  await page.getByRole('option', { name: new RegExp(option) }).click();
  await expect.poll(() => appSelect.inputValue()).toBe(`${app.name} — ${app.adAccountName}`);
}

describe('one preset, the same days everywhere', () => {
  it('shows Last 7 Days as the same 7 UTC days on the overview and in the ads manager', async () => {
    // The demo has accounts on both sides of the date line at this hour.
    const zones = new Set(apps.map((app) => app.timeZone));
    expect(zones).toEqual(new Set(['America/Los_Angeles', 'Europe/Berlin']));
    const expected = `${day(-7)} – ${day(-1)}`;

    const seen: Record<string, { summary: string | undefined; dates: string }> = {};
    await page.getByTestId('total-spend').getByTestId('total-value').waitFor();
    for (const app of apps) {
      await chooseApp(app);
      seen[`overview ${app.name} (${app.timeZone})`] = await shownPeriod('overview-comparison');
    }

    await page.goto(`${server.baseUrl}/ads-manager?tab=accounts`);
    seen['ads manager, all accounts'] = await shownPeriod('ads-manager-period');
    for (const adAccountId of new Set(apps.map((app) => app.adAccountId))) {
      await page.goto(`${server.baseUrl}/ads-manager?tab=campaigns&account=${adAccountId}`);
      seen[`ads manager, account ${adAccountId}`] = await shownPeriod('ads-manager-period');
    }

    const summaries = new Set(Object.values(seen).map((shown) => shown.summary));
    expect(summaries.size, JSON.stringify(seen, null, 1)).toBe(1);
    expect([...summaries][0]).toMatch(/^Last 7 Days: /);
    for (const [where, shown] of Object.entries(seen)) expect(shown.dates, where).toBe(expected);
  });

  it("ends the EUR app's Last 30 Days yesterday and shows the days beside every preset", async () => {
    const eur = apps.find((app) => app.currency === 'EUR')!;
    await page.goto(`${server.baseUrl}/overview`);
    await chooseApp(eur);
    await choosePeriod(/^Last 30 Days/);
    await expect
      .poll(async () => (await shownPeriod('overview-comparison')).dates)
      .toBe(`${day(-30)} – ${day(-1)}`);
    const { summary } = await shownPeriod('overview-comparison');

    // The list names the days of each period beside it: those the page then shows.
    await page.getByRole('combobox', { name: 'Period', exact: true }).click();
    const optionDays = (id: string) => page.getByTestId(`period-option-days-${id}`).textContent();
    expect(`Last 30 Days: ${await optionDays('last30Days')}`).toBe(summary);
    for (const id of ['today', 'yesterday', 'last7Days', 'weekToDate', 'lastMonth']) {
      expect(await optionDays(id), id).toMatch(/\d{4}$/);
    }
    await page.keyboard.press('Escape');

    // Today is running: it says until when, and compares yesterday up to the same hour.
    await choosePeriod(/^Today(?! and)/);
    await expect
      .poll(async () => page.getByTestId('overview-comparison').textContent())
      .toMatch(/^Today: .+, until 23:00 UTC, compared with .+(, until 23:00 UTC| \(whole days\))$/);
  });
});
