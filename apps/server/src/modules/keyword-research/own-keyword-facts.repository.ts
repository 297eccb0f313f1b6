// What keyword research reads of the company's own synced Apple Ads data: its apps, its keywords
// with a given text and their DAILY facts over a window. Every query is filtered by team.
import { and, asc, between, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { adGroups, apps, campaigns, keywords } from '../ads-data/ads-entities.tables';
import { keywordReportFacts } from '../ads-data/report-facts.tables';
import { adAccounts } from '../integrations/integrations.tables';

/** The adamIds of the apps the company promotes in any of its ad accounts. */
export async function ownAppIds(db: Database, teamId: string): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ adamId: apps.adamId })
    .from(apps)
    .where(eq(apps.teamId, teamId));
  return new Set(rows.map((row) => row.adamId));
}

/** The apps one ad account of the company promotes; Apple answers an app's questions through it. */
export async function appsOfAdAccount(
  db: Database,
  teamId: string,
  adAccountId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ adamId: apps.adamId })
    .from(apps)
    .where(and(eq(apps.teamId, teamId), eq(apps.adAccountId, adAccountId)))
    .orderBy(asc(apps.adamId));
  return new Set(rows.map((row) => row.adamId));
}

/** The company's ad accounts, those promoting `adamId` first (Apple answers insights per account). */
export async function adAccountsForApp(
  db: Database,
  teamId: string,
  adamId: number | null,
): Promise<number[]> {
  // Two plain queries rather than a correlated subquery: drizzle writes the columns inside a
  // sql template unqualified, so "team_id = team_id" would compare the apps row with itself.
  const [accounts, promoting] = await Promise.all([
    db
      .select({ adAccountId: adAccounts.adAccountId })
      .from(adAccounts)
      .where(eq(adAccounts.teamId, teamId))
      .orderBy(asc(adAccounts.adAccountId)),
    adamId === null
      ? []
      : db
          .selectDistinct({ adAccountId: apps.adAccountId })
          .from(apps)
          .where(and(eq(apps.teamId, teamId), eq(apps.adamId, adamId))),
  ]);
  const owns = new Set(promoting.map((row) => row.adAccountId));
  const ids = accounts.map((row) => row.adAccountId);
  return [...ids.filter((id) => owns.has(id)), ...ids.filter((id) => !owns.has(id))];
}

export interface KeywordFactRow {
  keywordId: number;
  /** The keyword's text in lower case, as research compares texts. */
  text: string;
  matchType: string;
  adamId: number;
  currency: string;
  campaignId: number;
  campaignName: string;
  adGroupId: number;
  adGroupName: string;
  impressions: number;
  taps: number;
  installs: number;
  localSpendMicros: number;
}

/**
 * The company's keywords (not deleted) whose text is one of `texts` (case-insensitive), with their
 * DAILY facts summed over `window`; a keyword without facts in the window has zeros. `country`
 * keeps only keywords of campaigns that run in that storefront.
 */
export async function keywordFacts(
  db: Database,
  teamId: string,
  texts: readonly string[],
  window: { startDate: string; endDate: string },
  country?: string,
): Promise<KeywordFactRow[]> {
  if (texts.length === 0) return [];
  const lowered = [...new Set(texts.map((text) => text.toLowerCase()))];
  const sum = (column: AnyColumn) =>
    sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const rows = await db
    .select({
      keywordId: keywords.id,
      text: sql<string>`lower(${keywords.text})`,
      matchType: keywords.matchType,
      adamId: campaigns.adamId,
      currency: adAccounts.currency,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      adGroupId: adGroups.id,
      adGroupName: adGroups.name,
      impressions: sum(keywordReportFacts.impressions),
      taps: sum(keywordReportFacts.taps),
      installs: sum(keywordReportFacts.totalInstalls),
      localSpendMicros: sum(keywordReportFacts.localSpendMicros),
    })
    .from(keywords)
    .innerJoin(
      campaigns,
      and(
        eq(campaigns.teamId, keywords.teamId),
        eq(campaigns.adAccountId, keywords.adAccountId),
        eq(campaigns.id, keywords.campaignId),
      ),
    )
    .innerJoin(
      adGroups,
      and(
        eq(adGroups.teamId, keywords.teamId),
        eq(adGroups.adAccountId, keywords.adAccountId),
        eq(adGroups.id, keywords.adGroupId),
      ),
    )
    .innerJoin(
      adAccounts,
      and(eq(adAccounts.teamId, keywords.teamId), eq(adAccounts.adAccountId, keywords.adAccountId)),
    )
    .leftJoin(
      keywordReportFacts,
      and(
        eq(keywordReportFacts.teamId, keywords.teamId),
        eq(keywordReportFacts.keywordId, keywords.id),
        eq(keywordReportFacts.grain, 'DAILY'),
        between(keywordReportFacts.date, window.startDate, window.endDate),
      ),
    )
    .where(
      and(
        eq(keywords.teamId, teamId),
        eq(keywords.deleted, false),
        inArray(sql`lower(${keywords.text})`, lowered),
        country ? sql`${country.toUpperCase()} = any(${campaigns.countriesOrRegions})` : undefined,
      ),
    )
    .groupBy(
      keywords.id,
      keywords.text,
      keywords.matchType,
      campaigns.adamId,
      adAccounts.currency,
      campaigns.id,
      campaigns.name,
      adGroups.id,
      adGroups.name,
    )
    .orderBy(asc(keywords.id));
  return rows;
}
