// What each report level of the ads manager reads: its rows (one SELECT over the entity tables in a
// common shape, so one query builder serves every table) and the fact table whose sums it joins.
// Every entity join matches team and ad account as well as the id.
import type { ReportLevel } from '@tapwise/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** The columns every level's rows have, in this order. */
export const ROW_COLUMNS = [
  'ad_account_id',
  'adam_id',
  'campaign_id',
  'ad_group_id',
  'key',
  'id',
  'name',
  'status',
  'display_status',
  'deleted',
  'modification_time',
  'sort_bid',
  'sort_daily_budget',
  'sort_default_bid',
  'match_type',
  'details',
] as const;
export type RowColumn = (typeof ROW_COLUMNS)[number];

const NULL_COLUMNS: Record<RowColumn, string> = {
  ad_account_id: 'NULL::bigint',
  adam_id: 'NULL::bigint',
  campaign_id: 'NULL::bigint',
  ad_group_id: 'NULL::bigint',
  key: 'NULL::bigint',
  id: "''",
  name: "''",
  status: 'NULL::text',
  display_status: 'NULL::text',
  deleted: 'false',
  modification_time: 'NULL::text',
  sort_bid: 'NULL::float8',
  sort_daily_budget: 'NULL::float8',
  sort_default_bid: 'NULL::float8',
  match_type: 'NULL::text',
  details: "'{}'::jsonb",
};

const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const details = (fields: Record<string, string>) =>
  `jsonb_build_object(${Object.entries(fields)
    .map(([name, value]) => `'${name}', ${value}`)
    .join(', ')})`;
/** The row columns; details only when asked, as building them for every row is costly. */
const select = (columns: Partial<Record<RowColumn, string>>, withDetails: boolean) =>
  ROW_COLUMNS.map((column) => {
    const value = column === 'details' && !withDetails ? undefined : columns[column];
    return `${value ?? NULL_COLUMNS[column]} AS ${column}`;
  }).join(', ');

/** Joins an entity table `alias` on the same team and ad account as `from`. */
const joinOn = (alias: string, from: string, idColumn: string) =>
  `${alias}.team_id = ${from}.team_id AND ${alias}.ad_account_id = ${from}.ad_account_id ` +
  `AND ${alias}.id = ${from}.${idColumn}`;
const appJoin = (from: string, adamColumn = 'adam_id') =>
  `LEFT JOIN apps p ON p.team_id = ${from}.team_id AND p.ad_account_id = ${from}.ad_account_id ` +
  `AND p.adam_id = ${from}.${adamColumn}`;
/** The ad account of `from`, for levels that have no campaign to name their currency. */
const accountJoin = (from: string) =>
  `JOIN ad_accounts a ON a.team_id = ${from}.team_id AND a.ad_account_id = ${from}.ad_account_id`;
const campaignCount = (where: string) =>
  `(SELECT count(*) FROM campaigns cc WHERE cc.team_id = ${where} AND NOT cc.deleted)::int`;

const lifecycle = (alias: string, displayStatus = `${alias}.display_status`) => ({
  status: `${alias}.status`,
  display_status: displayStatus,
  deleted: `${alias}.deleted`,
  modification_time: isoTime(`${alias}.modification_time`),
});

/** The drill-down filters a level's rows answer to (the ad account always does). */
export type ScopeFilter = 'adam' | 'campaign' | 'adGroup';

export type FactTable =
  | 'campaign_report_facts'
  | 'ad_group_report_facts'
  | 'keyword_report_facts'
  | 'search_term_report_facts'
  | 'ad_report_facts';

export interface LevelFacts {
  table: FactTable;
  /** The fact's key for the level's `key` column, over the fact `f` (and `d` ads, `cr` creatives). */
  key: string;
  /** More key columns the rows read from the facts (search terms are made of facts alone). */
  extraKeys?: Record<string, string>;
  /** Joins from the fact `f` to the entity the key comes from. */
  joins?: string;
  /** Whether the table has ad_group_id (all but the campaign facts). */
  hasAdGroup: boolean;
  /** Per-day running totals of the DAILY facts, with the same key and scope columns. */
  runningTotals?: 'keyword_running_totals';
}

export interface LevelDefinition {
  /** The rows in the common shape (details null unless asked); search terms read `facts`. */
  rows: (teamId: string, withDetails: boolean) => SQL;
  facts?: LevelFacts;
  scopes: readonly ScopeFilter[];
}

