// Keeps keyword_running_totals in step with the DAILY keyword facts: after a window of facts is
// replaced, the running totals of its campaigns are computed again from the window's first day on
// (or from where they stop, when syncs left a gap), in the same transaction as the facts.
// Deterministic in the facts, so a re-synced window gives the same rows again.
import { METRIC_COUNT_FIELDS } from '@tapwise/contracts';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { QueryRunner } from '../../platform/db/copy-rows';
import { keywordRunningTotals } from './report-facts.tables';

export interface KeywordWindow {
  adAccountId: number;
  campaignIds: readonly number[];
  /** The replaced days, inclusive ISO dates. */
  from: string;
  to: string;
}

const columns = getTableColumns(keywordRunningTotals);
/** The count columns, as named in both the facts and the running totals. */
const COUNTS = METRIC_COUNT_FIELDS.map((field) => columns[field].name);
const list = (prefix: string) => sql.raw(COUNTS.map((c) => `${prefix}${c}`).join(', '));

/**
 * The first day to compute and the last: the window, widened back to where a campaign's running
 * totals stop (a gap between syncs) or, for a campaign without any yet, to its first DAILY fact;
 * and on to the last day already kept, so every keyword of a campaign ends on the same day.
 */
const boundsQuery = (teamId: string, window: KeywordWindow, campaigns: SQL) => sql`
  SELECT least(${window.from}::date, min(b.start))::text AS start,
    greatest(${window.to}::date, max(b.kept))::text AS through
  FROM (
    SELECT m.kept, coalesce(m.kept + 1, (SELECT min(f.date) FROM keyword_report_facts f
      WHERE f.team_id = ${teamId} AND f.campaign_id = c.id AND f.grain = 'DAILY')) AS start
    FROM unnest(ARRAY[${campaigns}]::bigint[]) c(id)
    CROSS JOIN LATERAL (SELECT max(t.date) AS kept FROM keyword_running_totals t
      WHERE t.team_id = ${teamId} AND t.campaign_id = c.id) m
  ) b`;

/**
 * Every keyword with a total the day before `start` or a fact from `start` on, one row per day
 * from its first (or `start`) to `through`: the total before plus the facts summed so far.
 * Written day by day, so one day's rows, which a read takes, lie together on disk.
 */
function insertQuery(teamId: string, window: KeywordWindow, campaigns: SQL, bounds: Bounds) {
  const sums = sql.raw(COUNTS.map((c) => `k.${c} + sum(coalesce(f.${c}, 0)) OVER w`).join(', '));
  const zeros = sql.raw(COUNTS.map((c) => `0 AS ${c}`).join(', '));
  const account = sql`team_id = ${teamId} AND ad_account_id = ${window.adAccountId}
    AND campaign_id IN (${campaigns})`;
  const start = sql`${bounds.start}::date`;
  const through = sql`${bounds.through}::date`;
  return sql`WITH window_facts AS (
      SELECT keyword_id, adam_id, campaign_id, ad_group_id, date, ${list('')}
      FROM keyword_report_facts
      WHERE ${account} AND grain = 'DAILY' AND date BETWEEN ${start} AND ${through}
    ),
    keyword_starts AS (
      SELECT keyword_id, adam_id, campaign_id, ad_group_id, min(first_day) AS first_day,
        ${sql.raw(COUNTS.map((c) => `sum(${c}) AS ${c}`).join(', '))}
      FROM (
        SELECT keyword_id, adam_id, campaign_id, ad_group_id, ${start} AS first_day, ${list('')}
        FROM keyword_running_totals WHERE ${account} AND date = ${start} - 1
        UNION ALL
        SELECT keyword_id, adam_id, campaign_id, ad_group_id, min(date), ${zeros}
        FROM window_facts GROUP BY 1, 2, 3, 4
      ) u
      GROUP BY 1, 2, 3, 4
    )
    INSERT INTO keyword_running_totals (team_id, ad_account_id, adam_id, campaign_id,
      ad_group_id, keyword_id, date, ${list('')})
    SELECT ${teamId}, ${window.adAccountId}, k.adam_id, k.campaign_id, k.ad_group_id,
      k.keyword_id, d.day, ${sums}
    FROM keyword_starts k
    JOIN (SELECT ${start} + n AS day FROM generate_series(0, ${through} - ${start}) n) d
      ON d.day >= k.first_day
    LEFT JOIN window_facts f ON f.keyword_id = k.keyword_id AND f.date = d.day
    WINDOW w AS (PARTITION BY k.keyword_id ORDER BY d.day)
    ORDER BY d.day, k.keyword_id`;
}

interface Bounds {
  start: string;
  through: string;
}

/** Computes the running totals of the window's campaigns again; call it after their facts. */
export async function refreshKeywordRunningTotals(
  run: QueryRunner,
  teamId: string,
  window: KeywordWindow,
): Promise<void> {
  if (window.campaignIds.length === 0) return;
  const campaigns = sql.join(
    window.campaignIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // A few hundred thousand rows sorted twice: in memory, and not worth compiling (JIT).
  await run(sql`SET LOCAL work_mem = '64MB'`);
  await run(sql`SET LOCAL jit = off`);
  const [bounds] = (await run(boundsQuery(teamId, window, campaigns))) as unknown as Bounds[];
  await run(sql`DELETE FROM keyword_running_totals WHERE team_id = ${teamId}
    AND ad_account_id = ${window.adAccountId} AND campaign_id IN (${campaigns})
    AND date >= ${bounds!.start}::date`);
  await run(insertQuery(teamId, window, campaigns, bounds!));
}
