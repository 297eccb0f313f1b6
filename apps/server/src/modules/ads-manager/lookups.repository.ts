// The ads manager's lookups (spec 2 §7.3 Lookups): apps, campaigns and ad groups of the company
// for pickers and drill-down menus. Every read is filtered by the team first.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { isoDateOf, rowsOf } from '../analytics/overview.repository';

export interface AppWithOrg {
  adamId: number;
  name: string;
  adAccountId: number;
  adAccountName: string;
  currency: string;
  timeZone: string;
}

export interface CampaignLookup {
  id: number;
  adAccountId: number;
  adamId: number;
  name: string;
  status: string;
  displayStatus: string;
  deleted: boolean;
}

export interface AdGroupLookup {
  id: number;
  adAccountId: number;
  campaignId: number;
  name: string;
  status: string;
  deleted: boolean;
}

const optional = (column: string, value: number | undefined) =>
  value === undefined ? sql`` : sql` AND ${sql.raw(column)} = ${value}`;

/** Apps of the company's ad accounts (Apple's placeholder adamId 0 never), by name. */
export async function listAppsWithOrg(
  db: Database,
  teamId: string,
  adAccountId?: number,
): Promise<AppWithOrg[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT p.adam_id, p.name, p.ad_account_id, a.name AS account_name, a.currency, a.time_zone
        FROM apps p JOIN ad_accounts a ON a.team_id = p.team_id AND a.ad_account_id = p.ad_account_id
        WHERE p.team_id = ${teamId} AND p.adam_id <> 0 ${optional('p.ad_account_id', adAccountId)}
        ORDER BY lower(p.name), p.ad_account_id, p.adam_id`,
  );
  return rows.map((row) => ({
    adamId: Number(row.adam_id),
    name: String(row.name),
    adAccountId: Number(row.ad_account_id),
    adAccountName: String(row.account_name),
    currency: String(row.currency),
    timeZone: String(row.time_zone),
  }));
}

/** Campaigns of the company, optionally of one ad account and app, by name. */
export async function listCampaignLookups(
  db: Database,
  teamId: string,
  scope: { adAccountId?: number; adamId?: number; name?: string } = {},
): Promise<CampaignLookup[]> {
  const byName: SQL =
    scope.name === undefined ? sql`` : sql` AND lower(c.name) = lower(${scope.name})`;
  const rows = await rowsOf(
    db,
    sql`SELECT c.id, c.ad_account_id, c.adam_id, c.name, c.status, c.display_status, c.deleted
        FROM campaigns c WHERE c.team_id = ${teamId}
          ${optional('c.ad_account_id', scope.adAccountId)} ${optional('c.adam_id', scope.adamId)}
          ${byName}
        ORDER BY lower(c.name), c.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    adAccountId: Number(row.ad_account_id),
    adamId: Number(row.adam_id),
    name: String(row.name),
    status: String(row.status),
    displayStatus: String(row.display_status),
    deleted: Boolean(row.deleted),
  }));
}

export async function listAdGroupLookups(
  db: Database,
  teamId: string,
  adAccountId: number,
  campaignIds: readonly number[],
): Promise<AdGroupLookup[]> {
  if (campaignIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT g.id, g.ad_account_id, g.campaign_id, g.name, g.status, g.deleted FROM ad_groups g
        WHERE g.team_id = ${teamId} AND g.ad_account_id = ${adAccountId}
          AND g.campaign_id IN (${sql.join(
            campaignIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY lower(g.name), g.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    adAccountId: Number(row.ad_account_id),
    campaignId: Number(row.campaign_id),
    name: String(row.name),
    status: String(row.status),
    deleted: Boolean(row.deleted),
  }));
}

/** The countries or regions any campaign of the app targets, sorted. */
export async function listAppCountries(
  db: Database,
  teamId: string,
  adAccountId: number,
  adamId: number,
): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT DISTINCT country FROM campaigns c, unnest(c.countries_or_regions) AS country
        WHERE c.team_id = ${teamId} AND c.ad_account_id = ${adAccountId} AND c.adam_id = ${adamId}
        ORDER BY country`,
  );
  return rows.map((row) => String(row.country));
}

/** The day the earliest campaign started (UTC), or null without a dated campaign. */
export async function findOldestCampaignDate(
  db: Database,
  teamId: string,
  adAccountId?: number,
): Promise<string | null> {
  const [row] = await rowsOf(
    db,
    sql`SELECT min(c.start_time AT TIME ZONE 'UTC')::date::text AS oldest FROM campaigns c
        WHERE c.team_id = ${teamId} ${optional('c.ad_account_id', adAccountId)}`,
  );
  return row?.oldest ? isoDateOf(row.oldest) : null;
}

/**
 * The campaigns of some ad accounts (and apps: empty is every app) that target at least one of
 * the countries, or null when every one of them does, so callers need not narrow by campaign.
 */
export async function campaignIdsTargeting(
  db: Database,
  teamId: string,
  scope: {
    adAccountIds: readonly number[];
    adamIds: readonly number[];
    countries: readonly string[];
  },
): Promise<number[] | null> {
  const apps = scope.adamIds.length
    ? sql` AND c.adam_id IN (${sql.join(
        scope.adamIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf(
    db,
    sql`SELECT c.id, c.countries_or_regions && ${`{${scope.countries.join(',')}}`}::text[] AS targets
        FROM campaigns c
        WHERE c.team_id = ${teamId} AND c.ad_account_id IN (${sql.join(
          scope.adAccountIds.map((id) => sql`${id}`),
          sql`, `,
        )})${apps}`,
  );
  const targeting = rows.filter((row) => row.targets === true).map((row) => Number(row.id));
  return targeting.length === rows.length ? null : targeting;
}
