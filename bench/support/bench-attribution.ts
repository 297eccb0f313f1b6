// Partner data for the bench company (issue 23): a custom postback integration for the scope's
// app, and attribution_daily rows derived from its keyword facts of the period, deterministic:
// ~30% of each keyword-day's installs come back as partner installs, with a funnel of trials
// (about 40% of them, 0-3 days after install) and purchases (about 15%, $9.99 each, 1-10 days
// after). Written again on each run, so a reused dataset holds the same rows.
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import type { BenchScope } from './bench-dataset.js';

export async function seedBenchAttribution(
  database: DatabaseHandle,
  teamId: string,
  scope: BenchScope,
): Promise<{ goalId: string; rows: number }> {
  const { sql: client } = database;
  const app = [teamId, scope.adamId] as const;
  const { rows: existing } = await client.query<{ id: string }>(
    `SELECT id FROM attribution_integrations WHERE team_id = $1 AND adam_id = $2
       AND partner = 'CUSTOM_POSTBACK' AND status <> 'DELETED'`,
    [...app],
  );
  const integrationId =
    existing[0]?.id ??
    (
      await client.query<{ id: string }>(
        `INSERT INTO attribution_integrations (team_id, adam_id, partner, endpoint_key_hash,
           endpoint_key_sealed) VALUES ($1, $2, 'CUSTOM_POSTBACK', $3, 'bench') RETURNING id`,
        [...app, `bench-${teamId}-${scope.adamId}`],
      )
    ).rows[0]!.id;
  await client.query(`DELETE FROM attribution_daily WHERE team_id = $1 AND integration_id = $2`, [
    teamId,
    integrationId,
  ]);
  // One row per keyword-day and step; the funnel's shares come from a hash of the ids and day.
  const { rows: inserted } = await client.query<{ count: string }>(
    `WITH installs AS (
       SELECT f.campaign_id, f.ad_group_id, f.keyword_id, f.date,
         floor(f.total_installs * 0.3)::int AS partner,
         abs(hashtext(f.keyword_id::text || f.date::text)) AS h
       FROM keyword_report_facts f
       WHERE f.team_id = $1 AND f.adam_id = $2 AND f.grain = 'DAILY'
         AND f.date BETWEEN $4::date - 60 AND $4::date AND f.total_installs > 0
     ), steps AS (
       SELECT i.*, s.kind, s.event_name, s.event_type, s.days, s.share, s.revenue
       FROM installs i CROSS JOIN (VALUES
         ('install', 'install', NULL, 0, 1.0, 0),
         ('event', 'af_start_trial', 'Start Trial', 0, 0.4, 0),
         ('event', 'af_purchase', 'Revenue-Purchase', 1, 0.15, 9990000)
       ) s(kind, event_name, event_type, days, share, revenue)
     ), rows AS (
       INSERT INTO attribution_daily (team_id, integration_id, adam_id, day, network, campaign_id,
         ad_group_id, keyword_id, kind, event_name, event_type, days_since_install, count,
         revenue_micros)
       SELECT $1, $3, $2, date, 'APPLE_ADS', campaign_id, ad_group_id, keyword_id, kind,
         event_name, event_type,
         CASE WHEN kind = 'install' THEN 0 ELSE days + (h % (CASE WHEN days = 0 THEN 4 ELSE 10 END)) END,
         greatest(1, round(partner * share))::int,
         greatest(1, round(partner * share))::bigint * revenue
       FROM steps WHERE partner > 0 AND (kind = 'install' OR (h % 100) < 100 * share * 2)
       RETURNING 1
     ) SELECT count(*)::text AS count FROM rows`,
    [...app, integrationId, scope.currdate.end],
  );
  const { rows: goals } = await client.query<{ id: string }>(
    `SELECT id FROM goals WHERE team_id = $1 AND adam_id = $2 AND lower(name) = 'bench trials'`,
    [...app],
  );
  const goalId =
    goals[0]?.id ??
    (
      await client.query<{ id: string }>(
        `INSERT INTO goals (team_id, adam_id, name, type, events, days_since_install)
         VALUES ($1, $2, 'Bench trials', 'user engagement', ARRAY['Start Trial'], 7) RETURNING id`,
        [...app],
      )
    ).rows[0]!.id;
  return { goalId, rows: Number(inserted[0]!.count) };
}
