// Issue 24 in Chromium: the demo company's admin connects Slack on /integrations through the demo
// sandbox's Slack (its consent page, then the install callback), schedules a weekly report to an
// e-mail and a channel on /schedule-reports, and sends it now. The staff admin then reads the
// message with its CSV and XLSX attachments in the mail outbox, and the sandbox's Slack shows the
// message posted to the channel.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { DEMO_PASSWORD, demoAdminJourney } from './support/demo';
import { DEMO_ADMIN_EMAIL, STAFF_EMAIL } from './support/staff-api';

const REPORT_NAME = 'Weekly growth';
/** The demo workspace's public channel the bot is not in yet: posting joins it first. */
const CHANNEL = { id: 'C0GROWTH01', name: 'growth' };

interface PostedMessage {
  channel: string;
  text: string;
}

const journey = demoAdminJourney();
/** The demo sandbox's origin, learnt from the Slack consent page it serves. */
let sandboxOrigin: string;

/**
 * Picks an option of a Mantine select or multi-select by its label (required ones end in " *"):
 * a click on the field's box, which a multi-select's hidden input sits under.
 */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope
    .locator('.mantine-InputWrapper-root')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}( \\*)?$`) }) })
    .locator('.mantine-Input-input')
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
  // A multi-select stays open; leaving the field closes it (Escape would close the dialog).
  await page.keyboard.press('Tab');
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('scheduled reports', () => {
  it('connects the demo Slack workspace from the integrations page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/integrations`);
    await page.getByRole('button', { name: 'Add to Slack' }).click();
    await page.waitForURL(/\/slack\/oauth\/v2\/authorize/);
    sandboxOrigin = new URL(page.url()).origin;
    await page.getByText('Tapwise Demo', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.getByText('Integration Added Successfully').waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/integrations$/, { timeout: 30_000 });
    await page.getByText('Tapwise Demo').first().waitFor();
    const { slackIntegration } = await journey.graphql<{
      slackIntegration: { status: string; slackTeamName: string };
    }>('query { slackIntegration { status slackTeamName } }');
    expect(slackIntegration).toEqual({ status: 'ACTIVE', slackTeamName: 'Tapwise Demo' });
  });

  it('schedules a weekly report to an e-mail and a channel', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/schedule-reports`);
    await page.getByRole('button', { name: 'Schedule a report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a report' });
    await dialog.getByRole('textbox', { name: 'Report name' }).fill(REPORT_NAME);
    await choose(dialog, page, 'Level', 'Campaigns');
    await choose(dialog, page, 'Repeat', 'Weekly');
    await dialog.getByText('Monday', { exact: true }).click();
    await choose(dialog, page, 'Times', /^09:00 UTC/);
    await choose(dialog, page, 'Organisations', /.+/);
    await choose(dialog, page, 'Countries or regions', 'United States of America');
    await choose(dialog, page, 'Team members', DEMO_ADMIN_EMAIL);
    await choose(dialog, page, 'Slack channels', `#${CHANNEL.name}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Scheduled successfully').waitFor();
    const row = page.getByRole('row', { name: new RegExp(REPORT_NAME) });
    await row.getByText(/^Weekly on Monday at 09:00 UTC/).waitFor();
    const { getScheduledReports } = await journey.graphql<{
      getScheduledReports: {
        name: string;
        repeatType: string;
        days: number[];
        hours: number[];
        emails: string[];
        slackChannels: { id: string }[];
        nextRunAt: string;
      }[];
    }>(
      'query { getScheduledReports { name repeatType days hours emails slackChannels { id } nextRunAt } }',
    );
    const saved = getScheduledReports.find((report) => report.name === REPORT_NAME)!;
    expect(saved).toMatchObject({
      repeatType: 'WEEKLY',
      days: [1],
      hours: [9],
      emails: [DEMO_ADMIN_EMAIL],
      slackChannels: [{ id: CHANNEL.id }],
    });
    // The next Monday at 09:00 UTC, within the coming week.
    const next = new Date(saved.nextRunAt);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(9);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it('sends it now: the mail in the outbox and the message in the channel', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: `Send ${REPORT_NAME} now` }).click();
    await page.getByText('The report is being sent now').waitFor();
    await waitFor(async () => {
      const { getScheduledReports } = await journey.graphql<{
        getScheduledReports: { name: string; lastDelivery: { status: string } | null }[];
      }>('query { getScheduledReports { name lastDelivery { status } } }');
      const status = getScheduledReports.find((report) => report.name === REPORT_NAME)?.lastDelivery
        ?.status;
      if (status === 'FAILED' || status === 'PARTIAL') throw new Error(`delivery ${status}`);
      return status === 'SENT' ? status : undefined;
    }, 'the report to be sent');
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(REPORT_NAME) })
      .getByText('Sent', { exact: true })
      .waitFor();

    const staff = await newPage(page.context().browser()!);
    await staff.goto(`${server.baseUrl}/login`);
    await staff.getByLabel('Email').fill(STAFF_EMAIL);
    await staff.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.waitForURL((url) => url.pathname !== '/login');
    await staff.goto(`${server.baseUrl}/searchads-manage`);
    await staff.getByRole('tab', { name: 'Mail outbox' }).click();
    const mail = staff.getByRole('button', { name: new RegExp(`Tapwise report “${REPORT_NAME}”`) });
    await mail.first().click();
    const attachments = staff.getByRole('list', { name: 'Attachments' }).first();
    await attachments.getByText(/\.csv \(/).waitFor();
    await attachments.getByText(/\.xlsx \(/).waitFor();
    await staff.context().close();

    const messages = (await (
      await fetch(`${sandboxOrigin}/__sandbox/slack/messages`)
    ).json()) as PostedMessage[];
    const posted = messages.filter((message) => message.channel === CHANNEL.id);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toContain(REPORT_NAME);
  });
});
