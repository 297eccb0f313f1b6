// The keyword journey's read: per keyword of one app in one ad account, its counts and goal
// events in each of several periods, from the keyword running totals on the periods' boundary
// days (the DAILY facts for campaigns without them) and one scan of the goal's partner rows,
// staged and counted in SQL so only the counts and the listed keywords come back.
// Every statement is filtered by the team.
import {
  addDays,
  KEYWORD_STAGES,
  stageRank,
  type DateRange,
  type KeywordJourneyRow,
  type KeywordStage,
  type StageCountMap,
} from '@tapwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { countsOf, rowsOf, sliceSums, type AppScope } from '../analytics/overview.repository';
import { goalRows, isGoalEvent, type GoalDefinition } from '../goals/goals.repository';

/** The counts the keyword table needs (of the first period, the window). */
const JOURNEY_FIELDS = [
  'impressions',
  'taps',
  'tapInstalls',
  'totalInstalls',
  'localSpendMicros',
] as const;
/** The counts a stage needs: all the other periods read. */
const STAGE_FIELDS = ['impressions', 'taps', 'totalInstalls'] as const;
const fieldsOf = (period: number) => (period === 0 ? JOURNEY_FIELDS : STAGE_FIELDS);

/**
 * For the transaction the read runs in: 20,000 keywords' sums on a dozen days are grouped in
 * memory (not spilled to disk) and not worth compiling (JIT).
 */
