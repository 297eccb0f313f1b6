// GraphQL of the ads manager's reads (spec 2 §7.3 Reports and Lookups): one query per report
// level, the chart above the table, and the pickers' lookups. Ids, counts and micros are Float;
// inputs are checked with the contracts' zod schemas; every field needs adsManager.read.
import {
  DEFAULT_CURRENCY,
  ENTITY_LIST_TABS,
  entityListTabOf,
  REPORT_LEVEL_OPERATIONS,
  REPORT_LEVELS,
  REPORT_MAX_PAGE_SIZE,
  reportQuerySchema,
  SERIES_GRANULARITIES,
  dateRangeSchema,
  type ConvertedTotals,
  type CurrencyCounts,
  type EntityListTab,
  type ReportLevel,
  type ReportPage,
  type ReportRow,
  type ReportSeriesPoint,
  type ReportTotals,
} from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { periodDays } from '../../platform/graphql/query-work';
import {
  DateRangeInput,
  GoalCountsRef,
  MetricCountsRef,
  withoutNulls,
} from '../../platform/graphql/common-types';
import {
  findOldestCampaignDate,
  listAdGroupLookups,
  listAppCountries,
  listAppsWithOrg,
  listCampaignLookups,
  type AdGroupLookup,
  type AppWithOrg,
  type CampaignLookup,
} from './lookups.repository';
import { reportPage, reportSeries } from './reports.service';

// Inputs.

const MetricFilterInput = builder.inputType('MetricFilterInput', {
  fields: (t) => ({
    metric: t.string({ required: true }),
    operator: t.string({ required: true, description: 'GREATER_THAN, LESS_THAN, EQUALS, BETWEEN' }),
    value: t.float({ required: true, description: 'Money in currency units, ratios as fractions' }),
    to: t.float({ required: false, description: 'The upper bound of BETWEEN' }),
  }),
});

export const ReportFilterInput = builder.inputType('ReportFilterInput', {
  fields: (t) => ({
    adAccountIds: t.floatList({ required: false }),
    adamIds: t.floatList({ required: false }),
    campaignIds: t.floatList({ required: false }),
    adGroupIds: t.floatList({ required: false }),
    statusTab: t.string({ required: false, description: 'all, live, paused, deleted, draft' }),
    matchType: t.string({ required: false }),
    metrics: t.field({ type: [MetricFilterInput], required: false }),
  }),
});

const ReportQueryInput = builder.inputType('ReportQueryInput', {
  fields: (t) => ({
    period: t.field({ type: DateRangeInput, required: true }),
    filter: t.field({ type: ReportFilterInput, required: false }),
    search: t.string({ required: false }),
    goalId: t.string({
      required: false,
      description: 'A goal of the company: rows and totals then carry its goalCounts',
    }),
    sortBy: t.string({ required: false }),
    sortDesc: t.boolean({ required: false }),
    offset: t.int({ required: false }),
    limit: t.int({ required: false, description: 'Rows per page; null is All' }),
  }),
});

/** Nulls stripped for zod, except an explicit `limit: null`, which asks for All. */
function parseReportQuery(input: { limit?: number | null }) {
  const parsed = withoutNulls(input) as Record<string, unknown>;
  return reportQuerySchema.parse(input.limit === null ? { ...parsed, limit: null } : parsed);
}

/** "All" rows, priced as five full pages: a two-year All fits a request on its own. */
const ALL_ROWS_WORK = 10_000;

/** A page's work (platform/graphql/query-work.ts): a unit per day and per row asked for. */
function reportWork(query: { period: unknown; limit?: number | null }) {
  const rows =
    query.limit === null
      ? ALL_ROWS_WORK
      : Math.min(Math.max(query.limit ?? 50, 0), REPORT_MAX_PAGE_SIZE);
  return periodDays(query.period) + rows;
}

/** The chart reads every fact row of the period once and the listed rows' totals before. */
const seriesWork = (query: { period: unknown }) => 1_000 + 4 * periodDays(query.period);

// Results.

const StatusCountsRef = builder.objectRef<Record<EntityListTab, number>>('StatusCounts').implement({
  fields: (t) =>
    Object.fromEntries(ENTITY_LIST_TABS.map((tab) => [tab, t.exposeInt(tab)])) as never,
});

