import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

const baseUrl = inject('baseUrl');
const german = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../apps/web/src/locales/de.json'), 'utf8'),
) as { login: { title: string } };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await newPage(browser);
});

describe('first visit', () => {
  it('lands on /login from /', async () => {
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Sign in to Tapwise' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('lands on /login from an unknown path', async () => {
    await page.goto(`${baseUrl}/this/page/does-not-exist`);
    await page.getByRole('heading', { name: 'Sign in to Tapwise' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('switches the login page to German, and the choice survives a reload', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: german.login.title }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: german.login.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});

describe('failures a user can meet', () => {
  it('says the app cannot load when its configuration is unavailable', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(`${baseUrl}/login`);
    await page.getByText('Unable to load App. Please try later').waitFor();
  });

  it('says the payload is too high when a request exceeds the body limit', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.locator('input[autocomplete="current-password"]').fill('x'.repeat(1_100_000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Payload size is too high.').waitFor();
  });
});
