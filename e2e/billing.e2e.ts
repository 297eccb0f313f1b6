// Issue 27 in Chromium: a trial company subscribes with a test card in the Chargebee simulator and
// downloads an invoice PDF. Tapwise runs with BILLING=chargebee against the sandbox's simulator
// (its webhooks pointed back at Tapwise); the browser loads the simulator's stand-in for
// Chargebee.js and tokenises the card there. A declined card shows the error and adds nothing;
// the trial ends on the simulator's clock, the subscription turns active with a paid invoice.
import {
  CHARGEBEE_SANDBOX_API_KEY,
  CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
  CHARGEBEE_SANDBOX_SITE,
  startSandbox,
} from '@tapwise/apple-ads-sandbox';
import { TRIAL_DAYS } from '@tapwise/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signUpCompany } from './support/sign-up';
import { startTapwise, type TapwiseProcess } from './support/tapwise-process';

let server: TapwiseProcess;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

const HOOK_USER = 'tapwise-e2e-hooks';
const HOOK_PASSWORD = 'e2e-hook-password-0123';
const run = Date.now().toString(36);
const owner = {
  email: `bill-${run}@billing-e2e.io`,
  password: 'Billing-password-1',
  company: `Billing ${run}`,
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, scenario: 'new' });
  [server, browser] = await Promise.all([
    startTapwise({
      seed: true,
      env: {
        BILLING: 'chargebee',
        CHARGEBEE_SITE: CHARGEBEE_SANDBOX_SITE,
        CHARGEBEE_API_KEY: CHARGEBEE_SANDBOX_API_KEY,
        CHARGEBEE_PUBLISHABLE_KEY: CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
        CHARGEBEE_API_URL: sandbox.chargebee.apiUrl,
        CHARGEBEE_JS_URL: sandbox.chargebee.jsUrl,
        CHARGEBEE_WEBHOOK_USERNAME: HOOK_USER,
        CHARGEBEE_WEBHOOK_PASSWORD: HOOK_PASSWORD,
      },
    }),
    launchBrowser(),
  ]);
  sandbox.chargebee.setWebhook({
    url: `${server.baseUrl}/v1/api/chargebee/pic-wh`,
    username: HOOK_USER,
    password: HOOK_PASSWORD,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

/** Opens the add-card dialog on /settings, types the card into the stand-in's fields, submits. */
async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a payment card' });
  await dialog.locator('input[data-cb-field="number"]').fill(number);
  await dialog.locator('input[data-cb-field="expiry"]').fill('12 / 40');
  await dialog.locator('input[data-cb-field="cvv"]').fill('123');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  return dialog;
}

describe('billing', () => {
  it('subscribes a trial company with a test card and downloads its invoice PDF', async () => {
    const page = await newPage(browser);
    await signUpCompany(page, server.baseUrl, owner);
    const trialBadge = page.getByTestId('trial-badge');
    expect(await trialBadge.textContent()).toBe(`Trial days left: ${TRIAL_DAYS}`);

    // A declined card: the provider's refusal is shown and no card is saved.
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Payment cards' }).waitFor();
    await page.getByText('No payment card yet.').waitFor();
    const declined = await addCard(page, '4000000000000002');
    await declined
      .getByRole('alert')
      .filter({ hasText: 'The card was declined. Check its details or use another card.' })
      .waitFor();
    await declined.getByRole('button', { name: 'Cancel' }).click();
    await declined.waitFor({ state: 'hidden' });
    await page.getByText('No payment card yet.').waitFor();

    const added = await addCard(page, '4111111111111111');
    await added.waitFor({ state: 'hidden' });
    const card = page.getByTestId('card-row');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('•••• 1111');
    expect(await card.textContent()).toContain('Primary');
    await page.getByText('No invoices yet.').waitFor();

    // Growth, monthly: the first charge falls at the trial's end.
    await page.goto(`${server.baseUrl}/subscription-plan`);
    const summary = page.getByRole('region', { name: 'Current subscription' });
    await summary.getByText('Trial', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Subscribe to Growth' }).click();
    await page
      .getByText('Subscribe to the Growth plan, billed monthly? Your primary card is charged.')
      .waitFor();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('Subscription started').waitFor();
    await page.getByRole('button', { name: 'Your current plan' }).waitFor();
    await summary.getByTestId('term-end').waitFor();
    expect(await summary.getByTestId('current-plan').textContent()).toBe('Growth');

    // The trial ends on the provider's clock: its webhooks turn the company active, invoiced.
    await sandbox.chargebee.advance((TRIAL_DAYS + 1) * 86_400);
    await page.reload();
    await summary.getByText('Active', { exact: true }).waitFor();
    expect(await summary.getByText('Trial', { exact: true }).count()).toBe(0);
    expect(await trialBadge.count()).toBe(0);

    await page.goto(`${server.baseUrl}/settings`);
    const invoice = page.getByTestId('invoice-row');
    await invoice.waitFor();
    expect(await invoice.count()).toBe(1);
    expect(await invoice.textContent()).toContain('Paid');
    const invoiceId = (await invoice.locator('td').first().textContent()) ?? '';
    expect(invoiceId).toMatch(/^inv_/);

    // The PDF opens (a new tab) from the provider's short-lived download URL.
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        (response.request().postData() ?? '').includes('getCBCustInvoicePDF'),
    );
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: `Download invoice ${invoiceId} as PDF` }).click();
    const { data } = (await (await answered).json()) as {
      data: { getCBCustInvoicePDF: { downloadUrl: string } };
    };
    const pdfUrl = data.getCBCustInvoicePDF.downloadUrl;
    expect(pdfUrl.startsWith(`${sandbox.chargebee.apiUrl}/files/invoices/`)).toBe(true);
    // The tab the button opened turns into a download (Content-Disposition: attachment).
    await opened;
    const pdf = await fetch(pdfUrl);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');
  });
});
