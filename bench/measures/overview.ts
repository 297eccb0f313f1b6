// Overview (issue 6): everything the overview page loads for one app and 30 days (totals with
// the previous period, the daily series, the top 10 keywords and ad groups, the gender, device,
// placement, age and map breakdowns), its panels in parallel as the page sends them: Tapwise's
// service calls against the same numbers by hand-written SQL, after checking both agree.
import {
  METRIC_COUNT_FIELDS,
  type BreakdownDimension,
  type MetricCounts,
} from '../../packages/contracts/src/index.js';
import {
  breakdown,
  overviewSeries,
  overviewTotals,
  topList,
} from '../../apps/server/src/modules/analytics/overview.service.js';
import { COUNT_COLUMNS } from '../../apps/server/src/modules/analytics/overview.repository.js';
import type { Database, DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import {
  timeWithLoad,
  underLoadFigures,
  type QueryMeasureOptions,
} from '../support/background-load.js';
import type { BenchDataset, BenchScope } from '../support/bench-dataset.js';
import type { Figure } from '../support/figures.js';

// What the overview page loads for one app and period, each panel one request as the page sends
// them: totals with the previous period, the daily series, both top 10s by spend, five splits.
const BREAKDOWNS: BreakdownDimension[] = [
  'gender',
  'deviceClass',
  'placement',
  'ageRange',
  'countryOrRegion',
];

type Panel = () => Promise<unknown>;

function tapwisePanels(db: Database, teamId: string, scope: BenchScope): Panel[] {
  const top = { ...scope, period: scope.currdate, param: 'spend' as const, sortDesc: true };
  return [
    () => overviewTotals(db, teamId, scope),
    () => overviewSeries(db, teamId, { ...scope, granularity: 'DAY' }),
    () => topList(db, teamId, 'keywords', top),
    () => topList(db, teamId, 'adGroups', top),
    ...BREAKDOWNS.map((dimension) => () => breakdown(db, teamId, dimension, scope)),
  ];
}

/**
 * The same numbers by hand-written SQL, knowing the period lies inside the days kept per day: the
 * least a person would write against these tables and indexes.
 */
function handWrittenPanels(database: DatabaseHandle, teamId: string, scope: BenchScope): Panel[] {
  const { adAccountId, adamId, currdate, prevdate } = scope;
  const sums = `sum(impressions) impressions, sum(taps) taps, sum(tap_installs) tap_installs,
    sum(view_installs) view_installs, sum(total_installs) total_installs,
    sum(tap_new_downloads) tap_new_downloads, sum(tap_redownloads) tap_redownloads,
    sum(view_new_downloads) view_new_downloads, sum(view_redownloads) view_redownloads,
    sum(local_spend_micros) local_spend_micros`;
  const filtered = (period: 'cur' | 'prev') =>
    sums.replace(
      /\) (\w+)/g,
      `) FILTER (WHERE date ${period === 'cur' ? '>= $4' : '< $4'}) ${period}_$1`,
    );
  const app = `team_id = $1 AND ad_account_id = $2 AND adam_id = $3 AND grain = 'DAILY'`;
  const query = (text: string, values: unknown[]) =>
    database.sql.query<Record<string, unknown>>(text, values).then((r) => r.rows);
  const topOf = (table: string, id: string, entity: string, name: string) => () =>
    query(
      `SELECT t.*, ${name} AS name, c.name AS campaign_name FROM (
         SELECT ${id} AS id, ${sums} FROM ${table}
         WHERE ${app} AND date BETWEEN $4 AND $5 GROUP BY ${id}
         ORDER BY sum(local_spend_micros) DESC, ${id} LIMIT 10) t
       JOIN ${entity} e ON e.team_id = $1 AND e.ad_account_id = $2 AND e.id = t.id
       JOIN campaigns c ON c.team_id = $1 AND c.ad_account_id = $2 AND c.id = e.campaign_id
       ORDER BY t.local_spend_micros DESC, t.id`,
      [teamId, adAccountId, adamId, currdate.start, currdate.end],
    );
  return [
    () =>
      query(
        `SELECT ${filtered('cur')}, ${filtered('prev')} FROM campaign_report_facts
         WHERE ${app} AND date BETWEEN $5 AND $6`,
        [teamId, adAccountId, adamId, currdate.start, prevdate.start, currdate.end],
      ),
    () =>
      query(
        `SELECT date::text, ${sums} FROM campaign_report_facts
         WHERE ${app} AND date BETWEEN $4 AND $5 GROUP BY date ORDER BY date`,
        [teamId, adAccountId, adamId, currdate.start, currdate.end],
      ),
    topOf('keyword_report_facts', 'keyword_id', 'keywords', 'e.text'),
    topOf('ad_group_report_facts', 'ad_group_id', 'ad_groups', 'e.name'),
    ...BREAKDOWNS.map((dimension) =>
      dimension === 'placement'
        ? () =>
            query(
              `SELECT c.supply_sources[1] AS value, ${filtered('cur')}, ${filtered('prev')}
               FROM campaign_report_facts f JOIN campaigns c ON c.team_id = f.team_id
                 AND c.ad_account_id = f.ad_account_id AND c.id = f.campaign_id
               WHERE f.team_id = $1 AND f.ad_account_id = $2 AND f.adam_id = $3
                 AND f.grain = 'DAILY' AND f.date BETWEEN $5 AND $6 GROUP BY 1`,
              [teamId, adAccountId, adamId, currdate.start, prevdate.start, currdate.end],
            )
        : () =>
            query(
              `SELECT value, ${filtered('cur')}, ${filtered('prev')} FROM campaign_breakdown_facts
               WHERE ${app} AND dimension = $6 AND date BETWEEN $5 AND $7 GROUP BY value`,
              [
                teamId,
                adAccountId,
                adamId,
                currdate.start,
                prevdate.start,
                dimension,
                currdate.end,
              ],
            ),
    ),
  ];
}