export const ReportRowRef = builder.objectRef<ReportRow>('ReportRow').implement({
  fields: (t) => ({
    level: t.exposeString('level'),
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    status: t.exposeString('status', { nullable: true }),
    displayStatus: t.exposeString('displayStatus', { nullable: true }),
    deleted: t.exposeBoolean('deleted'),
    modificationTime: t.exposeString('modificationTime', { nullable: true }),
    adAccountId: t.exposeFloat('adAccountId'),
    campaignId: t.exposeFloat('campaignId', { nullable: true }),
    adGroupId: t.exposeFloat('adGroupId', { nullable: true }),
    details: t.field({ type: 'JSON', resolve: (row) => row.details }),
    counts: t.field({ type: MetricCountsRef, resolve: (row) => row.counts }),
    goalCounts: t.field({
      type: GoalCountsRef,
      nullable: true,
      description:
        'With goalId, at the levels partners name (accounts, apps, campaigns, ad groups, keywords)',
      resolve: (row) => row.goalCounts ?? null,
    }),
  }),
});

const CurrencyCountsRef = builder.objectRef<CurrencyCounts>('CurrencyCounts').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    counts: t.field({ type: MetricCountsRef, resolve: (entry) => entry.counts }),
    goalCounts: t.field({
      type: GoalCountsRef,
      nullable: true,
      resolve: (entry) => entry.goalCounts ?? null,
    }),
  }),
});

const ConvertedTotalsRef = builder.objectRef<ConvertedTotals>('ConvertedTotals').implement({
  description: 'Every row in the reporting currency, spend converted at the rate of its day',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'The reporting currency' }),
    counts: t.field({
      type: MetricCountsRef,
      nullable: true,
      description: 'Null when a currency of the rows has no rate for a day of the period',
      resolve: (totals) => totals.counts,
    }),
    goalCounts: t.field({
      type: GoalCountsRef,
      nullable: true,
      description: 'With goalId; null when counts is',
      resolve: (totals) => totals.goalCounts ?? null,
    }),
    unconvertible: t.exposeStringList('unconvertible'),
    source: t.exposeString('source', { nullable: true, description: 'ECB or SIMULATOR' }),
  }),
});

export const ReportTotalsRef = builder.objectRef<ReportTotals>('ReportTotals').implement({
  fields: (t) => ({
    byCurrency: t.field({
      type: [CurrencyCountsRef],
      description: 'One per currency of the rows, the reporting currency first',
      resolve: (totals) => totals.byCurrency,
    }),
    converted: t.field({
      type: ConvertedTotalsRef,
      nullable: true,
      description: 'Null when every row is in the reporting currency',
      resolve: (totals) => totals.converted,
    }),
  }),
});

export const ReportSeriesPointRef = builder
  .objectRef<ReportSeriesPoint>('ReportSeriesPoint')
  .implement({
    fields: (t) => ({
      date: t.exposeString('date'),
      counts: t.field({ type: MetricCountsRef, resolve: (point) => point.counts }),
      currency: t.exposeString('currency', {
        nullable: true,
        description: "The money's currency; null when it cannot be converted",
      }),
      converted: t.exposeBoolean('converted', {
        description: 'Money converted into the reporting currency at daily rates',
      }),
      goalCounts: t.field({
        type: GoalCountsRef,
        nullable: true,
        description: 'With goalId, at the levels partners name; revenue in the money currency',
        resolve: (point) => point.goalCounts ?? null,
      }),
    }),
  });

const ReportPageRef = builder.objectRef<ReportPage>('ReportPage').implement({
  fields: (t) => ({
    rows: t.field({ type: [ReportRowRef], resolve: (page) => page.rows }),
    total: t.exposeInt('total', { description: 'Rows matching filter and search, all pages' }),
    totals: t.field({
      type: ReportTotalsRef,
      description: 'Sums over every matching row, not just this page, per currency',
      resolve: (page) => page.totals,
    }),
    statusCounts: t.field({ type: StatusCountsRef, resolve: (page) => page.statusCounts }),
  }),
});

const AppWithOrgRef = builder.objectRef<AppWithOrg>('AppWithOrg').implement({
  fields: (t) => ({
    adamId: t.exposeFloat('adamId'),
    name: t.exposeString('name'),
    adAccountId: t.exposeFloat('adAccountId'),
    adAccountName: t.exposeString('adAccountName'),
    currency: t.exposeString('currency'),
    timeZone: t.exposeString('timeZone'),
  }),
});

