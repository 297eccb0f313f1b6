// Issue 5 in Chromium: a new company connects the Apple Ads sandbox with a key pair Tapwise
// generates, watches the first sync reach 100 and sees the integration synced; the manual sync
// button then waits out its cooldown.
import { startSandbox } from '@tapwise/apple-ads-sandbox';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { startTapwise, type TapwiseProcess } from './support/tapwise-process';
import { signUpCompany } from './support/sign-up';

let server: TapwiseProcess;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

const run = Date.now().toString(36);
const owner = {
  email: `ivy-${run}@apps-e2e.io`,
  password: 'Integrator-password-1',
  company: `Apps ${run}`,
};
const apiUser = {
  clientId: `SEARCHADS.e2e-${run}`,
  teamId: `SEARCHADS.team-${run}`,
  keyId: `key-${run}`,
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, scenario: 'new' });
  [server, browser] = await Promise.all([
    // Integrations call Apple only, unless the server names a sandbox they may call instead.
    startTapwise({ seed: true, env: { APPLE_ADS_SANDBOX_URLS: sandbox.url } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

describe('Apple Ads integration', () => {
  it('connects the sandbox with generated keys, syncs to 100 and keeps the manual sync cooling down', async () => {
    const page = await newPage(browser);
    await signUpCompany(page, server.baseUrl, owner);
    await page.getByText('This page needs your Apple Ads data').waitFor();
    await page
      .getByTestId('integration-guard')
      .getByRole('link', { name: 'Go to Integrations' })
      .click();
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Generate key pair' }).click();
    const publicKeyPem = (await page.getByTestId('public-key').textContent()) ?? '';
    expect(publicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
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

    const integration = page.getByTestId('apple-ads-integration');
    await integration.waitFor();
    expect(await page.getByTestId('integration-state').textContent()).toBe('Active');
    const accountNames = sandbox.accounts().map((account) => account.name);
    await integration.getByRole('cell', { name: accountNames[0], exact: true }).waitFor();

    await page
      .getByTestId('sync-progress')
      .locator('[role="progressbar"][aria-valuenow="100"]')
      .waitFor({ timeout: 150_000 });
    await page.getByText('the first sync is complete').waitFor();
    await page.getByText('First sync done').waitFor();
    expect(await page.getByTestId('last-sync').textContent()).toMatch(/^Last sync: /);

    const syncButton = page.getByTestId('manual-sync');
    expect(await syncButton.getAttribute('aria-disabled')).toBe('true');
    expect(await syncButton.getAttribute('data-block')).toBe('cooldown');
    await syncButton.hover();
    await page
      .getByRole('tooltip')
      .getByText(/The next manual sync is possible in \d+ min/)
      .waitFor();
    await syncButton.click({ force: true });
    await page.waitForTimeout(500);
    expect(await page.getByText('Sync started').count()).toBe(0);
  }, 240_000);
});