/** A search term matched its keyword's match type, or Search Match (AUTO) without a keyword. */
const SEARCH_TERM_MATCH_TYPE = `coalesce(k.match_type, CASE WHEN s.search_term_source = 'AUTO' THEN 'AUTO' END)`;

/**
 * What a creative set's ads say of it (v1 creatives have no status of their own): live while
 * one of its ads is, paused when all are; the ad group and campaign when its ads are in one.
 */
const creativeSetAds = `LEFT JOIN LATERAL (
    SELECT CASE WHEN bool_or(d.status = 'ENABLED') THEN 'ENABLED'
        WHEN count(*) > 0 THEN 'PAUSED' END AS status,
      count(DISTINCT d.ad_group_id)::int AS ad_group_count,
      count(DISTINCT d.campaign_id)::int AS campaign_count,
      min(g.name) AS ad_group_name, min(c.name) AS campaign_name
    FROM ads d
    LEFT JOIN ad_groups g ON ${joinOn('g', 'd', 'ad_group_id')}
    LEFT JOIN campaigns c ON ${joinOn('c', 'd', 'campaign_id')}
    WHERE d.team_id = cr.team_id AND d.ad_account_id = cr.ad_account_id AND d.creative_id = cr.id
      AND NOT d.deleted
  ) u ON true`;

const adFactsThroughAds = `JOIN ads d ON ${joinOn('d', 'f', 'ad_id')}`;
const adFactsThroughCreatives = `${adFactsThroughAds} JOIN creatives cr ON ${joinOn('cr', 'd', 'creative_id')}`;

const rowsFrom =
  (columns: Partial<Record<RowColumn, string>>, from: string, alias: string, where = 'true') =>
  (teamId: string, withDetails: boolean) =>
    sql`SELECT ${sql.raw(select(columns, withDetails))} FROM ${sql.raw(from)}
      WHERE ${sql.raw(alias)}.team_id = ${teamId} AND ${sql.raw(where)}`;