const CampaignLookupRef = builder.objectRef<CampaignLookup>('CampaignLookup').implement({
  fields: (t) => ({
    id: t.exposeFloat('id'),
    adAccountId: t.exposeFloat('adAccountId'),
    adamId: t.exposeFloat('adamId'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    displayStatus: t.exposeString('displayStatus'),
    deleted: t.exposeBoolean('deleted'),
  }),
});

const AdGroupLookupRef = builder.objectRef<AdGroupLookup>('AdGroupLookup').implement({
  fields: (t) => ({
    id: t.exposeFloat('id'),
    adAccountId: t.exposeFloat('adAccountId'),
    campaignId: t.exposeFloat('campaignId'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    deleted: t.exposeBoolean('deleted'),
  }),
});

interface CampaignStatusGroup {
  statusTab: EntityListTab;
  campaigns: CampaignLookup[];
}
const CampaignStatusGroupRef = builder
  .objectRef<CampaignStatusGroup>('CampaignStatusGroup')
  .implement({
    fields: (t) => ({
      statusTab: t.exposeString('statusTab'),
      campaigns: t.field({ type: [CampaignLookupRef], resolve: (group) => group.campaigns }),
    }),
  });

interface AppWithCampaigns {
  adamId: number;
  name: string;
  adAccountId: number;
  campaigns: CampaignLookup[];
}
const AppWithCampaignsRef = builder.objectRef<AppWithCampaigns>('AppWithCampaigns').implement({
  fields: (t) => ({
    adamId: t.exposeFloat('adamId'),
    name: t.exposeString('name'),
    adAccountId: t.exposeFloat('adAccountId'),
    campaigns: t.field({ type: [CampaignLookupRef], resolve: (app) => app.campaigns }),
  }),
});

interface TopApp {
  adamId: number;
  name: string;
  adAccountId: number;
  spendMicros: number;
  currency: string;
}
const TopAppRef = builder.objectRef<TopApp>('TopApp').implement({
  fields: (t) => ({
    adamId: t.exposeFloat('adamId'),
    name: t.exposeString('name'),
    adAccountId: t.exposeFloat('adAccountId'),
    spendMicros: t.exposeFloat('spendMicros', { description: "In the app's own currency" }),
    currency: t.exposeString('currency'),
  }),
});

const accountId = z.number().int().positive();
const idList = z.array(accountId).max(1000);
/** The sub tabs a campaign can be in, in the order the menu shows them. */
const CAMPAIGN_GROUPS: EntityListTab[] = ['live', 'paused', 'deleted'];

// Queries.

builder.queryFields((t) => {
  const reportField = (level: ReportLevel) =>
    t.field({
      ...access('adsManager.read'),
      type: ReportPageRef,
      args: { query: t.arg({ type: ReportQueryInput, required: true }) },
      complexity: (args) => reportWork(args.query),
      resolve: (_root, args, { app, auth }) =>
        reportPage(app.db, requireTeam(auth).teamId, level, parseReportQuery(args.query)),
    });

  return {
    ...Object.fromEntries(
      REPORT_LEVELS.map((level) => [REPORT_LEVEL_OPERATIONS[level], reportField(level)]),
    ),
    adsManagerSeries: t.field({
      ...access('adsManager.read'),
      type: [ReportSeriesPointRef],
      description: "The chart's sums per bucket over the rows the query matches (no paging)",
      args: {
        level: t.arg.string({ required: true }),
        query: t.arg({ type: ReportQueryInput, required: true }),
        granularity: t.arg.string({ required: true, description: 'DAY, WEEK or MONTH' }),
      },
      complexity: (args) => seriesWork(args.query),
      resolve: (_root, args, { app, auth }) => {
        const { level, granularity } = z
          .object({
            level: z.enum(REPORT_LEVELS as [ReportLevel, ...ReportLevel[]]),
            granularity: z.enum(SERIES_GRANULARITIES),
          })
          .parse(args);
        const query = parseReportQuery(args.query);
        return reportSeries(app.db, requireTeam(auth).teamId, level, query, granularity);
      },
    }),
    getAppsWithOrg: t.field({
      ...access('adsManager.read'),
      type: [AppWithOrgRef],
      resolve: (_root, _args, { app, auth }) => listAppsWithOrg(app.db, requireTeam(auth).teamId),
    }),
    getAppsByOrg: t.field({
      ...access('adsManager.read'),
      type: [AppWithOrgRef],
      args: { adAccountId: t.arg.float({ required: true }) },
      resolve: (_root, args, { app, auth }) =>
        listAppsWithOrg(app.db, requireTeam(auth).teamId, accountId.parse(args.adAccountId)),
    }),
    getCampaignsByOrg: t.field({
      ...access('adsManager.read'),
      type: [CampaignLookupRef],
      args: { adAccountId: t.arg.float({ required: true }) },
      resolve: (_root, args, { app, auth }) =>
        listCampaignLookups(app.db, requireTeam(auth).teamId, {
          adAccountId: accountId.parse(args.adAccountId),
        }),
    }),
    getCampaignsByApp: t.field({
      ...access('adsManager.read'),
      type: [CampaignLookupRef],
      args: {
        adAccountId: t.arg.float({ required: true }),
        adamId: t.arg.float({ required: true }),
      },
      resolve: (_root, args, { app, auth }) =>
        listCampaignLookups(
          app.db,
          requireTeam(auth).teamId,
          z.object({ adAccountId: accountId, adamId: accountId }).parse(args),
        ),
    }),
    getAdGroupsByCampaigns: t.field({
      ...access('adsManager.read'),
      type: [AdGroupLookupRef],
      args: {
        adAccountId: t.arg.float({ required: true }),
        campaignIds: t.arg.floatList({ required: true }),
      },
      resolve: (_root, args, { app, auth }) => {
        const input = z.object({ adAccountId: accountId, campaignIds: idList }).parse(args);
        return listAdGroupLookups(
          app.db,
          requireTeam(auth).teamId,
          input.adAccountId,
          input.campaignIds,
        );
      },
    }),
    countriesForApp: t.stringList({
      ...access('adsManager.read'),
      description: "The union of the app's campaigns' countries or regions",
      args: {
        adAccountId: t.arg.float({ required: true }),
        adamId: t.arg.float({ required: true }),
      },
      resolve: (_root, args, { app, auth }) => {
        const input = z.object({ adAccountId: accountId, adamId: accountId }).parse(args);
        return listAppCountries(app.db, requireTeam(auth).teamId, input.adAccountId, input.adamId);
      },
    }),
    getCampaignsGroupedByStatus: t.field({
      ...access('adsManager.read'),
      type: [CampaignStatusGroupRef],
      args: {
        adAccountId: t.arg.float({ required: false }),
        adamId: t.arg.float({ required: false }),
      },
      resolve: async (_root, args, { app, auth }) => {
        const scope = z
          .object({ adAccountId: accountId.optional(), adamId: accountId.optional() })
          .parse(withoutNulls(args));
        const campaigns = await listCampaignLookups(app.db, requireTeam(auth).teamId, scope);
        return CAMPAIGN_GROUPS.map((statusTab) => ({
          statusTab,
          campaigns: campaigns.filter((campaign) => entityListTabOf(campaign) === statusTab),
        }));
      },
    }),
    getAppsListWithCampaigns: t.field({
      ...access('adsManager.read'),
      type: [AppWithCampaignsRef],
      resolve: async (_root, _args, { app, auth }) => {
        const teamId = requireTeam(auth).teamId;
        const [apps, campaigns] = await Promise.all([
          listAppsWithOrg(app.db, teamId),
          listCampaignLookups(app.db, teamId),
        ]);
        return apps.map((entry) => ({
          adamId: entry.adamId,
          name: entry.name,
          adAccountId: entry.adAccountId,
          campaigns: campaigns.filter(
            (campaign) =>
              campaign.adAccountId === entry.adAccountId && campaign.adamId === entry.adamId,
          ),
        }));
      },
    }),
    getTopAppBySpend: t.field({
      ...access('adsManager.read'),
      type: TopAppRef,
      nullable: true,
      description:
        'The app that spent most in the period (apps of several currencies compared in the ' +
        'reporting currency); null when none spent',
      args: { period: t.arg({ type: DateRangeInput, required: true }) },
      complexity: (args) => reportWork({ period: args.period, limit: 1 }),
      resolve: async (_root, args, { app, auth }) => {
        const period = dateRangeSchema.parse(args.period);
        const query = reportQuerySchema.parse({ period, sortBy: 'spend', limit: 1 });
        const [top] = (await reportPage(app.db, requireTeam(auth).teamId, 'apps', query)).rows;
        if (!top || top.counts.localSpendMicros <= 0) return null;
        return {
          adamId: Number(top.id),
          name: top.name,
          adAccountId: top.adAccountId,
          spendMicros: top.counts.localSpendMicros,
          currency: top.details.currency ?? DEFAULT_CURRENCY,
        };
      },
    }),
    checkOldestCampaignDate: t.string({
      ...access('adsManager.read'),
      nullable: true,
      description: "YYYY-MM-DD of the earliest campaign's start, or null",
      args: { adAccountId: t.arg.float({ required: false }) },
      resolve: (_root, args, { app, auth }) =>
        findOldestCampaignDate(
          app.db,
          requireTeam(auth).teamId,
          accountId.optional().parse(args.adAccountId ?? undefined),
        ),
    }),
    doesCampaignExist: t.boolean({
      ...access('adsManager.read'),
      description: 'Whether a campaign not deleted has the name (case-insensitive)',
      args: {
        adAccountId: t.arg.float({ required: true }),
        name: t.arg.string({ required: true }),
      },
      resolve: async (_root, args, { app, auth }) => {
        const input = z
          .object({ adAccountId: accountId, name: z.string().trim().min(1) })
          .parse(args);
        const found = await listCampaignLookups(app.db, requireTeam(auth).teamId, input);
        return found.some((campaign) => !campaign.deleted);
      },
    }),
  };
});
