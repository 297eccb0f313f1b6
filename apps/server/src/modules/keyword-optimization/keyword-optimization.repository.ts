// The reads of the keyword optimisation page, every one filtered by the team first: the app's
// live keywords of live ad groups with their sums over the lookback and their ad groups' sums for
// the CPA the page falls back to (one statement; the sums from the keyword running totals, two
// rows per keyword, as the ads manager reads them); and the keywords a bulk change names.
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../analytics/overview.repository';

export interface KeywordRow {
  adAccountId: number;
  keywordId: number;
  text: string;
  matchType: string;
  campaignId: number;
  campaignName: string;
  adGroupId: number;
  adGroupName: string;
  currency: string;
  storefronts: string[];
  /** The keyword's bid, else its ad group's default bid. */
  bidMicros: number | null;
  /** Apple's suggestion from the newest DAILY keyword report synced. */
  appleSuggestedBidMicros: number | null;
  cpaGoalMicros: number | null;
  spendMicros: number;
  impressions: number;
  taps: number;
  tapInstalls: number;
  adGroupSpendMicros: number;
  adGroupTapInstalls: number;
}

export interface KeywordScope {
  campaignIds: readonly number[];
  adGroupIds: readonly number[];
  storefront: string | null;
  matchType: string | null;
  search: string | null;
}

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Live: the keyword enabled, in an enabled ad group of a campaign not deleted. */
const LIVE = sql`NOT k.deleted AND k.status = 'ENABLED' AND NOT g.deleted
  AND g.status = 'ENABLED' AND NOT c.deleted`;

const ENTITY_JOINS = sql`JOIN ad_groups g ON g.team_id = k.team_id
    AND g.ad_account_id = k.ad_account_id AND g.id = k.ad_group_id
  JOIN campaigns c ON c.team_id = k.team_id AND c.ad_account_id = k.ad_account_id
    AND c.id = k.campaign_id`;

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The app's live keywords in scope with their sums over `from`..`to` (inclusive ISO dates). */
export async function listKeywordRows(
  db: Database,
  teamId: string,
  adamId: number,
  window: { from: string; to: string },
  scope: KeywordScope,
): Promise<KeywordRow[]> {
  const filters = sql.join([
    scope.campaignIds.length ? sql` AND k.campaign_id IN (${ids(scope.campaignIds)})` : sql``,
    scope.adGroupIds.length ? sql` AND k.ad_group_id IN (${ids(scope.adGroupIds)})` : sql``,
    scope.storefront ? sql` AND ${scope.storefront} = ANY (c.countries_or_regions)` : sql``,
    scope.matchType ? sql` AND k.match_type = ${scope.matchType}` : sql``,
    scope.search ? sql` AND strpos(lower(k.text), lower(${scope.search})) > 0` : sql``,
  ]);
  const campaigns = sql`SELECT c.ad_account_id, c.id FROM campaigns c
    WHERE c.team_id = ${teamId} AND c.adam_id = ${adamId} AND NOT c.deleted`;
  const rows = await rowsOf(
    db,
    sql`WITH spans AS (
        SELECT f.ad_account_id, f.ad_group_id, f.keyword_id, e.sign * f.local_spend_micros AS spend,
          e.sign * f.impressions AS impressions, e.sign * f.taps AS taps,
          e.sign * f.tap_installs AS installs
        FROM (${campaigns}) c
        CROSS JOIN LATERAL (SELECT max(t.date) AS kept FROM keyword_running_totals t
          WHERE t.team_id = ${teamId} AND t.campaign_id = c.id) m
        CROSS JOIN LATERAL (VALUES (least(${window.to}::date, m.kept), 1),
          (least(${window.from}::date - 1, m.kept), -1)) e(day, sign)
        JOIN keyword_running_totals f ON f.team_id = ${teamId} AND f.campaign_id = c.id
          AND f.date = e.day AND f.ad_account_id = c.ad_account_id
        UNION ALL
        SELECT f.ad_account_id, f.ad_group_id, f.keyword_id, f.local_spend_micros, f.impressions,
          f.taps, f.tap_installs
        FROM keyword_report_facts f
        WHERE f.team_id = ${teamId} AND f.adam_id = ${adamId} AND f.grain = 'DAILY'
          AND f.date BETWEEN ${window.from}::date AND ${window.to}::date
          AND f.campaign_id = ANY (ARRAY(SELECT c.id FROM (${campaigns}) c WHERE NOT EXISTS (
            SELECT FROM keyword_running_totals t
            WHERE t.team_id = ${teamId} AND t.campaign_id = c.id)))
      ),
      facts AS (
        SELECT ad_account_id, ad_group_id, keyword_id, sum(spend) AS spend,
          sum(impressions) AS impressions, sum(taps) AS taps, sum(installs) AS installs
        FROM spans GROUP BY 1, 2, 3
      ),
      ad_group_sums AS (
        SELECT ad_account_id, ad_group_id, sum(spend) AS spend, sum(installs) AS installs
        FROM facts GROUP BY 1, 2
      )
      SELECT k.ad_account_id, k.id, k.text, k.match_type, k.campaign_id, c.name AS campaign_name,
        k.ad_group_id, g.name AS ad_group_name, c.currency, c.countries_or_regions,
        coalesce(k.bid_micros, g.default_bid_micros) AS bid_micros, k.apple_suggested_bid_micros,
        g.cpa_goal_micros, coalesce(f.spend, 0) AS spend, coalesce(f.impressions, 0) AS impressions,
        coalesce(f.taps, 0) AS taps, coalesce(f.installs, 0) AS installs,
        coalesce(s.spend, 0) AS group_spend, coalesce(s.installs, 0) AS group_installs
      FROM keywords k
      ${ENTITY_JOINS}
      LEFT JOIN facts f ON f.ad_account_id = k.ad_account_id AND f.keyword_id = k.id
      LEFT JOIN ad_group_sums s ON s.ad_account_id = k.ad_account_id
        AND s.ad_group_id = k.ad_group_id
      WHERE k.team_id = ${teamId} AND c.adam_id = ${adamId} AND ${LIVE} ${filters}`,
  );
  return rows.map((row) => ({
    adAccountId: Number(row.ad_account_id),
    keywordId: Number(row.id),
    text: String(row.text),
    matchType: String(row.match_type),
    campaignId: Number(row.campaign_id),
    campaignName: String(row.campaign_name),
    adGroupId: Number(row.ad_group_id),
    adGroupName: String(row.ad_group_name),
    currency: String(row.currency),
    storefronts: row.countries_or_regions as string[],
    bidMicros: num(row.bid_micros),
    appleSuggestedBidMicros: num(row.apple_suggested_bid_micros),
    cpaGoalMicros: num(row.cpa_goal_micros),
    spendMicros: Number(row.spend),
    impressions: Number(row.impressions),
    taps: Number(row.taps),
    tapInstalls: Number(row.installs),
    adGroupSpendMicros: Number(row.group_spend),
    adGroupTapInstalls: Number(row.group_installs),
  }));
}

