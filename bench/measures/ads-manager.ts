// Ads manager (issue 7): the Keywords tab for the last 30 days sorted by spend (in the reporting
// currency: the scenarios have a EUR account beside the USD one), first page of 50 with the
// totals rows over every matching keyword and the sub tab counts, as the resolver asks the
// service for it; checked first against hand-written SQL. And the same page with a goal picked
// (issue 23: within 1.3× the page without), over partner rows seeded for the scope's app.
import { reportQuerySchema } from '../../packages/contracts/src/index.js';
import { reportPage } from '../../apps/server/src/modules/ads-manager/reports.service.js';
import { currencyConverter } from '../../apps/server/src/modules/currencies/exchange-rates.service.js';
import { seedBenchAttribution } from '../support/bench-attribution.js';
import {
  timeWithLoad,
  underLoadFigures,
  type QueryMeasureOptions,
} from '../support/background-load.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import type { Figure } from '../support/figures.js';

/** The top 50 by spend in the reporting currency: another currency's days times their factor. */
const HAND_WRITTEN = `SELECT f.keyword_id::text AS id, sum(f.local_spend_micros)::text AS spend
  FROM keyword_report_facts f
  LEFT JOIN unnest($4::bigint[], $5::date[], $6::float8[]) r(account, day, factor)
    ON r.account = f.ad_account_id AND r.day = f.date
  WHERE f.team_id = $1 AND f.grain = 'DAILY' AND f.date BETWEEN $2 AND $3
  GROUP BY f.keyword_id
  ORDER BY sum(f.local_spend_micros * coalesce(r.factor, 1)) DESC, f.keyword_id LIMIT 50`;

/** Each day's factor into the reporting currency of the accounts in another currency. */
async function conversionOf(dataset: BenchDataset, period: { start: string; end: string }) {
  const { rows: accounts } = await dataset.database.sql.query<{ id: string; currency: string }>(
    'SELECT ad_account_id::text AS id, currency FROM ad_accounts WHERE team_id = $1',
    [dataset.teamId],
  );
  const converter = await currencyConverter(
    dataset.database.db,
    dataset.teamId,
    accounts.map((account) => account.currency),
    period,
  );
  const lists = { accounts: [] as string[], days: [] as string[], factors: [] as number[] };
  for (const account of accounts.filter((entry) => entry.currency !== converter.reporting)) {
    const factors = converter.factors(account.currency, period);
    if (!factors.complete) throw new Error(`no rates for ${account.currency}`);
    lists.accounts.push(...factors.days.map(() => account.id));
    lists.days.push(...factors.days);
    lists.factors.push(...factors.factors);
  }
  return lists;
}

export async function measureKeywordsPage(
  dataset: BenchDataset,
  { counts, targets, load }: QueryMeasureOptions,
): Promise<Figure[]> {
  const { database, teamId } = dataset;
  const period = dataset.scope.currdate;
  const query = reportQuerySchema.parse({
    period,
    sortBy: 'spend',
    sortDesc: true,
    offset: 0,
    limit: 50,
  });
  const page = () => reportPage(database.db, teamId, 'keywords', query);
  const conversion = await conversionOf(dataset, period);
  const handWritten = () =>
    database.sql.query<{ id: string; spend: string }>(HAND_WRITTEN, [
      teamId,
      period.start,
      period.end,
      conversion.accounts,
      conversion.days,
      conversion.factors,
    ]);

  // The page must agree with the hand-written SQL before its time means anything.
  const [ours, { rows: theirs }] = await Promise.all([page(), handWritten()]);
  const spends = ours.rows.map((row) => String(row.counts.localSpendMicros));
  if (JSON.stringify(spends) !== JSON.stringify(theirs.map((row) => row.spend)))
    throw new Error(`keywords page differs from hand-written SQL:\n${spends}\n${theirs}`);

  const seeded = await seedBenchAttribution(database, teamId, dataset.scope);
  const withGoal = () =>
    reportPage(database.db, teamId, 'keywords', { ...query, goalId: seeded.goalId });
  const goalPage = await withGoal();
  if (!goalPage.rows.some((row) => (row.goalCounts?.attrInstalls ?? 0) > 0))
    throw new Error('the keywords page with a goal shows no partner installs');

  const {
    quiet: [timing, bare, goal],
    loaded,
  } = await timeWithLoad([page, handWritten, withGoal], counts, load);
  const detail = `${ours.total.toLocaleString('en-US')} keywords, 30 days, ${timing!.runs} runs`;
  const group = 'ads manager keywords page';
  return [
    {
      group,
      name: 'server time p50',
      value: timing!.p50,
      unit: 'ms',
      ...(targets.keywordsPageP50 && { target: targets.keywordsPageP50 }),
      detail,
    },
    { group, name: 'server time p95', value: timing!.p95, unit: 'ms', detail },
    {
      group,
      name: 'bare GROUP BY by hand p50',
      value: bare!.p50,
      unit: 'ms',
      detail: 'top 50 by converted spend only: no totals, counts or names',
    },
    {
      group,
      name: 'with a goal p50',
      value: goal!.p50,
      unit: 'ms',
      detail: `goal counts on every row and the totals; ${seeded.rows.toLocaleString('en-US')} partner rows`,
    },
    {
      group,
      name: 'with a goal / without, p50',
      value: goal!.p50 / timing!.p50,
      unit: 'ratio',
      target: { is: '<=', value: 1.3, source: 'issue 23' },
      detail: 'the same page, sorted by spend, goal picked or not',
    },
    ...underLoadFigures(group, timing!, loaded, load, targets),
  ];
}