const countsOfRow = (row: Record<string, unknown>, prefix = ''): MetricCounts =>
  Object.fromEntries(
    METRIC_COUNT_FIELDS.map((field) => [
      field,
      Number(row[`${prefix}${COUNT_COLUMNS[field]}`] ?? 0),
    ]),
  ) as unknown as MetricCounts;

/** Both ways must give the same numbers before their times mean anything. */
async function assertSameNumbers(tapwise: Panel[], handWritten: Panel[]) {
  const [ours, theirs] = await Promise.all([parallel(tapwise)(), parallel(handWritten)()]);
  const [totals, series, keywords, adGroups, ...splits] = ours as [
    Awaited<ReturnType<typeof overviewTotals>>,
    Awaited<ReturnType<typeof overviewSeries>>,
    Awaited<ReturnType<typeof topList>>,
    Awaited<ReturnType<typeof topList>>,
    ...Awaited<ReturnType<typeof breakdown>>[],
  ];
  const [handTotalRows, handSeries, handKeywords, handAdGroups, ...handSplits] = theirs as Record<
    string,
    unknown
  >[][];
  const handTotals = handTotalRows![0]!;
  const same = (label: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(`${label} differ:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
  };
  same(
    'totals',
    [totals.current, totals.previous],
    [countsOfRow(handTotals, 'cur_'), countsOfRow(handTotals, 'prev_')],
  );
  same(
    'series',
    series.filter((point) => point.counts.impressions > 0),
    handSeries!.map((row) => ({ date: row.date, counts: countsOfRow(row) })),
  );
  same(
    'top keywords',
    keywords.map((row) => [row.id, row.name, row.campaignName, row.counts]),
    handKeywords!.map((row) => [Number(row.id), row.name, row.campaign_name, countsOfRow(row)]),
  );
  same(
    'top ad groups',
    adGroups.map((row) => [row.id, row.name, row.counts]),
    handAdGroups!.map((row) => [Number(row.id), row.name, countsOfRow(row)]),
  );
  splits.forEach((rows, index) => {
    const byValue = (list: { value: string }[]) =>
      [...list].sort((a, b) => a.value.localeCompare(b.value));
    same(
      BREAKDOWNS[index]!,
      byValue(rows),
      byValue(
        handSplits[index]!.map((row) => ({
          value: String(row.value),
          counts: countsOfRow(row, 'cur_'),
          previous: countsOfRow(row, 'prev_'),
        })),
      ),
    );
  });
}

const parallel = (panels: Panel[]) => () => Promise.all(panels.map((panel) => panel()));

export async function measureOverview(
  dataset: BenchDataset,
  { counts, targets, load }: QueryMeasureOptions,
): Promise<Figure[]> {
  const { database, teamId, scope } = dataset;
  const tapwise = tapwisePanels(database.db, teamId, scope);
  const handWritten = handWrittenPanels(database, teamId, scope);
  await assertSameNumbers(tapwise, handWritten);
  const {
    quiet: [ours, theirs],
    loaded,
  } = await timeWithLoad([parallel(tapwise), parallel(handWritten)], counts, load);
  const detail = `${BREAKDOWNS.length + 4} panels in parallel, ${scope.currdate.start}…${scope.currdate.end}, ${ours!.runs} runs`;
  const group = 'overview';
  return [
    {
      group,
      name: 'server time p50',
      value: ours!.p50,
      unit: 'ms',
      ...(targets.overviewP50 && { target: targets.overviewP50 }),
      detail,
    },
    { group, name: 'server time p95', value: ours!.p95, unit: 'ms', detail },
    { group, name: 'hand-written SQL p50', value: theirs!.p50, unit: 'ms', detail },
    {
      group,
      name: 'Tapwise / hand-written SQL (p50)',
      value: ours!.p50 / theirs!.p50,
      unit: 'ratio',
      target: targets.overviewToHandWritten,
      detail: 'same run, interleaved',
    },
    ...underLoadFigures(group, ours!, loaded, load, targets),
  ];
}
