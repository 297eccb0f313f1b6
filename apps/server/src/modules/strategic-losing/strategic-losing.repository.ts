// The reads behind strategic losing: the app's search term totals over the impression share window
// (per term and campaign, with the campaign's storefronts, as the sync keeps them), the spend of
// the keywords that matched the page's terms and those keywords. Set-based: four queries whatever
// the number of terms.
import { ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../analytics/overview.repository';

export interface TermTotalRow {
  /** Lower case. */
  searchTerm: string;
  campaignId: number;
  /** The campaign's storefronts: its totals count in each. */
  countries: string[];
  counts: MetricCounts;
}

/** The app's search term totals in the ad account (search_term_share_totals), per campaign. */
export async function termTotalsOfApp(
  db: Database,
  teamId: string,
  app: { adAccountId: number; adamId: number },
): Promise<TermTotalRow[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT t.search_term, t.campaign_id, c.countries_or_regions, t.impressions, t.taps,
          t.tap_installs, t.total_installs, t.local_spend_micros
        FROM search_term_share_totals t
        JOIN campaigns c
          ON c.team_id = t.team_id AND c.ad_account_id = t.ad_account_id AND c.id = t.campaign_id
        WHERE t.team_id = ${teamId} AND t.adam_id = ${app.adamId}
          AND t.ad_account_id = ${app.adAccountId}`,
  );
  return rows.map((row) => ({
    searchTerm: String(row.search_term),
    campaignId: Number(row.campaign_id),
    countries: (row.countries_or_regions as string[]).map((code) => code.toUpperCase()),
    // The totals keep the counts the page shows; the others stay zero.
    counts: {
      ...ZERO_COUNTS,
      impressions: Number(row.impressions),
      taps: Number(row.taps),
      tapInstalls: Number(row.tap_installs),
      totalInstalls: Number(row.total_installs),
      localSpendMicros: Number(row.local_spend_micros),
    },
  }));
}

export interface KeywordSpendRow {
  /** Lower case. */
  searchTerm: string;
  campaignId: number;
  keywordId: number;
  spendMicros: number;
}

/**
 * Each keyword's spend on `terms` (lower case) in `campaignIds` between two dates, from the
 * daily search term facts: only the page's terms and the campaigns that have them are read.
 */
export async function keywordSpendOnTerms(
  db: Database,
  teamId: string,
  app: { adAccountId: number; adamId: number },
  window: { start: string; end: string },
  terms: readonly string[],
  campaignIds: readonly number[],
): Promise<KeywordSpendRow[]> {
  if (terms.length === 0 || campaignIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT lower(f.search_term_text) AS term, f.campaign_id, f.keyword_id,
          sum(f.local_spend_micros)::bigint AS spend
        FROM search_term_report_facts f
        WHERE f.team_id = ${teamId} AND f.grain = 'DAILY'
          AND f.campaign_id = ANY(${sql.raw(`ARRAY[${campaignIds.map(Number).join(',')}]::bigint[]`)})
          AND f.date BETWEEN ${window.start} AND ${window.end}
          AND f.ad_account_id = ${app.adAccountId} AND f.adam_id = ${app.adamId}
          AND lower(f.search_term_text) IN ${[...terms]}
        GROUP BY lower(f.search_term_text), f.campaign_id, f.keyword_id`,
  );
  return rows.map((row) => ({
    searchTerm: String(row.term),
    campaignId: Number(row.campaign_id),
    keywordId: Number(row.keyword_id),
    spendMicros: Number(row.spend),
  }));
}

export interface MatchedKeyword {
  keywordId: number;
  adGroupId: number;
  campaignId: number;
  text: string;
  matchType: string;
  bidMicros: number | null;
  modificationTime: string | null;
}

/** The live keywords among `keywordIds`, with their bid or else their ad group's default bid. */
export async function liveKeywords(
  db: Database,
  teamId: string,
  adAccountId: number,
  keywordIds: readonly number[],
): Promise<Map<number, MatchedKeyword>> {
  if (keywordIds.length === 0) return new Map();
  const rows = await rowsOf(
    db,
    sql`SELECT k.id, k.ad_group_id, k.campaign_id, k.text, k.match_type,
          coalesce(k.bid_micros, g.default_bid_micros) AS bid_micros, k.modification_time
        FROM keywords k
        JOIN ad_groups g
          ON g.team_id = k.team_id AND g.ad_account_id = k.ad_account_id AND g.id = k.ad_group_id
        WHERE k.team_id = ${teamId} AND k.ad_account_id = ${adAccountId} AND NOT k.deleted
          AND k.id = ANY(${sql.raw(`ARRAY[${keywordIds.map(Number).join(',')}]::bigint[]`)})`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        keywordId: Number(row.id),
        adGroupId: Number(row.ad_group_id),
        campaignId: Number(row.campaign_id),
        text: String(row.text),
        matchType: String(row.match_type),
        bidMicros: row.bid_micros === null ? null : Number(row.bid_micros),
        modificationTime:
          row.modification_time === null
            ? null
            : new Date(row.modification_time as string | Date).toISOString(),
      },
    ]),
  );
}
