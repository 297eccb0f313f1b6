// Ads manager (issue 7): the Keywords tab for the last 30 days sorted by spend, first page of 50
// with the totals row over every matching keyword and the sub tab counts, as the resolver asks
// the service for it; checked first against hand-written SQL.
import { reportQuerySchema } from '../../packages/contracts/src/index.js';
import { reportPage } from '../../apps/server/src/modules/ads-manager/reports.service.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeInterleaved, type RunCounts } from '../support/timing.js';

const HAND_WRITTEN = `SELECT keyword_id::text AS id, sum(local_spend_micros)::text AS spend
  FROM keyword_report_facts WHERE team_id = $1 AND grain = 'DAILY' AND date BETWEEN $2 AND $3
  GROUP BY keyword_id ORDER BY sum(local_spend_micros) DESC, keyword_id LIMIT 50`;

export async function measureKeywordsPage(
  dataset: BenchDataset,
  counts: RunCounts,
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
  const handWritten = () =>
    database.sql.query<{ id: string; spend: string }>(HAND_WRITTEN, [
      teamId,
      period.start,
      period.end,
    ]);

  // The page must agree with the hand-written SQL before its time means anything.
  const [ours, { rows: theirs }] = await Promise.all([page(), handWritten()]);
  const spends = ours.rows.map((row) => String(row.counts.localSpendMicros));
  if (JSON.stringify(spends) !== JSON.stringify(theirs.map((row) => row.spend)))
    throw new Error(`keywords page differs from hand-written SQL:\n${spends}\n${theirs}`);

  const [timing, bare] = await timeInterleaved([page, handWritten], counts);
  const detail = `${ours.total.toLocaleString('en-US')} keywords, 30 days, ${timing!.runs} runs`;
  const group = 'ads manager keywords page';
  return [
    {
      group,
      name: 'server time p50',
      value: timing!.p50,
      unit: 'ms',
      ...onPostgres(database.engine, { is: '<', value: 100, source: 'issue 7, PostgreSQL' }),
      detail,
    },
    { group, name: 'server time p95', value: timing!.p95, unit: 'ms', detail },
    {
      group,
      name: 'bare GROUP BY by hand p50',
      value: bare!.p50,
      unit: 'ms',
      detail: 'top 50 by spend only: no totals, counts or names',
    },
  ];
}
