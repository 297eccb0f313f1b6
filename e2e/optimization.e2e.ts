// Issue 26 in Chromium: the demo company's admin creates a strategy on /strategies targeting a
// demo campaign (through the page's form), applies three suggested bids of that campaign on
// /keyword-optimization (preview, apply, per-row results), finds the bid changes with their old
// and new bids on the strategy's timeline, then reverts the apply from the page's recent applies.
// What the screens did is checked through GraphQL as the same admin: the keywords have their old
// bids back and the timeline lists the revert's changes too.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';
import { firstOwnApp, type OwnApp } from './support/demo-entities';

const STRATEGY_NAME = 'Bid journey strategy';

interface SuggestionRow {
  keywordId: number;
  text: string;
  campaignName: string;
  bidMicros: number | null;
  suggestedBidMicros: number | null;
}

interface TimelineEntry {
  description: string;
  category: string;
  source: string;
}

const journey = demoAdminJourney();

const toast = (message: string) =>
  journey.page.getByText(message, { exact: true }).first().waitFor({ timeout: 30_000 });

/** Closes the toasts still shown: they sit over the page's buttons. */
async function dismissToasts() {
  for (const close of await journey.page.locator('.mantine-Notification-closeButton').all())
    await close.click();
}

/** The rows the page lists for the app (its default sort), only those with a suggestion. */
async function suggestedRows(app: OwnApp, campaignIds: number[] = []) {
  const { keywordOptimization } = await journey.graphql<{
    keywordOptimization: { rows: SuggestionRow[] };
  }>(
    `query ($input: KeywordOptimizationInput!) {
      keywordOptimization(input: $input) {
        rows { keywordId text campaignName bidMicros suggestedBidMicros }
      }
    }`,
    {
      input: {
        adamId: app.adamId,
        lookbackDays: 30,
        campaignIds,
        adGroupIds: [],
        hasSuggestion: true,
        sort: { column: 'spend', direction: 'DESC' },
        offset: 0,
        limit: 50,
      },
    },
  );
  return keywordOptimization.rows;
}

/** Current bids of the keywords, as the page reads them (every row of the campaign, by pages). */
async function bidsOf(app: OwnApp, campaignId: number, keywordIds: number[]) {
  const bids = new Map<number, number | null>();
  for (let offset = 0; ; offset += 100) {
    const { keywordOptimization } = await journey.graphql<{
      keywordOptimization: {
        total: number;
        rows: { keywordId: number; bidMicros: number | null }[];
      };
    }>(
      `query ($input: KeywordOptimizationInput!) {
        keywordOptimization(input: $input) { total rows { keywordId bidMicros } }
      }`,
      {
        input: {
          adamId: app.adamId,
          lookbackDays: 30,
          campaignIds: [campaignId],
          adGroupIds: [],
          hasSuggestion: false,
          sort: { column: 'keyword', direction: 'ASC' },
          offset,
          limit: 100,
        },
      },
    );
    for (const row of keywordOptimization.rows)
      if (keywordIds.includes(row.keywordId)) bids.set(row.keywordId, row.bidMicros);
    if (offset + 100 >= keywordOptimization.total) return bids;
  }
}

async function timeline(strategyId: string) {
  const { getAllTimelineEntries } = await journey.graphql<{
    getAllTimelineEntries: { entries: TimelineEntry[] };
  }>(
    `query ($id: ID!) {
      getAllTimelineEntries(strategyId: $id, category: "BID") {
        entries { description category source }
      }
    }`,
    { id: strategyId },
  );
  return getAllTimelineEntries.entries;
}

/**
 * Three keywords of one campaign whose suggestion changes their bid, with texts unique on the
 * campaign's page (a row's tick is named by its text); the demo's other campaigns are not used.
 */
async function threeSuggestions(app: OwnApp) {
  const { getCampaignsByApp: campaigns } = await journey.graphql<{
    getCampaignsByApp: { id: number; name: string; deleted: boolean }[];
  }>(
    'query ($a: Float!, $b: Float!) { getCampaignsByApp(adAccountId: $a, adamId: $b) { id name deleted } }',
    { a: app.adAccountId, b: app.adamId },
  );
  for (const campaign of campaigns.filter((entry) => !entry.deleted)) {
    const rows = await suggestedRows(app, [campaign.id]);
    const unique = rows.filter(
      (row) =>
        row.bidMicros !== null &&
        row.suggestedBidMicros !== null &&
        row.suggestedBidMicros !== row.bidMicros &&
        rows.filter((other) => other.text === row.text).length === 1,
    );
    if (unique.length >= 3) return { campaign, rows: unique.slice(0, 3) };
  }
  throw new Error('no demo campaign has three keywords whose suggestion changes their bid');
}

