// The only code touching the Apple Ads entity and fact tables. Every function takes the team first.
import { METRIC_COUNT_FIELDS, type MetricCounts } from '@tapwise/contracts';
import { and, between, count, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { upsertRows } from '../../platform/db/bulk-write';
import { CopyBatch, replaceRowsByCopy } from '../../platform/db/copy-rows';
import type { Database } from '../../platform/db/database';
import {
  adGroups,
  ads,
  apps,
  campaigns,
  creatives,
  keywords,
  negativeKeywords,
  productPages,
} from './ads-entities.tables';
import {
  adGroupHourlyFacts,
  adGroupReportFacts,
  adReportFacts,
  campaignBreakdownFacts,
  campaignHourlyFacts,
  campaignReportFacts,
  keywordReportFacts,
  keywordRunningTotals,
  searchTermReportFacts,
  type ReportGrain,
  type SyncGrain,
} from './report-facts.tables';
import { impressionShareFacts, searchTermShareTotals } from './impression-share.tables';
import { refreshKeywordRunningTotals } from './keyword-running-totals';

export const ENTITY_TABLES = {
  apps,
  campaigns,
  adGroups,
  keywords,
  negativeKeywords,
  ads,
  creatives,
  productPages,
} as const;
export type EntityKind = keyof typeof ENTITY_TABLES;
/** Entity rows as the sync builds them; the repository adds the team. */
export type EntityRows = {
  [K in EntityKind]: Omit<(typeof ENTITY_TABLES)[K]['$inferInsert'], 'teamId'>[];
};

export const FACT_TABLES = {
  campaigns: campaignReportFacts,
  campaignBreakdowns: campaignBreakdownFacts,
  adgroups: adGroupReportFacts,
  keywords: keywordReportFacts,
  searchterms: searchTermReportFacts,
  ads: adReportFacts,
  campaignHours: campaignHourlyFacts,
  adgroupHours: adGroupHourlyFacts,
} as const;
export type FactKind = keyof typeof FACT_TABLES;
export type FactRow<K extends FactKind> = (typeof FACT_TABLES)[K]['$inferInsert'];

/** Upserts one kind of entity of an ad account (Apple keeps deleted entities, flagged). */
export async function saveEntities<K extends EntityKind>(
  db: Database,
  teamId: string,
  kind: K,
  rows: EntityRows[K],
): Promise<void> {
  const table = ENTITY_TABLES[kind] as PgTable;
  await upsertRows(
    db,
    table,
    rows.map((row) => ({ ...row, teamId })),
  );
}

/**
 * Apple's suggested bids from one DAILY keyword report of the campaigns: each keyword of these
 * campaigns takes its value from `bids` (micros by keyword id), null when the report gave none.
 * One statement; rows whose value is unchanged are not written.
 */
export async function saveAppleSuggestedBids(
  db: Database,
  teamId: string,
  adAccountId: number,
  campaignIds: readonly number[],
  bids: ReadonlyMap<number, number>,
): Promise<void> {
  if (campaignIds.length === 0) return;
  const array = (values: Iterable<number>) => `{${[...values].join(',')}}`;
  await db.execute(sql`UPDATE keywords k SET apple_suggested_bid_micros = s.micros
    FROM (
      SELECT e.id, b.micros FROM keywords e
      LEFT JOIN unnest(${array(bids.keys())}::bigint[], ${array(bids.values())}::bigint[])
        AS b(id, micros) ON b.id = e.id
      WHERE e.team_id = ${teamId} AND e.ad_account_id = ${adAccountId}
        AND e.campaign_id = ANY (${array(campaignIds)}::bigint[])
    ) s
    WHERE k.team_id = ${teamId} AND k.ad_account_id = ${adAccountId} AND k.id = s.id
      AND k.apple_suggested_bid_micros IS DISTINCT FROM s.micros`);
}

export interface FactWindow {
  adAccountId: number;
  campaignIds: readonly number[];
  grain: SyncGrain;
  /** Inclusive ISO dates (the account's local days). */
  from: string;
  to: string;
  /** Breakdown facts: the one dimension the window holds. */
  dimension?: (typeof campaignBreakdownFacts.$inferSelect)['dimension'];
}

/** A window's facts gathered as COPY text page by page (see replaceFacts). */
export type FactBatch<K extends FactKind> = CopyBatch<(typeof FACT_TABLES)[K]>;

export function factBatch<K extends FactKind>(teamId: string, kind: K): FactBatch<K> {
  return new CopyBatch(FACT_TABLES[kind], { teamId } as never);
}

/**
 * Replaces the facts of a window: Apple omits rows without delivery and restates recent days,
 * so the window is deleted and written again in one transaction, never added to. DAILY keyword
 * facts bring their running totals up to date in the same transaction. The facts are rows or a
 * batch of them already written as COPY text (factBatch of the same team).
 */
export async function replaceFacts<K extends FactKind>(
  db: Database,
  teamId: string,
  kind: K,
  window: FactWindow,
  rows: Omit<FactRow<K>, 'teamId'>[] | FactBatch<K>,
): Promise<void> {
  const table = FACT_TABLES[kind];
  await replaceRowsByCopy(
    db,
    table as PgTable,
    and(
      eq(table.teamId, teamId),
      eq(table.adAccountId, window.adAccountId),
      inArray(table.campaignId, [...window.campaignIds]),
      'grain' in table ? eq(table.grain, window.grain as ReportGrain) : undefined,
      between(table.date, window.from, window.to),
      window.dimension ? eq(campaignBreakdownFacts.dimension, window.dimension) : undefined,
    )!,
    rows,
    { teamId },
    kind === 'keywords' && window.grain === 'DAILY'
      ? (run) => refreshKeywordRunningTotals(run, teamId, window)
      : undefined,
  );
}

/** Campaign ids of an ad account with the app each promotes. */
export async function listCampaignApps(db: Database, teamId: string, adAccountId: number) {
  return db
    .select({ id: campaigns.id, adamId: campaigns.adamId, startTime: campaigns.startTime })
    .from(campaigns)
    .where(and(eq(campaigns.teamId, teamId), eq(campaigns.adAccountId, adAccountId)));
}

export async function countEntities(db: Database, teamId: string) {
  const countOf = async (table: typeof campaigns | typeof adGroups | typeof keywords) =>
    (await db.select({ n: count() }).from(table).where(eq(table.teamId, teamId)))[0]?.n ?? 0;
  return {
    campaigns: await countOf(campaigns),
    adGroups: await countOf(adGroups),
    keywords: await countOf(keywords),
  };
}

/** Totals of one entity's facts over a period (tests compare them with Apple's reports). */
export async function sumFacts(
  db: Database,
  teamId: string,
  kind: 'campaigns' | 'adgroups' | 'keywords' | 'ads',
  entityId: number,
  grain: ReportGrain,
  from: string,
  to: string,
): Promise<MetricCounts> {
  const table = FACT_TABLES[kind];
  const entityColumn = {
    campaigns: campaignReportFacts.campaignId,
    adgroups: adGroupReportFacts.adGroupId,
    keywords: keywordReportFacts.keywordId,
    ads: adReportFacts.adId,
  }[kind];
  const sums = Object.fromEntries(
    METRIC_COUNT_FIELDS.map((field) => [
      field,
      sql<number>`coalesce(sum(${(table as typeof campaignReportFacts)[field]}), 0)::bigint`.mapWith(
        Number,
      ),
    ]),
  ) as Record<keyof MetricCounts, ReturnType<typeof sql<number>>>;
  const [row] = await db
    .select(sums)
    .from(table as typeof campaignReportFacts)
    .where(
      and(
        eq(table.teamId, teamId),
        eq(entityColumn, entityId),
        eq(table.grain, grain),
        between(table.date, from, to),
      ),
    );
  return row as MetricCounts;
}

export async function countFacts(db: Database, teamId: string, kind: FactKind): Promise<number> {
  const table = FACT_TABLES[kind];
  return (await db.select({ n: count() }).from(table).where(eq(table.teamId, teamId)))[0]?.n ?? 0;
}

/** Removes every entity and fact of a company (its integration is being deleted). */
export async function deleteAdsData(db: Database, teamId: string): Promise<void> {
  const tables = [
    ...Object.values(FACT_TABLES),
    keywordRunningTotals,
    impressionShareFacts,
    searchTermShareTotals,
    ...Object.values(ENTITY_TABLES),
  ];
  for (const table of tables) {
    await db.delete(table).where(eq(table.teamId, teamId));
  }
}

const SYNCED_TABLES: readonly PgTable[] = [
  apps,
  campaigns,
  adGroups,
  keywords,
  negativeKeywords,
  ads,
  creatives,
  productPages,
  campaignReportFacts,
  campaignBreakdownFacts,
  campaignHourlyFacts,
  adGroupReportFacts,
  adGroupHourlyFacts,
  keywordReportFacts,
  keywordRunningTotals,
  searchTermReportFacts,
  adReportFacts,
  impressionShareFacts,
  searchTermShareTotals,
];

/**
 * Refreshes the planner's statistics of the synced tables. PGlite has no autovacuum, so without
 * this its planner believes the tables empty after a first sync and picks nested loops that turn
 * a 0.4 s report into a minute; on PostgreSQL it saves waiting for autovacuum.
 */
export async function refreshSyncedTableStatistics(db: Database): Promise<void> {
  const names = SYNCED_TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
  await db.execute(sql.raw(`ANALYZE ${names}`));
}
