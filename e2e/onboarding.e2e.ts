// Issue 27 in Chromium: a new user signs up (self sign-up on), chooses to connect Apple Ads at the
// onboarding fork, reads the welcome and connects the Apple Ads sandbox on the setup screen, waits
// for the first sync, sees the checklist tick what they did and what they visited, then takes the
// guided tour page by page to the thank-you and closes it.
import { startSandbox } from '@tapwise/apple-ads-sandbox';
import { TOUR_STEPS } from '@tapwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpCompany } from './support/sign-up';
import { startTapwise, type TapwiseProcess } from './support/tapwise-process';

let server: TapwiseProcess;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

const run = Date.now().toString(36);
const owner = {
  email: `nova-${run}@onboard-e2e.io`,
  password: 'Onboarding-password-1',
  company: `Onboard ${run}`,
};
const apiUser = {
  clientId: `SEARCHADS.onb-${run}`,
  teamId: `SEARCHADS.team-${run}`,
  keyId: `key-${run}`,
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, scenario: 'new' });
  [server, browser] = await Promise.all([
    startTapwise({ seed: true, env: { APPLE_ADS_SANDBOX_URLS: sandbox.url } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

/** Opens the checklist panel and answers whether each named item is ticked. */
async function checklistStates(page: Page, flags: string[]) {
  await page.getByTestId('checklist-button').click();
  const panel = page.getByTestId('checklist-panel');
  await panel.waitFor();
  const states: Record<string, boolean> = {};
  for (const flag of flags) {
    const icon = panel.getByTestId(`checklist-item-${flag}`).locator('[data-done]');
    states[flag] = (await icon.getAttribute('data-done')) === 'true';
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  return states;
}

describe('onboarding', () => {
  it('leads a new company from sign-up through the setup and the checklist to the end of the tour', async () => {
    const page = await newPage(browser);
    await signUpCompany(page, server.baseUrl, owner, { stopAtFork: true });
    // Welcome and setup screens have no sidebar; the welcome message no top bar either.
    await page.getByRole('link', { name: 'Connect Apple Ads' }).click();
    await page.getByTestId('welcome-message').waitFor();
    await page.getByRole('heading', { name: 'Welcome to Tapwise, Ivy' }).waitFor();
    expect(await page.getByTestId('utc-note').count()).toBe(0);
    await page.getByRole('link', { name: 'Let’s set up' }).click();
    await page.getByRole('heading', { name: 'Set up your workspace' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Generate key pair' }).click();
    const publicKeyPem = (await page.getByTestId('public-key').textContent()) ?? '';
    sandbox.registerApiUser({ ...apiUser, publicKeyPem });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Client ID').fill(apiUser.clientId);
    await page.getByLabel('Team ID').fill(apiUser.teamId);
    await page.getByLabel('Key ID').fill(apiUser.keyId);
    await page.getByRole('button', { name: 'Custom API address (test servers only)' }).click();
    await page.getByLabel('API base URL').fill(sandbox.url);
    await page.getByLabel('Token URL').fill(sandbox.tokenUrl);
    await page.getByRole('button', { name: 'Connect Apple Ads' }).click();
    await page.getByText('Integration Added Successfully').waitFor();
    await page.getByTestId('setup-done').waitFor({ timeout: 180_000 });

    expect(
      await checklistStates(page, ['onboarding', 'saIntegration', 'overviewPage', 'adsManager']),
    ).toEqual({ onboarding: true, saIntegration: true, overviewPage: false, adsManager: false });

    await page.getByRole('link', { name: 'Go to overview' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect
      .poll(async () => (await checklistStates(page, ['overviewPage'])).overviewPage, {
        timeout: 15_000,
      })
      .toBe(true);

    // The tour, from the checklist: one dialog per page, each Next to the next page.
    await page.getByTestId('checklist-button').click();
    await page.getByRole('link', { name: 'Take the tour' }).click();
    for (const step of TOUR_STEPS) {
      const dialog = page.locator(`[data-testid="tour-dialog"][data-page="${step.page}"]`);
      await dialog.waitFor({ timeout: 30_000 });
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('tour')]).toEqual([step.path, 'true']);
      await page.getByTestId('button-primary').click();
    }
    await page.getByText('Thank you for taking the tour!').waitFor();
    expect(new URL(page.url()).searchParams.get('endTour')).toBe('true');
    await page.getByRole('button', { name: 'Start exploring' }).click();
    await page.getByTestId('tour-thank-you').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/overview');
    expect(new URL(page.url()).search).toBe('');
    // The tour's pages were visited: the ads manager and automation rules are ticked too.
    await expect
      .poll(async () => checklistStates(page, ['adsManager', 'automationRules']), {
        timeout: 15_000,
      })
      .toEqual({ adsManager: true, automationRules: true });
  }, 300_000);
});
