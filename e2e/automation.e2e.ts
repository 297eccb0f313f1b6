// Issue 8 in Chromium: the demo company's admin creates a rule from the "Scale winners" template
// for the keywords of one ad group, backtests it, dry-runs it (nothing changes in Apple), enables
// it and runs it, reads the run in the log, finds the raised bids in the ads manager and reverts
// the run. What the screens did is checked through GraphQL as the same admin.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';

interface KeywordRow {
  id: string;
  name: string;
  status: string | null;
  adAccountId: number;
  adGroupId: number | null;
  campaignId: number | null;
  details: { bidMicros?: number | null };
  counts: { impressions: number };
}

interface LogEntry {
  id: string;
  kind: 'RUN' | 'EVENT';
  status: string;
  dryRun: boolean;
  applied: number;
  planned: number;
  revertible: boolean;
}

interface Change {
  entityId: string;
  status: string;
  before: { bidMicros?: number } | null;
  after: { bidMicros?: number } | null;
}

const RULE_NAME = 'Raise bids of seen keywords';
const DAY_MS = 86_400_000;

const journey = demoAdminJourney();

const { graphql } = journey;

/** The keywords as stored, with their impressions over the rule's lookback (the last 7 days). */
async function keywords(filter: Record<string, unknown> = {}) {
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
  const data = await graphql<{ targetingKeywordReports: { rows: KeywordRow[] } }>(
    `
      query ($query: ReportQueryInput!) {
        targetingKeywordReports(query: $query) {
          rows {
            id
            name
            status
            adAccountId
            adGroupId
            campaignId
            details
            counts {
              impressions
            }
          }
        }
      }
    `,
    { query: { period: { start, end }, filter, limit: null } },
  );
  return data.targetingKeywordReports.rows;
}

async function ruleLog(ruleId: string) {
  const data = await graphql<{ automationRuleLogs: { entries: LogEntry[] } }>(
    `
      query ($query: JSON!) {
        automationRuleLogs(query: $query) {
          entries {
            id
            kind
            status
            dryRun
            applied
            planned
            revertible
          }
        }
      }
    `,
    { query: { ruleId } },
  );
  return data.automationRuleLogs.entries.filter((entry) => entry.kind === 'RUN');
}

async function changesOf(runId: string) {
  const data = await graphql<{ automationRuleChanges: Change[] }>(
    `
      query ($runId: ID!) {
        automationRuleChanges(runId: $runId) {
          entityId
          status
          before
          after
        }
      }
    `,
    { runId },
  );
  return data.automationRuleChanges;
}

/** Each keyword's bid in effect: its own, or its ad group's default bid. */
async function bids(adGroupId: number) {
  const end = new Date().toISOString().slice(0, 10);
  const data = await graphql<{
    adGroupReports: { rows: { details: { defaultBidMicros: number } }[] };
  }>(
    `
      query ($query: ReportQueryInput!) {
        adGroupReports(query: $query) {
          rows {
            details
          }
        }
      }
    `,
    { query: { period: { start: end, end }, filter: { adGroupIds: [adGroupId] }, limit: null } },
  );
  const defaultBid = data.adGroupReports.rows[0]!.details.defaultBidMicros;
  const rows = await keywords({ adGroupIds: [adGroupId] });
  return new Map(rows.map((row) => [row.id, row.details.bidMicros ?? defaultBid]));
}

const toast = (message: string) =>
  journey.page.getByText(message, { exact: true }).first().waitFor();

/** Picks an option of a Mantine select or multi-select by its label. */
async function choose(scope: Page | ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await journey.page.getByRole('option', { name: option, exact: true }).click();
}

async function openRuleMenu(item: 'Dry run' | 'Run now') {
  await journey.page.getByRole('button', { name: `Actions for ${RULE_NAME}` }).click();
  await journey.page.getByRole('menuitem', { name: item }).click();
}

/** The run dialog Run now and Dry run open, once its run has ended. */
async function finishedRunDialog() {
  const dialog = journey.page.getByRole('dialog', { name: `Run of ${RULE_NAME}` });
  await dialog.waitFor({ timeout: 60_000 });
  await dialog.getByText('The rule is running…').waitFor({ state: 'hidden', timeout: 60_000 });
  return dialog;
}