describe('keyword optimisation and strategies', () => {
  it('follows three applied bid suggestions on a strategy timeline and reverts them', async () => {
    const { page, server } = journey;
    try {
      const app = await firstOwnApp(journey.graphql);
      const { campaign, rows } = await threeSuggestions(app);
      const keywordIds = rows.map((row) => row.keywordId);
      const oldBids = await bidsOf(app, campaign.id, keywordIds);

      // A strategy on the campaign, made through the page's form.
      await page.goto(`${server.baseUrl}/strategies`);
      await page.getByRole('button', { name: 'Create strategy' }).first().click();
      const form = page.getByRole('dialog', { name: 'Create strategy' });
      await form.getByRole('textbox', { name: 'Name' }).fill(STRATEGY_NAME);
      await form.getByRole('textbox', { name: 'Description' }).fill('Bids of the journey campaign');
      // A multi-select's pills sit over its input: the click is forced through.
      await form
        .locator('input')
        .and(form.getByLabel(/^Goals/))
        .click({ force: true });
      await page.getByRole('option', { name: 'Lower CPA', exact: true }).click();
      await form.getByRole('textbox', { name: 'Name' }).click(); // closes the list, not the form
      await form.locator('input').and(form.getByLabel(/^App/)).click();
      await page.getByRole('option', { name: `${app.name} · ${app.adAccountName}` }).click();
      await form
        .locator('input')
        .and(form.getByLabel(/^Campaigns/))
        .click({ force: true });
      await page.getByRole('option', { name: campaign.name, exact: true }).click();
      await form.getByRole('textbox', { name: 'Name' }).click(); // closes the list, not the form
      await form.getByRole('button', { name: 'Create', exact: true }).click();
      await toast('Strategy created successfully');
      const { getAllStrategies } = await journey.graphql<{
        getAllStrategies: { strategyId: string; name: string; targetEntities: { id: number }[] }[];
      }>('query { getAllStrategies { strategyId name targetEntities { id } } }');
      const strategy = getAllStrategies.find((entry) => entry.name === STRATEGY_NAME)!;
      expect(strategy.targetEntities.map((target) => target.id)).toEqual([campaign.id]);

      // Three suggested bids of the campaign: ticked, previewed, applied.
      await dismissToasts();
      await page.goto(`${server.baseUrl}/keyword-optimization`);
      await page
        .locator('input')
        .and(page.getByLabel('Campaigns', { exact: true }))
        .click({ force: true });
      await page.getByRole('option', { name: campaign.name, exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('switch', { name: 'Only with a suggestion' }).check();
      const table = page.getByTestId('keyword-table');
      for (const row of rows)
        await table.getByRole('checkbox', { name: `Select ${row.text}`, exact: true }).check();
      await page.getByRole('button', { name: 'Preview changes (3)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preview bid changes' });
      await dialog.getByTestId('bid-change-line').nth(2).waitFor();
      await dialog.getByRole('button', { name: 'Apply changes (3)' }).click();
      const result = page.getByRole('dialog', { name: 'Bid changes applied' });
      await result.waitFor({ timeout: 60_000 });
      await expect
        .poll(() => result.getByTestId('bid-change-outcome').getByText('Applied').count())
        .toBe(3);
      await result.getByRole('button', { name: 'Close' }).last().click();
      const applied = await bidsOf(app, campaign.id, keywordIds);
      for (const row of rows)
        expect(applied.get(row.keywordId)).not.toBe(oldBids.get(row.keywordId));

      // The strategy's timeline lists the three bid changes, old → new.
      await dismissToasts();
      await page.goto(`${server.baseUrl}/strategies?strategy=${strategy.strategyId}`);
      const entries = page.getByTestId('timeline-entry');
      await entries.first().waitFor({ timeout: 30_000 });
      for (const row of rows) {
        const entry = entries.filter({ hasText: `Changed the bid of keyword "${row.text}"` });
        await expect.poll(() => entry.count()).toBe(1);
        await entry.getByText('Keyword optimization', { exact: true }).waitFor();
        await entry.getByTestId('before-after').waitFor();
      }
      const afterApply = await timeline(strategy.strategyId);
      expect(afterApply).toHaveLength(3);
      for (const entry of afterApply)
        expect(entry.description).toMatch(
          /^Changed the bid of keyword ".+" from [\d.]+ to [\d.]+$/,
        );

      // Reverted from the page's recent applies: the old bids are back, and on the timeline.
      await page.goto(`${server.baseUrl}/keyword-optimization`);
      const recent = page.getByTestId('recent-apply').first();
      await recent.getByText('Applied: 3').waitFor({ timeout: 30_000 });
      await recent.getByRole('button', { name: 'Revert' }).click();
      const confirmRevert = page.getByRole('dialog', { name: 'Revert this apply?' });
      await confirmRevert.getByRole('button', { name: 'Revert', exact: true }).click();
      await toast('Bids set back: 3');
      await recent.getByText('Reverted: 3').waitFor();
      expect(await bidsOf(app, campaign.id, keywordIds)).toEqual(oldBids);

      await page.goto(`${server.baseUrl}/strategies?strategy=${strategy.strategyId}`);
      await expect
        .poll(() => page.getByTestId('timeline-entry').count(), { timeout: 30_000 })
        .toBe(6);
      const afterRevert = await timeline(strategy.strategyId);
      for (const row of rows) {
        const changes = afterRevert.filter((entry) =>
          entry.description.startsWith(`Changed the bid of keyword "${row.text}"`),
        );
        expect(changes).toHaveLength(2);
      }
    } catch (error) {
      await page.screenshot({ path: '/tmp/opt-e2e-failure.png', fullPage: true });
      throw error;
    }
  }, 300_000);
});
