// The optimisation pages (issue 26): each page's read for the scope's app as its resolver calls
// it, p50 against < 300 ms on PostgreSQL. Each answer is first checked against a number counted
// by hand-written SQL over the same rows, so a fast wrong answer fails the measure.
import { WINNING_SHARE } from '../../packages/contracts/src/index.js';
import { readKeywordOptimization } from '../../apps/server/src/modules/keyword-optimization/keyword-suggestions.service.js';
import { keywordJourney } from '../../apps/server/src/modules/keyword-journey/keyword-journey.service.js';
import { otherPlacements } from '../../apps/server/src/modules/other-placements/other-placements.service.js';
import { strategicLosing } from '../../apps/server/src/modules/strategic-losing/strategic-losing.service.js';
import { insertActivityLog } from '../../apps/server/src/modules/activity-log/activity-log.repository.js';
import {
  allStrategies,
  saveStrategy,
  timelinePage,
} from '../../apps/server/src/modules/strategies/strategies.service.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

const GROUP = 'optimisation pages';
const TARGET_MS = 300;

interface Page {
  name: string;
  read: () => Promise<unknown>;
  /** Throws when the answer disagrees with the hand-written SQL; returns the figure's detail. */
  check: () => Promise<string>;
}

async function countOf(dataset: BenchDataset, text: string, values: unknown[]): Promise<number> {
  const { rows } = await dataset.database.sql.query<{ n: string | number }>(text, values);
  return Number(rows[0]!.n);
}

function agree(page: string, ours: number, theirs: number) {
  if (ours !== theirs)
    throw new Error(`${page}: ${ours} by Tapwise, ${theirs} by hand-written SQL`);
}

const BENCH_STRATEGY = 'Bench busiest campaign';
/** The bench dataset has no users; a strategy's creator is only recorded (no foreign key). */
const BENCH_USER_ID = '00000000-0000-4000-8000-00000000be0c';

/**
 * The strategies page's subject: a strategy on the scope app's busiest campaign (by spend over
 * the scope's 30 days), made once per dataset; when the activity log has no change on the
 * campaign's keywords (a synced dataset has none), five bid changes over those days are recorded
 * through the activity-log repository, as the write gateway records them.
 */
async function benchStrategy(dataset: BenchDataset): Promise<string> {
  const { db, sql } = dataset.database;
  const { teamId, scope } = dataset;
  const existing = (await allStrategies(db, teamId, { adamId: scope.adamId })).find(
    (strategy) => strategy.name === BENCH_STRATEGY,
  );
  if (existing) return existing.strategyId;
  const { rows: busiest } = await sql.query<{ campaign_id: string }>(
    `SELECT campaign_id FROM campaign_report_facts
     WHERE team_id = $1 AND ad_account_id = $2 AND adam_id = $3 AND grain = 'DAILY'
       AND date BETWEEN $4 AND $5
     GROUP BY campaign_id ORDER BY sum(local_spend_micros) DESC, campaign_id LIMIT 1`,
    [teamId, scope.adAccountId, scope.adamId, scope.currdate.start, scope.currdate.end],
  );
  const campaignId = Number(busiest[0]!.campaign_id);
  const { rows: keywords } = await sql.query<{ id: string; text: string; bid_micros: string }>(
    `SELECT id, text, bid_micros FROM keywords
     WHERE team_id = $1 AND ad_account_id = $2 AND campaign_id = $3 AND bid_micros IS NOT NULL
     ORDER BY id LIMIT 5`,
    [teamId, scope.adAccountId, campaignId],
  );
  const logged = await countOf(
    dataset,
    `SELECT count(*) AS n FROM activity_logs
     WHERE team_id = $1 AND change->>'adAccountId' = $2 AND change->>'level' = 'keyword'
       AND change->>'entityId' = ANY ($3::text[])`,
    [teamId, String(scope.adAccountId), keywords.map((keyword) => keyword.id)],
  );
  if (logged === 0)
    for (const [index, keyword] of keywords.entries()) {
      const before = Number(keyword.bid_micros);
      const after = before + 100_000;
      const day = Date.parse(`${scope.currdate.end}T12:00:00Z`) - index * 5 * 86_400_000;
      await insertActivityLog(db, teamId, {
        logType: 'keyword_bid_increased',
        message: `Changed the bid of keyword "${keyword.text}" from ${before / 1e6} to ${after / 1e6}`,
        change: {
          level: 'keyword',
          adAccountId: scope.adAccountId,
          entityId: keyword.id,
          before: { bidMicros: before },
          after: { bidMicros: after },
          source: 'adsManager',
        },
        createdAt: new Date(day),
      });
    }
  const strategy = await saveStrategy(db, teamId, BENCH_USER_ID, {
    name: BENCH_STRATEGY,
    adamId: scope.adamId,
    description: 'The busiest campaign of the bench app',
    goals: ['LOWER_CPA'],
    secondaryGoal: null,
    targetEntities: [{ level: 'CAMPAIGN', adAccountId: scope.adAccountId, id: campaignId }],
  });
  return strategy.strategyId;
}

