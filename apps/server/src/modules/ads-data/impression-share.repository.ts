// The synced impression share insight: the sync replaces an ad account's rows; the optimisation
// pages read a term's share, rank and popularity over the days stored (Apple's last 30), and the
// app's own search term totals over the same days.
import { and, avg, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { replaceRowsByCopy } from '../../platform/db/copy-rows';
import { impressionShareFacts, searchTermShareTotals } from './impression-share.tables';

export type ImpressionShareRow = Omit<typeof impressionShareFacts.$inferInsert, 'teamId'>;

/** Replaces every row of the ad account with `rows` (one sync's view of the last 30 days). */
export async function replaceImpressionShare(
  db: Database,
  teamId: string,
  adAccountId: number,
  rows: ImpressionShareRow[],
): Promise<void> {
  await replaceRowsByCopy(
    db,
    impressionShareFacts,
    and(
      eq(impressionShareFacts.teamId, teamId),
      eq(impressionShareFacts.adAccountId, adAccountId),
    )!,
    rows,
    { teamId },
  );
}

/** The newest day stored for the ad account, or null when none is. */
export async function newestImpressionShareDay(
  db: Database,
  teamId: string,
  adAccountId: number,
): Promise<string | null> {
  const t = impressionShareFacts;
  const [row] = await db
    .select({ day: max(t.day) })
    .from(t)
    .where(and(eq(t.teamId, teamId), eq(t.adAccountId, adAccountId)));
  return row?.day ?? null;
}

/** A term's standing in one storefront over the stored days. */
export interface TermShare {
  countryOrRegion: string;
  searchTerm: string;
  /** 0-1: the mean of the middle of Apple's daily band. */
  share: number;
  /** The mean rank over the days, rounded to one decimal. */
  rank: number;
  /** 1-5: the highest popularity of the days. */
  searchPopularity: number;
  days: number;
}

/** `${countryOrRegion}:${searchTerm}` (upper-case country, lower-case term) → its TermShare. */
export const termShareKey = (countryOrRegion: string, searchTerm: string) =>
  `${countryOrRegion.toUpperCase()}:${searchTerm.toLowerCase()}`;

/** The app's standing per storefront and term; `terms` (lower case) narrows the read. */
export async function termSharesOfApp(
  db: Database,
  teamId: string,
  adamId: number,
  terms?: readonly string[],
): Promise<Map<string, TermShare>> {
  if (terms?.length === 0) return new Map();
  const t = impressionShareFacts;
  const rows = await db
    .select({
      countryOrRegion: t.countryOrRegion,
      searchTerm: t.searchTerm,
      share: avg(sql`(${t.lowShare} + ${t.highShare}) / 2`).mapWith(Number),
      rank: avg(t.rank).mapWith(Number),
      searchPopularity: max(t.searchPopularity).mapWith(Number),
      days: count().mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.teamId, teamId),
        eq(t.adamId, adamId),
        terms ? inArray(t.searchTerm, [...terms]) : undefined,
      ),
    )
    .groupBy(t.countryOrRegion, t.searchTerm);
  return new Map(
    rows.map((row) => [
      termShareKey(row.countryOrRegion, row.searchTerm),
      { ...row, rank: Math.round(row.rank * 10) / 10 },
    ]),
  );
}

/**
 * Replaces the ad account's search_term_share_totals with its daily search term facts summed over
 * `window` (the impression share window) per app, campaign and lower-case term: one set-based
 * statement, run once the sync has stored the window's facts.
 */
export async function refreshSearchTermShareTotals(
  db: Database,
  teamId: string,
  adAccountId: number,
  window: { start: string; end: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Compiling the aggregation (JIT) costs more than it saves on a month of daily facts.
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx
      .delete(searchTermShareTotals)
      .where(
        and(
          eq(searchTermShareTotals.teamId, teamId),
          eq(searchTermShareTotals.adAccountId, adAccountId),
        ),
      );
    await tx.execute(
      sql`INSERT INTO search_term_share_totals (team_id, ad_account_id, adam_id, campaign_id,
            search_term, impressions, taps, tap_installs, total_installs, local_spend_micros)
          SELECT team_id, ad_account_id, adam_id, campaign_id, lower(search_term_text),
            sum(impressions), sum(taps), sum(tap_installs), sum(total_installs),
            sum(local_spend_micros)
          FROM search_term_report_facts
          WHERE team_id = ${teamId} AND ad_account_id = ${adAccountId} AND grain = 'DAILY'
            AND date BETWEEN ${window.start} AND ${window.end} AND search_term_text <> ''
          GROUP BY team_id, ad_account_id, adam_id, campaign_id, lower(search_term_text)`,
    );
  });
}