export const LEVELS: Record<ReportLevel, LevelDefinition> = {
  accounts: {
    rows: rowsFrom(
      {
        ad_account_id: 'a.ad_account_id',
        key: 'a.ad_account_id',
        id: 'a.ad_account_id::text',
        name: 'a.name',
        details: details({
          currency: 'a.currency',
          timeZone: 'a.time_zone',
          campaignCount: campaignCount('a.team_id AND cc.ad_account_id = a.ad_account_id'),
        }),
      },
      'ad_accounts a',
      'a',
    ),
    facts: { table: 'campaign_report_facts', key: 'f.ad_account_id', hasAdGroup: false },
    scopes: [],
  },
  apps: {
    rows: rowsFrom(
      {
        ad_account_id: 'p.ad_account_id',
        adam_id: 'p.adam_id',
        key: 'p.adam_id',
        id: 'p.adam_id::text',
        name: 'p.name',
        details: details({
          adamId: 'p.adam_id',
          appName: 'p.name',
          currency: 'a.currency',
          timeZone: 'a.time_zone',
          campaignCount: campaignCount(
            'p.team_id AND cc.ad_account_id = p.ad_account_id AND cc.adam_id = p.adam_id',
          ),
        }),
      },
      `apps p JOIN ad_accounts a ON a.team_id = p.team_id AND a.ad_account_id = p.ad_account_id`,
      'p',
      'p.adam_id <> 0',
    ),
    facts: { table: 'campaign_report_facts', key: 'f.adam_id', hasAdGroup: false },
    scopes: ['adam'],
  },
  campaigns: {
    rows: rowsFrom(
      {
        ad_account_id: 'c.ad_account_id',
        adam_id: 'c.adam_id',
        campaign_id: 'c.id',
        key: 'c.id',
        id: 'c.id::text',
        name: 'c.name',
        ...lifecycle('c'),
        sort_daily_budget: 'c.daily_budget_micros::float8',
        details: details({
          currency: 'c.currency',
          adamId: 'c.adam_id',
          appName: 'p.name',
          dailyBudgetMicros: 'c.daily_budget_micros',
          countriesOrRegions: 'to_jsonb(c.countries_or_regions)',
          supplySources: 'to_jsonb(c.supply_sources)',
          servingStateReasons: 'to_jsonb(c.serving_state_reasons)',
          startTime: isoTime('c.start_time'),
          endTime: isoTime('c.end_time'),
        }),
      },
      `campaigns c ${appJoin('c')}`,
      'c',
    ),
    facts: { table: 'campaign_report_facts', key: 'f.campaign_id', hasAdGroup: false },
    scopes: ['adam', 'campaign'],
  },
  adGroups: {
    rows: rowsFrom(
      {
        ad_account_id: 'g.ad_account_id',
        adam_id: 'c.adam_id',
        campaign_id: 'g.campaign_id',
        ad_group_id: 'g.id',
        key: 'g.id',
        id: 'g.id::text',
        name: 'g.name',
        ...lifecycle('g'),
        sort_default_bid: 'g.default_bid_micros::float8',
        details: details({
          currency: 'c.currency',
          adamId: 'c.adam_id',
          campaignName: 'c.name',
          supplySources: 'to_jsonb(c.supply_sources)',
          defaultBidMicros: 'g.default_bid_micros',
          cpaGoalMicros: 'g.cpa_goal_micros',
          automatedKeywordsOptIn: 'g.automated_keywords_opt_in',
          targetingDimensions: 'g.targeting_dimensions',
          startTime: isoTime('g.start_time'),
          endTime: isoTime('g.end_time'),
        }),
      },
      `ad_groups g JOIN campaigns c ON ${joinOn('c', 'g', 'campaign_id')}`,
      'g',
    ),
    facts: { table: 'ad_group_report_facts', key: 'f.ad_group_id', hasAdGroup: true },
    scopes: ['adam', 'campaign', 'adGroup'],
  },
  keywords: {
    rows: rowsFrom(
      {
        ad_account_id: 'k.ad_account_id',
        adam_id: 'c.adam_id',
        campaign_id: 'k.campaign_id',
        ad_group_id: 'k.ad_group_id',
        key: 'k.id',
        id: 'k.id::text',
        name: 'k.text',
        ...lifecycle('k', 'k.status'),
        // A keyword without a bid of its own bids its ad group's default bid.
        sort_bid: 'coalesce(k.bid_micros, g.default_bid_micros)::float8',
        match_type: 'k.match_type',
        details: details({
          currency: 'c.currency',
          adamId: 'c.adam_id',
          campaignName: 'c.name',
          adGroupName: 'g.name',
          matchType: 'k.match_type',
          bidMicros: 'k.bid_micros',
          defaultBidMicros: 'g.default_bid_micros',
          cpaGoalMicros: 'g.cpa_goal_micros',
        }),
      },
      `keywords k JOIN campaigns c ON ${joinOn('c', 'k', 'campaign_id')}
       LEFT JOIN ad_groups g ON ${joinOn('g', 'k', 'ad_group_id')}`,
      'k',
    ),
    facts: {
      table: 'keyword_report_facts',
      key: 'f.keyword_id',
      hasAdGroup: true,
      runningTotals: 'keyword_running_totals',
    },
    scopes: ['adam', 'campaign', 'adGroup'],
  },
  searchTerms: {
    // A search term is its facts: (ad group, keyword, text, source), listed only with facts.
    rows: (teamId, withDetails) =>
      sql`SELECT ${sql.raw(
        select(
          {
            ad_account_id: 's.ad_account_id',
            adam_id: 's.adam_id',
            campaign_id: 's.campaign_id',
            ad_group_id: 's.ad_group_id',
            key: 's.key',
            id: 's.key',
            name: 's.search_term_text',
            match_type: SEARCH_TERM_MATCH_TYPE,
            details: details({
              currency: 'c.currency',
              adamId: 's.adam_id',
              campaignName: 'c.name',
              adGroupName: 'g.name',
              matchType: SEARCH_TERM_MATCH_TYPE,
              searchTermSource: 's.search_term_source',
              keywordId: 'nullif(s.keyword_id, 0)',
              keywordText: 'k.text',
            }),
          },
          withDetails,
        ),
      )}
      FROM facts s
      LEFT JOIN campaigns c ON c.team_id = ${teamId} AND c.ad_account_id = s.ad_account_id
        AND c.id = s.campaign_id
      LEFT JOIN ad_groups g ON g.team_id = ${teamId} AND g.ad_account_id = s.ad_account_id
        AND g.id = s.ad_group_id
      LEFT JOIN keywords k ON k.team_id = ${teamId} AND k.ad_account_id = s.ad_account_id
        AND k.id = s.keyword_id`,
    facts: {
      table: 'search_term_report_facts',
      key: `f.ad_group_id || ':' || f.keyword_id || ':' || f.search_term_source || ':' || f.search_term_text`,
      extraKeys: {
        adam_id: 'f.adam_id',
        campaign_id: 'f.campaign_id',
        ad_group_id: 'f.ad_group_id',
        keyword_id: 'f.keyword_id',
        search_term_text: 'f.search_term_text',
        search_term_source: 'f.search_term_source',
      },
      hasAdGroup: true,
    },
    scopes: ['adam', 'campaign', 'adGroup'],
  },
  creativeSets: {
    rows: rowsFrom(
      {
        ad_account_id: 'cr.ad_account_id',
        adam_id: 'cr.adam_id',
        key: 'cr.id',
        id: 'cr.id::text',
        name: 'cr.name',
        status: 'u.status',
        deleted: 'cr.deleted',
        details: details({
          currency: 'a.currency',
          adamId: 'cr.adam_id',
          appName: 'p.name',
          adGroupName: 'CASE WHEN u.ad_group_count = 1 THEN u.ad_group_name END',
          campaignName: 'CASE WHEN u.campaign_count = 1 THEN u.campaign_name END',
          adGroupCount: 'u.ad_group_count',
          campaignCount: 'u.campaign_count',
          creativeId: 'cr.id',
          creativeType: 'cr.creative_type',
          productPageId: 'cr.product_page_id',
        }),
      },
      `creatives cr ${accountJoin('cr')} ${appJoin('cr')} ${creativeSetAds}`,
      'cr',
    ),
    facts: {
      table: 'ad_report_facts',
      key: 'd.creative_id',
      joins: adFactsThroughAds,
      hasAdGroup: true,
    },
    scopes: ['adam'],
  },
  productPages: {
    rows: rowsFrom(
      {
        ad_account_id: 'pp.ad_account_id',
        adam_id: 'pp.adam_id',
        key: 'pp.id',
        id: 'pp.id',
        name: 'pp.name',
        display_status: 'pp.state',
        details: details({
          currency: 'a.currency',
          adamId: 'pp.adam_id',
          appName: 'p.name',
          productPageId: 'pp.id',
        }),
      },
      `product_pages pp ${accountJoin('pp')} ${appJoin('pp')}`,
      'pp',
    ),
    facts: {
      table: 'ad_report_facts',
      key: 'cr.product_page_id',
      joins: adFactsThroughCreatives,
      hasAdGroup: true,
    },
    scopes: ['adam'],
  },
  negativeKeywords: {
    rows: rowsFrom(
      {
        ad_account_id: 'n.ad_account_id',
        adam_id: 'c.adam_id',
        campaign_id: 'n.campaign_id',
        ad_group_id: 'n.ad_group_id',
        key: 'n.id',
        id: 'n.id::text',
        name: 'n.text',
        ...lifecycle('n', 'n.status'),
        match_type: 'n.match_type',
        details: details({
          adamId: 'c.adam_id',
          campaignName: 'c.name',
          adGroupName: 'g.name',
          matchType: 'n.match_type',
        }),
      },
      `negative_keywords n JOIN campaigns c ON ${joinOn('c', 'n', 'campaign_id')}
       LEFT JOIN ad_groups g ON ${joinOn('g', 'n', 'ad_group_id')}`,
      'n',
    ),
    scopes: ['adam', 'campaign', 'adGroup'],
  },
  ads: {
    rows: rowsFrom(
      {
        ad_account_id: 'd.ad_account_id',
        adam_id: 'c.adam_id',
        campaign_id: 'd.campaign_id',
        ad_group_id: 'd.ad_group_id',
        key: 'd.id',
        id: 'd.id::text',
        name: 'd.name',
        ...lifecycle('d', 'd.status'),
        details: details({
          currency: 'c.currency',
          adamId: 'c.adam_id',
          campaignName: 'c.name',
          adGroupName: 'g.name',
          creativeId: 'd.creative_id',
          creativeType: 'cr.creative_type',
          productPageId: 'cr.product_page_id',
        }),
      },
      `ads d JOIN campaigns c ON ${joinOn('c', 'd', 'campaign_id')}
       LEFT JOIN ad_groups g ON ${joinOn('g', 'd', 'ad_group_id')}
       LEFT JOIN creatives cr ON ${joinOn('cr', 'd', 'creative_id')}`,
      'd',
    ),
    facts: { table: 'ad_report_facts', key: 'f.ad_id', hasAdGroup: true },
    scopes: ['adam', 'campaign', 'adGroup'],
  },
};
