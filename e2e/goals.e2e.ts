// Issue 23 in Chromium: the demo company's admin connects a custom postback for a demo app that has
// no partner yet and reads its postback URL and signing secret on /integrations. A sandbox over
// the demo's own catalogue (same scenario and seed, so the same campaign, ad group and keyword
// ids) then plays the partner and sends the app's last 30 days of users over HTTP to that URL,
// signed with that secret. A "Start Trial" goal is created on /goals; the ads manager's Cost per
// goal column and the overview's cost per goal card then show spend / goals as GraphQL counts them.
import { startSandbox, type Sandbox } from '@tapwise/apple-ads-sandbox';
import { NUMBER_LOCALE, resolvePeriod } from '@tapwise/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';

interface OwnApp {
  adAccountId: number;
  adamId: number;
  name: string;
  adAccountName: string;
  currency: string;
}

interface Counts {
  localSpendMicros: number;
}

interface GoalCounts {
  goals: number;
  goalsRevenueMicros: number;
  attrInstalls: number;
}

const GOAL_NAME = 'Start Trial';
/** The demo's sandbox: `startDemoSandbox(config.demoScenario)` with its default seed. */
const DEMO_SCENARIO = 'demo';
const DEMO_SEED = 42;

const journey = demoAdminJourney();
const { graphql } = journey;
let sandbox: Sandbox | undefined;
afterAll(async () => {
  await sandbox?.close();
});

// What the journey carries from one step to the next.
let app: OwnApp;
let postback: { url: string; signingSecret: string };
let goalId: string;

/** The ads manager and the overview both show the last 30 days, counted from the UTC day. */
const period = () => resolvePeriod('last30Days', new Date());