export async function tuneJourneyRead(tx: Database): Promise<void> {
  await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

const between = (column: string, period: DateRange) =>
  sql`${sql.raw(column)} BETWEEN ${period.start}::date AND ${period.end}::date`;

/** The span every period lies in, for one range scan. */
function spanOf(periods: readonly DateRange[]): DateRange {
  return {
    start: periods.reduce((first, p) => (p.start < first ? p.start : first), periods[0]!.start),
    end: periods.reduce((last, p) => (p.end > last ? p.end : last), periods[0]!.end),
  };
}

const COLUMN_OF: Record<(typeof JOURNEY_FIELDS)[number], string> = {
  impressions: 'impressions',
  taps: 'taps',
  tapInstalls: 'tap_installs',
  totalInstalls: 'total_installs',
  localSpendMicros: 'local_spend_micros',
};

/** The campaigns of the app in the ad account (`c`), each with the last day its running totals reach (`kept`). */
const appCampaigns = (teamId: string, scope: AppScope) => sql`(SELECT c.team_id, c.id, m.kept
  FROM campaigns c
  CROSS JOIN LATERAL (SELECT max(t.date) AS kept FROM keyword_running_totals t
    WHERE t.team_id = c.team_id AND t.campaign_id = c.id) m
  WHERE c.team_id = ${teamId} AND c.ad_account_id = ${scope.adAccountId}
    AND c.adam_id = ${scope.adamId}) c`;

/**
 * Per keyword, each period's counts (`p{i}_…`) from keyword_running_totals: the total on its last
 * day minus the total the day before its first, read on the few boundary days only (a campaign on
 * the last day its totals reach when that is earlier, as the ads manager reads them). A keyword
 * without a total on a day had no facts until then.
 */
function runningSums(teamId: string, scope: AppScope, periods: readonly DateRange[]): SQL {
  const boundaryFields = new Map<string, Set<(typeof JOURNEY_FIELDS)[number]>>();
  periods.forEach((period, index) => {
    for (const day of [addDays(period.start, -1), period.end]) {
      const fields = boundaryFields.get(day) ?? new Set();
      for (const field of fieldsOf(index)) fields.add(field);
      boundaryFields.set(day, fields);
    }
  });
  const boundaries = [...boundaryFields.keys()].sort();
  const at = (day: string) => boundaries.indexOf(day) + 1;
  const pivot = boundaries.flatMap((day, index) =>
    [...boundaryFields.get(day)!].map(
      (field) =>
        `coalesce(sum(t.${COLUMN_OF[field]}::float8) FILTER (WHERE t.j = ${index + 1}), 0) AS "b${index + 1}_${field}"`,
    ),
  );
  const differences = periods.flatMap((period, index) =>
    fieldsOf(index).map(
      (field) =>
        `"b${at(period.end)}_${field}" - "b${at(addDays(period.start, -1))}_${field}" AS "p${index}_${field}"`,
    ),
  );
  return sql`SELECT keyword_id, ${sql.raw(differences.join(', '))} FROM (
      SELECT t.keyword_id, ${sql.raw(pivot.join(', '))}
      FROM ${appCampaigns(teamId, scope)}
      CROSS JOIN LATERAL unnest(${`{${boundaries.join(',')}}`}::date[]) WITH ORDINALITY b(day, j)
      -- One index range per campaign and day; OFFSET 0 keeps the planner from hashing the whole table.
      CROSS JOIN LATERAL (SELECT b.j, t.* FROM keyword_running_totals t
        WHERE t.team_id = c.team_id AND t.campaign_id = c.id AND t.date = least(b.day, c.kept)
        OFFSET 0) t
      GROUP BY 1
    ) totals`;
}

/**
 * The same from the DAILY facts (`q{i}_…`) for campaigns without running totals (facts stored
 * before they existed, until the campaign's next sync): one range scan, a FILTERed sum per period.
 */
function factSums(teamId: string, scope: AppScope, periods: readonly DateRange[]): SQL {
  const span = spanOf(periods);
  const sums = periods.map((period, index) =>
    sliceSums(JOURNEY_FIELDS, { filter: between('f.date', period), prefix: `q${index}_` }),
  );
  return sql`SELECT f.keyword_id, ${sql.join(sums, sql`, `)}
    FROM keyword_report_facts f
    WHERE f.team_id = ${teamId} AND f.adam_id = ${scope.adamId}
      AND f.ad_account_id = ${scope.adAccountId} AND f.grain = 'DAILY'
      AND ${between('f.date', span)}
      AND f.campaign_id = ANY (ARRAY(SELECT c.id FROM ${appCampaigns(teamId, scope)} WHERE c.kept IS NULL))
    GROUP BY 1`;
}

function eventSums(goal: GoalDefinition, adAccountId: number, periods: readonly DateRange[]): SQL {
  const sums = periods.map(
    (period, index) =>
      sql`coalesce(sum(d.count) FILTER (WHERE ${isGoalEvent(goal)} AND ${between('d.day', period)}), 0)::float8
        AS ${sql.raw(`"p${index}_events"`)}`,
  );
  return sql`SELECT d.keyword_id, ${sql.join(sums, sql`, `)}
    FROM ${goalRows(goal, spanOf(periods), sql`AND c.ad_account_id = ${adAccountId} AND d.keyword_id <> 0`)}
    GROUP BY 1`;
}

type Row = Record<string, unknown>;

/** The stage rule's inputs, as SQL expressions of one period. */
type StageInputs = Record<'impressions' | 'taps' | 'totalInstalls' | 'events', string>;

/**
 * keywordStage() (the contract's definition) in SQL: the rank in KEYWORD_STAGES of the furthest
 * stage the counts reached, so 20,000 keywords' stages are counted without decoding their rows.
 */
export function stageRankSql(inputs: StageInputs): string {
  return `CASE WHEN ${inputs.events} > 0 THEN ${stageRank('EVENT')}
    WHEN ${inputs.totalInstalls} > 0 THEN ${stageRank('INSTALL')}
    WHEN ${inputs.taps} > 0 THEN ${stageRank('TAP')}
    WHEN ${inputs.impressions} > 0 THEN ${stageRank('IMPRESSION')}
    ELSE ${stageRank('NONE')} END`;
}

export interface JourneyStages {
  /** Keywords per stage over the first period (the window). */
  stageCounts: StageCountMap;
  /** Per later period after the second: its stage counts and the keywords whose stage is later or earlier than in the period before. */
  movements: { stageCounts: StageCountMap; forward: number; back: number }[];
  /** The window's keywords of the asked stage by spend, at most `limit`. */
  listed: KeywordJourneyRow[];
}

const stageCountsOf = (row: Row, prefix: string) =>
  Object.fromEntries(
    KEYWORD_STAGES.map((stage) => [stage, Number(row[`${prefix}${stageRank(stage)}`])]),
  ) as StageCountMap;

/**
 * Every keyword of the app's campaigns in the ad account that is not deleted or has facts in the
 * periods, staged per period in SQL: the first period's stage counts and its keywords of `stage`
 * (with their counts and the goal's events), and each later period's stage counts and movement
 * from the period before (from the third period on: the second is only compared with).
 */
export async function findJourneyStages(
  db: Database,
  teamId: string,
  scope: AppScope,
  periods: readonly DateRange[],
  listing: { stage: KeywordStage; limit: number },
  goal?: GoalDefinition,
): Promise<JourneyStages> {
  const events = goal
    ? sql`LEFT JOIN (${eventSums(goal, scope.adAccountId, periods)}) e ON e.keyword_id = k.id`
    : sql``;
  const sum = (index: number, field: (typeof JOURNEY_FIELDS)[number]) =>
    `(coalesce(s."p${index}_${field}", 0) + coalesce(r."q${index}_${field}", 0))`;
  const eventsOf = (index: number) => (goal ? `coalesce(e."p${index}_events", 0)` : '0');
  const windowColumns = [
    ...JOURNEY_FIELDS.map((field) => `${sum(0, field)} AS "${field}"`),
    `${eventsOf(0)} AS events`,
  ];
  const stageColumns = periods.map(
    (_, index) =>
      `${stageRankSql({
        impressions: sum(index, 'impressions'),
        taps: sum(index, 'taps'),
        totalInstalls: sum(index, 'totalInstalls'),
        events: eventsOf(index),
      })} AS s${index}`,
  );
  const countsPerStage = (index: number, prefix: string) =>
    KEYWORD_STAGES.map(
      (stage) =>
        `count(*) FILTER (WHERE s${index} = ${stageRank(stage)})::int AS "${prefix}${stageRank(stage)}"`,
    );
  const movementColumns = periods.slice(2).flatMap((_, offset) => {
    const index = offset + 2;
    return [
      ...countsPerStage(index, `m${index}_`),
      `count(*) FILTER (WHERE s${index} > s${index - 1})::int AS "m${index}_forward"`,
      `count(*) FILTER (WHERE s${index} < s${index - 1})::int AS "m${index}_back"`,
    ];
  });
  const [row] = await rowsOf(
    db,
    sql`WITH j AS MATERIALIZED (
        SELECT k.id, k.text, k.match_type, k.campaign_id, k.ad_group_id,
          ${sql.raw([...windowColumns, ...stageColumns].join(', '))}
        FROM keywords k
        JOIN campaigns c ON c.team_id = k.team_id AND c.ad_account_id = k.ad_account_id
          AND c.id = k.campaign_id
        LEFT JOIN (${runningSums(teamId, scope, periods)}) s ON s.keyword_id = k.id
        LEFT JOIN (${factSums(teamId, scope, periods)}) r ON r.keyword_id = k.id
        ${events}
        WHERE k.team_id = ${teamId} AND k.ad_account_id = ${scope.adAccountId}
          AND c.adam_id = ${scope.adamId}
          AND (NOT k.deleted OR s.keyword_id IS NOT NULL OR r.keyword_id IS NOT NULL))
      SELECT ${sql.raw([...countsPerStage(0, 'n'), ...movementColumns].join(', '))},
        (SELECT coalesce(json_agg(l ORDER BY l."localSpendMicros" DESC, l.impressions DESC, l.id), '[]')
          FROM (SELECT * FROM j WHERE s0 = ${stageRank(listing.stage)}
            ORDER BY "localSpendMicros" DESC, impressions DESC, id LIMIT ${listing.limit}) l) AS listed
      FROM j`,
  );
  return {
    stageCounts: stageCountsOf(row!, 'n'),
    movements: periods.slice(2).map((_, offset) => ({
      stageCounts: stageCountsOf(row!, `m${offset + 2}_`),
      forward: Number(row![`m${offset + 2}_forward`]),
      back: Number(row![`m${offset + 2}_back`]),
    })),
    listed: (row!.listed as Row[]).map((keyword) => ({
      keywordId: Number(keyword.id),
      text: String(keyword.text),
      matchType: String(keyword.match_type),
      campaignId: Number(keyword.campaign_id),
      adGroupId: Number(keyword.ad_group_id),
      counts: countsOf(keyword),
      events: Number(keyword.events),
    })),
  };
}
