// Benchmark: the ads manager's Keywords tab on a mature-sized account in PostgreSQL (4 apps,
// 100 campaigns, 1,000 ad groups, 20,000 keywords, 90 days per day and 12 weeks before): the
// last 30 days sorted by spend with the totals row and sub tab counts, first page of 50. p50/p95
// of the resolver's service call (server time) and of the GraphQL request over HTTP, after the
// page is checked against hand-written SQL. Target (issue 7): under 100 ms server time.
// The dataset (bench/support/ads-manager-dataset.ts) is built once and reused; `--rebuild`
// builds it again.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ads-manager.ts
//      [--rebuild] [--runs 50]
import { reportQuerySchema, type ReportPage } from '../packages/contracts/src/index.js';
import { parseArgs } from 'node:util';
import { reportPage } from '../apps/server/src/modules/ads-manager/reports.service.js';
import { apiClient } from '../apps/server/src/platform/testing/api-client.js';
import { createMember } from '../apps/server/src/platform/testing/factories.js';
import { dayBefore, openAdsManagerDataset } from './support/ads-manager-dataset.js';
import { startInProcessServer } from './support/in-process-server.js';

const { values: options } = parseArgs({
  options: {
    rebuild: { type: 'boolean', default: false },
    runs: { type: 'string', default: '50' },
  },
});

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1) };
}

async function timed(way: () => Promise<unknown>, runs: number) {
  for (let warmup = 0; warmup < 5; warmup++) await way();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await way();
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

const { database, marker } = await openAdsManagerDataset(options.rebuild);
const runs = Number(options.runs);
const period = { start: dayBefore(marker.today, 29), end: marker.today };
const input = { period, sortBy: 'spend', sortDesc: true, offset: 0, limit: 50 };
const query = reportQuerySchema.parse(input);

// The page must agree with hand-written SQL before its time means anything.
const page = await reportPage(database.db, marker.teamId, 'keywords', query);
const { rows: handWritten } = await database.sql.query<{ id: string; spend: string; n: string }>(
  `SELECT keyword_id::text AS id, sum(local_spend_micros)::text AS spend,
     count(*) OVER ()::text AS n
   FROM keyword_report_facts WHERE team_id = $1 AND grain = 'DAILY' AND date BETWEEN $2 AND $3
   GROUP BY keyword_id ORDER BY sum(local_spend_micros) DESC, keyword_id LIMIT 50`,
  [marker.teamId, period.start, period.end],
);
const ours = page.rows.map((row) => [row.id, String(row.counts.localSpendMicros)]);
const theirs = handWritten.map((row) => [row.id, row.spend]);
if (JSON.stringify(ours.map(([, spend]) => spend)) !== JSON.stringify(theirs.map(([, s]) => s)))
  throw new Error(`pages differ:\n${JSON.stringify(ours)}\n${JSON.stringify(theirs)}`);
console.log(
  `keywords: ${page.total} listed (hand-written: ${handWritten[0]?.n} with facts), ` +
    `${page.rows.length} on the page, totals spend ${page.totals.localSpendMicros / 1e6} USD`,
);

const serverTime = await timed(
  () => reportPage(database.db, marker.teamId, 'keywords', query),
  runs,
);
const handTime = await timed(
  () =>
    database.sql.query(
      `SELECT keyword_id, sum(local_spend_micros) FROM keyword_report_facts
   WHERE team_id = $1 AND grain = 'DAILY' AND date BETWEEN $2 AND $3
   GROUP BY keyword_id ORDER BY 2 DESC, 1 LIMIT 50`,
      [marker.teamId, period.start, period.end],
    ),
  runs,
);

const server = await startInProcessServer(database);
const member = await createMember(database.db, marker.teamId, { role: 'ADMIN' });
const api = apiClient(server.url);
const session = await api.signIn(member.email, member.password);
const counts = `{ impressions taps tapInstalls viewInstalls totalInstalls tapNewDownloads
  tapRedownloads viewNewDownloads viewRedownloads localSpendMicros }`;
const http = await timed(async () => {
  const answer = await api.graphql<{ targetingKeywordReports: ReportPage }>(
    `query($q: ReportQueryInput!) { targetingKeywordReports(query: $q) {
      rows { id name status deleted details counts ${counts} } total totals ${counts}
      statusCounts { all live paused deleted draft } } }`,
    { q: input },
    session,
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
}, runs);

console.table({
  'reportPage (server time)': serverTime,
  'GraphQL over HTTP': http,
  'hand-written GROUP BY only': handTime,
});
await server.close();