const money = (micros: number, currency: string) =>
  new Intl.NumberFormat(NUMBER_LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(micros / 1_000_000);

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The cell of a row under the column header of that name. */
async function cellUnder(table: Locator, row: Locator, header: string) {
  const index = await table
    .getByRole('columnheader', { name: header, exact: true })
    .evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
  return row.locator(':scope > td, :scope > th').nth(index);
}

describe('goals', () => {
  it('connects a custom postback for a demo app and reads its URL and secret', async () => {
    const { page } = journey;
    const { getOwnAppsFromDB: apps } = await graphql<{ getOwnAppsFromDB: OwnApp[] }>(
      'query { getOwnAppsFromDB { adAccountId adamId name adAccountName currency } }',
    );
    const { listAttrIntegrations: partners } = await graphql<{
      listAttrIntegrations: { appId: number }[];
    }>('query { listAttrIntegrations { appId } }');
    // The demo job connects the first app (lowest Apple id); the journey takes another one.
    const firstAdamId = Math.min(...apps.map((entry) => entry.adamId));
    const candidate = apps.find(
      (entry) =>
        entry.adamId !== firstAdamId && partners.every((partner) => partner.appId !== entry.adamId),
    );
    expect(candidate).toBeDefined();
    app = candidate!;

    await page.goto(`${journey.server.baseUrl}/integrations`);
    const section = page.getByRole('region', { name: 'Partner integrations' });
    const add = section.getByRole('form', { name: 'Add partner' });
    await choose(add, page, 'App', app.name);
    await choose(add, page, 'Partner', 'Custom postback');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Partner integration added', { exact: true }).first().waitFor();

    const card = section.getByRole('group', { name: `${app.name} — Custom postback` });
    await card.getByText('No event received yet', { exact: true }).waitFor();
    await card
      .getByRole('button', { name: `Show postback address of ${app.name} — Custom postback` })
      .click();
    const urlField = card.getByRole('textbox', { name: 'Postback URL', exact: true });
    const secretField = card.getByRole('textbox', { name: 'Signing secret', exact: true });
    await urlField.waitFor();
    postback = { url: await urlField.inputValue(), signingSecret: await secretField.inputValue() };
    expect(postback.url).toMatch(
      new RegExp(`^${journey.server.baseUrl}/v1/api/postbacks/[A-Za-z0-9_-]{43}$`),
    );
    expect(postback.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  }, 60_000);

  it('sends the app’s last 30 days of postbacks from a sandbox over the demo’s catalogue', async () => {
    const { page } = journey;
    sandbox = await startSandbox({ port: 0, seed: DEMO_SEED, scenario: DEMO_SCENARIO });
    // Postbacks carry Apple ids: this sandbox's campaigns of the app must be the demo's.
    const { getCampaignsByApp: synced } = await graphql<{
      getCampaignsByApp: { id: number }[];
    }>('query ($a: Float!, $b: Float!) { getCampaignsByApp(adAccountId: $a, adamId: $b) { id } }', {
      a: app.adAccountId,
      b: app.adamId,
    });
    const simulated = [...sandbox.store.campaigns.values()]
      .filter(
        (campaign) =>
          campaign.adAccountId === app.adAccountId &&
          Number(campaign.promotedObjectId) === app.adamId,
      )
      .map((campaign) => campaign.id);
    expect(synced.length).toBeGreaterThan(0);
    expect(synced.map((campaign) => campaign.id).sort()).toEqual(simulated.sort());

    const started = Date.now();
    const sent = await sandbox.partners.sendPostbacks({
      url: postback.url,
      partner: 'CUSTOM_POSTBACK',
      adamId: app.adamId,
      days: 30,
      signingSecret: postback.signingSecret,
    });
    console.log(
      `goals: ${sent.sent} postbacks (${sent.installs} installs, ${sent.events} events) in ${Date.now() - started} ms`,
    );
    expect(sent.events).toBeGreaterThan(0);
    expect(sent.statuses).toEqual({ 200: sent.sent });

    // The card shows the partner's event names once they are counted.
    await page.reload();
    const card = page.getByRole('group', { name: `${app.name} — Custom postback` });
    await card.getByText('Start Trial → Start Trial', { exact: true }).waitFor();
    await expect.poll(() => card.getByText('No event received yet').count()).toBe(0);
  }, 240_000);

  it('creates a "Start Trial" goal for the app on /goals', async () => {
    const { page } = journey;
    await page.goto(`${journey.server.baseUrl}/goals`);
    // The page's own button, first; the empty state repeats it while the company has no goal
    // (the demo job may or may not have created its first app's goal by now).
    await page.getByRole('button', { name: 'Create goal', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create goal' });
    await dialog.getByRole('textbox', { name: 'Goal name' }).fill(GOAL_NAME);
    await choose(dialog, page, 'App', app.name);
    await choose(dialog, page, 'Goal type', 'User engagement');
    await dialog.getByRole('combobox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'Start Trial', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Goal created successfully', { exact: true }).first().waitFor();

    const { getGoalsFromApp: goals } = await graphql<{
      getGoalsFromApp: {
        id: string;
        name: string;
        type: string;
        events: string[];
        status: string;
      }[];
    }>('query ($a: Float!) { getGoalsFromApp(appId: $a) { id name type events status } }', {
      a: app.adamId,
    });
    expect(goals).toEqual([
      expect.objectContaining({
        name: GOAL_NAME,
        type: 'user engagement',
        events: ['Start Trial'],
        status: 'ACTIVE',
      }),
    ]);
    goalId = goals[0]!.id;
    // The demo's own goal of its first app counts Start Trial too: the row is named by the goal.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: GOAL_NAME, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: app.name, exact: true }) });
    await row.getByText('Active', { exact: true }).waitFor();
  }, 60_000);

  it('shows cost per goal in the ads manager as spend / goals of the report', async () => {
    const { page } = journey;
    const { currdate } = period();
    const { campaignReports: report } = await graphql<{
      campaignReports: {
        rows: {
          id: string;
          name: string;
          campaignId: number;
          counts: Counts;
          goalCounts: GoalCounts | null;
        }[];
      };
    }>(
      `
        query ($query: ReportQueryInput!) {
          campaignReports(query: $query) {
            rows {
              id
              name
              campaignId
              counts {
                localSpendMicros
              }
              goalCounts {
                goals
                goalsRevenueMicros
                attrInstalls
              }
            }
          }
        }
      `,
      {
        query: {
          period: currdate,
          filter: { adAccountIds: [app.adAccountId], adamIds: [app.adamId] },
          goalId,
          limit: null,
        },
      },
    );
    // A campaign with goals and spend: its cost per goal has a value.
    const campaign = report.rows
      .filter((row) => (row.goalCounts?.goals ?? 0) > 0 && row.counts.localSpendMicros > 0)
      .sort((a, b) => b.goalCounts!.goals - a.goalCounts!.goals)[0];
    expect(campaign).toBeDefined();
    const expected = money(
      campaign!.counts.localSpendMicros / campaign!.goalCounts!.goals,
      app.currency,
    );

    await page.goto(
      `${journey.server.baseUrl}/ads-manager?tab=campaigns&account=${app.adAccountId}&app=${app.adamId}&period=last30Days`,
    );
    const table = page.getByRole('table', { name: 'Report' });
    await table.waitFor();
    await choose(page, page, 'Goal', GOAL_NAME);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Cost per goal', exact: true }).check();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Cost per goal', exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Search by name' }).fill(campaign!.name);
    const row = table.getByTestId('report-row').filter({
      has: page.getByRole('button', { name: campaign!.name, exact: true }),
    });
    await expect
      .poll(async () => (await cellUnder(table, row, 'Cost per goal')).textContent(), {
        timeout: 15_000,
      })
      .toBe(expected);
  }, 90_000);

  it('shows the cost per goal card on the overview as GraphQL’s totals and goal counts give', async () => {
    const { page } = journey;
    const { currdate, prevdate, until } = period();
    const input = {
      adAccountId: app.adAccountId,
      adamId: app.adamId,
      currdate,
      prevdate,
      ...(until ? { until } : {}),
    };
    const data = await graphql<{
      getOverviewAloneForApp: { currency: string; current: Counts };
      getAppEventsDataForOverview: { currency: string; current: GoalCounts };
    }>(
      `
        query ($input: OverviewInput!, $goal: GoalOverviewInput!) {
          getOverviewAloneForApp(input: $input) {
            currency
            current {
              localSpendMicros
            }
          }
          getAppEventsDataForOverview(input: $goal) {
            currency
            current {
              goals
              goalsRevenueMicros
              attrInstalls
            }
          }
        }
      `,
      { input, goal: { ...input, goalId, granularity: 'DAY' } },
    );
    const totals = data.getOverviewAloneForApp;
    const goals = data.getAppEventsDataForOverview;
    expect(goals.currency).toBe(totals.currency);
    expect(goals.current.goals).toBeGreaterThan(0);
    const expected = money(totals.current.localSpendMicros / goals.current.goals, totals.currency);

    await page.goto(`${journey.server.baseUrl}/overview`);
    // The app's options show its name over its ad account and currency.
    await page.getByRole('combobox', { name: 'App', exact: true }).click();
    await page
      .getByRole('option')
      .filter({ hasText: app.name })
      .filter({ hasText: app.adAccountName })
      .first()
      .click();
    // A period's option names its days too.
    await choose(page, page, 'Period', /^Last 30 Days/);
    await choose(page, page, 'Goal', GOAL_NAME);
    const card = page.getByRole('group', { name: 'Cost per goal' });
    await expect
      .poll(() => card.getByTestId('goal-card-value').textContent(), { timeout: 15_000 })
      .toBe(expected);
  }, 90_000);
});
