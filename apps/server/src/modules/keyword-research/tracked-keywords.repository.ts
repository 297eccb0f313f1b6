// Tracked keywords and their daily rank snapshots, always within one team; plus the company's
// own apps (those of its synced campaigns) and its ads facts on a keyword text.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { apps, campaigns, keywords } from '../ads-data/ads-entities.tables';
import { keywordReportFacts } from '../ads-data/report-facts.tables';
import { keywordRankSnapshots, trackedKeywords } from './keyword-research.tables';

export type TrackedKeyword = typeof trackedKeywords.$inferSelect;
export type RankSnapshot = typeof keywordRankSnapshots.$inferSelect;
export type NewTrackedKeyword = Pick<
  TrackedKeyword,
  'adamId' | 'location' | 'language' | 'device' | 'term'
>;

/** The apps the company promotes in its synced campaigns, with their names. */
export async function ownApps(db: Database, teamId: string) {
  const rows = await db
    .selectDistinct({ adamId: campaigns.adamId, name: apps.name })
    .from(campaigns)
    .leftJoin(
      apps,
      and(
        eq(apps.teamId, campaigns.teamId),
        eq(apps.adAccountId, campaigns.adAccountId),
        eq(apps.adamId, campaigns.adamId),
      ),
    )
    .where(eq(campaigns.teamId, teamId))
    .orderBy(asc(apps.name));
  // An app promoted from two ad accounts is one app.
  return [...new Map(rows.map((row) => [row.adamId, row])).values()];
}

export async function listTrackedKeywords(
  db: Database,
  teamId: string,
  filter: { adamId?: number; location?: string; ids?: string[] } = {},
) {
  return db
    .select()
    .from(trackedKeywords)
    .where(
      and(
        eq(trackedKeywords.teamId, teamId),
        filter.adamId === undefined ? undefined : eq(trackedKeywords.adamId, filter.adamId),
        filter.location === undefined ? undefined : eq(trackedKeywords.location, filter.location),
        filter.ids === undefined ? undefined : inArray(trackedKeywords.id, filter.ids),
      ),
    )
    .orderBy(asc(trackedKeywords.term));
}

export async function findTrackedKeyword(db: Database, teamId: string, id: string) {
  const [row] = await listTrackedKeywords(db, teamId, { ids: [id] });
  return row;
}

export async function countTrackedKeywords(db: Database, teamId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(trackedKeywords)
    .where(eq(trackedKeywords.teamId, teamId));
  return row?.n ?? 0;
}

/** Inserts the keywords not tracked yet; answers every requested one, new or already tracked. */
export async function trackKeywords(
  db: Database,
  teamId: string,
  createdBy: string | null,
  rows: NewTrackedKeyword[],
) {
  if (!rows.length) return [];
  await db
    .insert(trackedKeywords)
    .values(rows.map((row) => ({ ...row, teamId, createdBy })))
    .onConflictDoNothing();
  const { adamId, location, device } = rows[0]!;
  const terms = rows.map((row) => row.term);
  return db
    .select()
    .from(trackedKeywords)
    .where(
      and(
        eq(trackedKeywords.teamId, teamId),
        eq(trackedKeywords.adamId, adamId),
        eq(trackedKeywords.location, location),
        eq(trackedKeywords.device, device),
        inArray(trackedKeywords.term, terms),
      ),
    );
}

export async function untrackKeywords(db: Database, teamId: string, ids: string[]) {
  if (!ids.length) return 0;
  const deleted = await db
    .delete(trackedKeywords)
    .where(and(eq(trackedKeywords.teamId, teamId), inArray(trackedKeywords.id, ids)))
    .returning({ id: trackedKeywords.id });
  return deleted.length;
}

/** Records a day's snapshot once: a second one for the same keyword and day is ignored. */
export async function recordSnapshot(
  db: Database,
  teamId: string,
  snapshot: Pick<
    RankSnapshot,
    'trackedKeywordId' | 'day' | 'organicRank' | 'totalApps' | 'popularity'
  >,
) {
  await db
    .insert(keywordRankSnapshots)
    .values({ ...snapshot, teamId })
    .onConflictDoNothing();
}

/** The team's tracked keywords that have no snapshot for the day yet. */
export async function keywordsWithoutSnapshot(db: Database, teamId: string, day: string) {
  const rows = await db
    .select({ keyword: trackedKeywords })
    .from(trackedKeywords)
    .leftJoin(
      keywordRankSnapshots,
      and(
        eq(keywordRankSnapshots.trackedKeywordId, trackedKeywords.id),
        eq(keywordRankSnapshots.day, day),
      ),
    )
    .where(and(eq(trackedKeywords.teamId, teamId), isNull(keywordRankSnapshots.day)));
  return rows.map((row) => row.keyword);
}

/** Every company that tracks at least one keyword (the daily job works for the installation). */
export async function teamsTrackingKeywords(db: Database) {
  const rows = await db.selectDistinct({ teamId: trackedKeywords.teamId }).from(trackedKeywords);
  return rows.map((row) => row.teamId);
}

/** Snapshots of the given keywords from a day on, newest first. */
export async function snapshotsSince(db: Database, teamId: string, ids: string[], from: string) {
  if (!ids.length) return [];
  return db
    .select()
    .from(keywordRankSnapshots)
    .where(
      and(
        eq(keywordRankSnapshots.teamId, teamId),
        inArray(keywordRankSnapshots.trackedKeywordId, ids),
        gte(keywordRankSnapshots.day, from),
      ),
    )
    .orderBy(desc(keywordRankSnapshots.day));
}

/**
 * The company's daily spend, taps and installs on its keywords with this text (any case) in
 * campaigns of the app that run in the storefront.
 */
export async function keywordFactsByDay(
  db: Database,
  teamId: string,
  query: { adamId: number; location: string; term: string; from: string; to: string },
) {
  return db
    .select({
      day: keywordReportFacts.date,
      spendMicros: sql<string>`sum(${keywordReportFacts.localSpendMicros})`,
      taps: sql<string>`sum(${keywordReportFacts.taps})`,
      installs: sql<string>`sum(${keywordReportFacts.totalInstalls})`,
    })
    .from(keywordReportFacts)
    .innerJoin(
      keywords,
      and(
        eq(keywords.teamId, keywordReportFacts.teamId),
        eq(keywords.adAccountId, keywordReportFacts.adAccountId),
        eq(keywords.id, keywordReportFacts.keywordId),
      ),
    )
    .innerJoin(
      campaigns,
      and(
        eq(campaigns.teamId, keywordReportFacts.teamId),
        eq(campaigns.adAccountId, keywordReportFacts.adAccountId),
        eq(campaigns.id, keywordReportFacts.campaignId),
      ),
    )
    .where(
      and(
        eq(keywordReportFacts.teamId, teamId),
        eq(keywordReportFacts.adamId, query.adamId),
        eq(keywordReportFacts.grain, 'DAILY'),
        gte(keywordReportFacts.date, query.from),
        lte(keywordReportFacts.date, query.to),
        sql`lower(${keywords.text}) = ${query.term.toLowerCase()}`,
        sql`${query.location.toUpperCase()} = any(${campaigns.countriesOrRegions})`,
      ),
    )
    .groupBy(keywordReportFacts.date);
}