describe('automation rules', () => {
  it('creates, backtests, dry-runs, enables and runs a rule, then reverts its run', async () => {
    // The ad group whose live keywords had the most impressions in the last 7 days.
    const seen = (await keywords()).filter(
      (row) => row.status === 'ENABLED' && row.counts.impressions > 1,
    );
    const byAdGroup = new Map<number, KeywordRow[]>();
    for (const row of seen)
      byAdGroup.set(row.adGroupId!, [...(byAdGroup.get(row.adGroupId!) ?? []), row]);
    const [adGroupId, matching] = [...byAdGroup].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(matching.length).toBeGreaterThan(0);
    const names = await graphql<{
      getAdGroupsByCampaigns: { id: number; name: string; campaignId: number }[];
      getCampaignsByOrg: { id: number; name: string }[];
    }>(
      `
        query ($adAccountId: Float!, $campaignIds: [Float!]!) {
          getAdGroupsByCampaigns(adAccountId: $adAccountId, campaignIds: $campaignIds) {
            id
            name
            campaignId
          }
          getCampaignsByOrg(adAccountId: $adAccountId) {
            id
            name
          }
        }
      `,
      { adAccountId: matching[0]!.adAccountId, campaignIds: [matching[0]!.campaignId] },
    );
    const adGroup = names.getAdGroupsByCampaigns.find((group) => group.id === adGroupId)!;
    const campaign = names.getCampaignsByOrg.find((entry) => entry.id === adGroup.campaignId)!;
    const bidsBefore = await bids(adGroupId);

    // A rule from the template, narrowed to the ad group and to keywords seen at all.
    await journey.page.goto(`${journey.server.baseUrl}/arrules`);
    await journey.page.getByRole('button', { name: 'New rule' }).click();
    const drawer = journey.page.getByRole('dialog', { name: 'New rule' });
    await drawer.getByRole('button', { name: /^Scale winners/ }).click();
    await drawer.getByRole('textbox', { name: 'Rule name' }).fill(RULE_NAME);
    await choose(drawer, 'Campaigns', campaign.name);
    await journey.page.keyboard.press('Escape');
    await choose(drawer, 'Ad groups', adGroup.name);
    await journey.page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Remove condition 2' }).click();
    const condition = drawer.getByRole('group', { name: 'Condition 1' });
    await choose(condition, 'Metric', 'Impressions');
    await choose(condition, 'Comparator', 'Greater than');
    await condition.getByRole('textbox', { name: 'Value' }).fill('1');

    await drawer.getByRole('button', { name: 'Backtest', exact: true }).click();
    const backtest = drawer.getByRole('region', { name: 'Backtest result' });
    await backtest
      .getByText(/^From .+ to .+: days it fired: [1-9]\d*; changes: [1-9]\d*\.$/)
      .waitFor();

    await drawer.getByRole('button', { name: 'Save rule' }).click();
    await toast('Rule created successfully');
    await drawer.waitFor({ state: 'hidden' });
    const { automationRules } = await graphql<{
      automationRules: { id: string; name: string; enabled: boolean }[];
    }>('query { automationRules { id name enabled } }');
    const rule = automationRules.find((entry) => entry.name === RULE_NAME)!;
    expect(rule.enabled).toBe(false);

    // A dry run plans a raise for every matching keyword and changes nothing in Apple.
    await openRuleMenu('Dry run');
    const dryDialog = await finishedRunDialog();
    await dryDialog.getByText('Planned', { exact: true }).first().waitFor();
    // Each planned change says where its keyword is and the value that made it match.
    const planned = dryDialog.getByTestId('change-row').first();
    await planned.getByText(`Campaign: ${campaign.name}`, { exact: true }).waitFor();
    await planned.getByText(`Ad group: ${adGroup.name}`, { exact: true }).waitFor();
    await planned.getByText(/^Impressions: [\d,]+$/).waitFor();
    await journey.page.keyboard.press('Escape');
    const [dryRun] = await ruleLog(rule.id);
    expect(dryRun).toMatchObject({ dryRun: true, status: 'CONDITION MATCHED', applied: 0 });
    expect(dryRun!.planned).toBe(Math.min(matching.length, 100));
    expect(await bids(adGroupId)).toEqual(bidsBefore);

    // Enabled and run: the bids rise by 10% (within the 5.00 maximum) and show in the ads manager.
    await journey.page.getByRole('switch', { name: `Enable ${RULE_NAME}` }).press('Space');
    await toast('Rule enabled successfully');
    await openRuleMenu('Run now');
    // A real run says what it will do and waits for a yes.
    const confirmRun = journey.page.getByRole('dialog').filter({ hasText: 'Run the rule now?' });
    await confirmRun.getByRole('button', { name: 'Run now', exact: true }).click();
    await finishedRunDialog();
    await journey.page.keyboard.press('Escape');
    // The scheduler may have run the newly enabled rule first; the action limit lets one run act.
    const applied = (await ruleLog(rule.id)).filter((entry) => entry.applied > 0);
    expect(applied).toHaveLength(1);
    const run = applied[0]!;
    expect(run).toMatchObject({ status: 'SUCCESS', revertible: true });
    const changes = (await changesOf(run.id)).filter((change) => change.status === 'APPLIED');
    expect(changes).toHaveLength(run.applied);
    const bidsAfter = await bids(adGroupId);
    for (const change of changes) {
      const before = bidsBefore.get(change.entityId)!;
      expect(change.before?.bidMicros).toBe(before);
      expect(change.after?.bidMicros).toBe(
        Math.min(Math.round((before * 1.1) / 10_000) * 10_000, 5_000_000),
      );
      expect(bidsAfter.get(change.entityId)).toBe(change.after?.bidMicros);
    }
    const raised = matching.find((row) => row.id === changes[0]!.entityId)!;
    const shownBid = (changes[0]!.after!.bidMicros! / 1_000_000).toFixed(2);
    await journey.page.goto(`${journey.server.baseUrl}/ads-manager?tab=keywords`);
    await journey.page.getByRole('textbox', { name: 'Search by name' }).fill(raised.name);
    await journey.page
      .getByRole('button', { name: new RegExp(`^Bid \\$?${shownBid} for ${raised.name}, press`) })
      .first()
      .waitFor();

    // The log lists the run; reverting it puts every bid back.
    await journey.page.goto(`${journey.server.baseUrl}/arrules`);
    await journey.page.getByRole('tab', { name: 'Logs' }).click();
    await journey.page.getByText(`${run.applied} applied`).first().waitFor();
    await journey.page.getByRole('button', { name: 'Revert', exact: true }).first().click();
    const confirmRevert = journey.page.getByRole('dialog').filter({
      hasText: `Revert the ${run.applied} changes of this run?`,
    });
    await confirmRevert.getByRole('button', { name: 'Revert', exact: true }).click();
    await toast('Changes reverted');
    await journey.page
      .getByText(/^Reverted /)
      .first()
      .waitFor();
    expect(await bids(adGroupId)).toEqual(bidsBefore);
    const [afterRevert] = (await ruleLog(rule.id)).filter((entry) => entry.id === run.id);
    expect(afterRevert!.revertible).toBe(false);
  }, 300_000);
});