function pages(dataset: BenchDataset): Page[] {
  const { db } = dataset.database;
  const { teamId, scope } = dataset;
  const app = { adAccountId: scope.adAccountId, adamId: scope.adamId };
  const journey = () => keywordJourney(db, teamId, { ...app, days: 30, stage: 'TAP' });
  const placements = () => otherPlacements(db, teamId, { ...app, currdate: scope.currdate });
  const losing = () => strategicLosing(db, teamId, app);
  // The page's default query (30 days, by spend, first page), its window ending on the dataset's
  // last synced day.
  const optimization = () =>
    readKeywordOptimization(
      db,
      teamId,
      { adamId: app.adamId, lookbackDays: 30 },
      new Date(`${scope.currdate.end}T12:00:00Z`),
    );
  let strategyId: Promise<string> | undefined;
  // The first read (the check's) makes the strategy and copies its timeline in.
  const timeline = async () =>
    timelinePage(db, teamId, { strategyId: await (strategyId ??= benchStrategy(dataset)) });
  return [
    {
      name: 'keyword optimisation',
      read: optimization,
      check: async () => {
        const answer = await optimization();
        const live = `FROM keywords k
          JOIN ad_groups g ON g.team_id = k.team_id AND g.ad_account_id = k.ad_account_id
            AND g.id = k.ad_group_id
          JOIN campaigns c ON c.team_id = k.team_id AND c.ad_account_id = k.ad_account_id
            AND c.id = k.campaign_id
          WHERE k.team_id = $1 AND c.adam_id = $2 AND NOT k.deleted AND k.status = 'ENABLED'
            AND NOT g.deleted AND g.status = 'ENABLED' AND NOT c.deleted`;
        const listed = await countOf(dataset, `SELECT count(*) AS n ${live}`, [teamId, app.adamId]);
        agree('keyword optimisation, live keywords', answer.total, listed);
        const topSpend = await countOf(
          dataset,
          `SELECT coalesce(max(s.spend), 0) AS n FROM (
             SELECT sum(f.local_spend_micros) AS spend FROM keyword_report_facts f
             WHERE (f.ad_account_id, f.keyword_id) IN (SELECT k.ad_account_id, k.id ${live})
               AND f.team_id = $1 AND f.adam_id = $2 AND f.grain = 'DAILY'
               AND f.date BETWEEN $3 AND $4
             GROUP BY f.ad_account_id, f.keyword_id) s`,
          [teamId, app.adamId, answer.from, answer.to],
        );
        agree('keyword optimisation, top spend', answer.rows[0]?.spendMicros ?? 0, topSpend);
        return `30 days, ${answer.total.toLocaleString('en-US')} keywords, ${answer.rows.length} on the first page`;
      },
    },
    {
      name: 'keyword journey',
      read: journey,
      check: async () => {
        const answer = await journey();
        // Tap stage: taps and no installs over the window (the bench dataset has no goals).
        const taps = await countOf(
          dataset,
          `SELECT count(*) AS n FROM (
             SELECT keyword_id FROM keyword_report_facts
             WHERE team_id = $1 AND ad_account_id = $2 AND adam_id = $3 AND grain = 'DAILY'
               AND date BETWEEN $4 AND $5
             GROUP BY keyword_id HAVING sum(taps) > 0 AND sum(total_installs) = 0) k`,
          [teamId, app.adAccountId, app.adamId, answer.window.start, answer.window.end],
        );
        agree('keyword journey, Tap stage', answer.stageCounts.TAP, taps);
        return `30 days, ${answer.keywords.length} listed of the Tap stage, ${answer.weeks.length} weeks`;
      },
    },
    {
      name: 'other placement types',
      read: placements,
      check: async () => {
        const answer = await placements();
        const ours = answer.placements.reduce(
          (sum, placement) => sum + placement.campaigns.length,
          0,
        );
        const theirs = await countOf(
          dataset,
          `SELECT count(DISTINCT campaign_id) AS n FROM campaign_report_facts
           WHERE team_id = $1 AND ad_account_id = $2 AND adam_id = $3 AND grain = 'DAILY'
             AND date BETWEEN $4 AND $5`,
          [teamId, app.adAccountId, app.adamId, scope.currdate.start, scope.currdate.end],
        );
        if (ours < theirs) agree('other placement types, campaigns with facts', ours, theirs);
        return `${answer.placements.length} placements, ${ours} campaigns, 30 days`;
      },
    },
    {
      name: 'strategic losing',
      read: losing,
      check: async () => {
        const answer = await losing();
        const theirs = await countOf(
          dataset,
          `SELECT count(*) AS n FROM (
             SELECT 1 FROM impression_share_facts
             WHERE team_id = $1 AND ad_account_id = $2 AND adam_id = $3
             GROUP BY country_or_region, search_term
             HAVING avg((low_share + high_share) / 2) < $4 OR avg(rank) > 1) t`,
          [teamId, app.adAccountId, app.adamId, WINNING_SHARE],
        );
        agree('strategic losing, lost terms', answer.total, theirs);
        return `${answer.total.toLocaleString('en-US')} lost terms, ${answer.rows.length} on the first page, over ${answer.windowStart}…${answer.windowEnd}`;
      },
    },
    {
      name: 'strategy timeline',
      read: timeline,
      check: async () => {
        const answer = await timeline();
        const entry = answer.entries[0];
        if (!entry) throw new Error('strategy timeline: no entry copied from the activity log');
        const campaignId = answer.strategy.targetEntities[0]!.id;
        const spend = await countOf(
          dataset,
          `SELECT coalesce(sum(local_spend_micros), 0) AS n FROM campaign_report_facts
           WHERE team_id = $1 AND ad_account_id = $2 AND campaign_id = $3 AND grain = 'DAILY'
             AND date BETWEEN $4 AND $5`,
          [teamId, app.adAccountId, campaignId, entry.before.start, entry.before.end],
        );
        agree('strategy timeline, spend before the newest entry', entry.before.spendMicros, spend);
        return `${answer.total} entries, a page of ${answer.entries.length} with their numbers before and after`;
      },
    },
  ];
}

export async function measureOptimizationPages(
  dataset: BenchDataset,
  counts: RunCounts,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const page of pages(dataset)) {
    const detail = await page.check();
    const timing = await timeRuns(page.read, counts);
    figures.push({
      group: GROUP,
      name: `${page.name} p50`,
      value: timing.p50,
      unit: 'ms',
      ...onPostgres(dataset.database.engine, {
        is: '<',
        value: TARGET_MS,
        source: 'issue 26, PostgreSQL',
      }),
      detail: `${detail}; p95 ${Math.round(timing.p95)} ms, ${timing.runs} runs`,
    });
  }
  return figures;
}