export interface ChangeTarget {
  adAccountId: number;
  keywordId: number;
  text: string;
  campaignId: number;
  adGroupId: number;
  currency: string;
  bidMicros: number | null;
}

/** The team's live keywords among `refs`; any other is left out (not the team's, or gone). */
export async function findChangeTargets(
  db: Database,
  teamId: string,
  refs: readonly { adAccountId: number; keywordId: number }[],
): Promise<ChangeTarget[]> {
  if (refs.length === 0) return [];
  const accounts = refs.map((ref) => ref.adAccountId);
  const keywordIds = refs.map((ref) => ref.keywordId);
  const rows = await rowsOf(
    db,
    sql`SELECT k.ad_account_id, k.id, k.text, k.campaign_id, k.ad_group_id, c.currency,
        coalesce(k.bid_micros, g.default_bid_micros) AS bid_micros
      FROM unnest(${`{${accounts.join(',')}}`}::bigint[], ${`{${keywordIds.join(',')}}`}::bigint[])
        AS r(ad_account_id, id)
      JOIN keywords k ON k.team_id = ${teamId} AND k.ad_account_id = r.ad_account_id
        AND k.id = r.id
      ${ENTITY_JOINS}
      WHERE ${LIVE}`,
  );
  return rows.map((row) => ({
    adAccountId: Number(row.ad_account_id),
    keywordId: Number(row.id),
    text: String(row.text),
    campaignId: Number(row.campaign_id),
    adGroupId: Number(row.ad_group_id),
    currency: String(row.currency),
    bidMicros: num(row.bid_micros),
  }));
}
