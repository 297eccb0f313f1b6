// GraphQL of the overview (spec 2 §7.3 Overview, Presets and views, exportReport). Ids and counts
// are Float: Apple's ids and the sums exceed 32 bits. Inputs are checked with the contracts' zod
// schemas; every field needs overview.read.
import {
  chartPresetInput,
  exportReportInput,
  overviewPresetInput,
  overviewQuerySchema,
  overviewSeriesQuerySchema,
  OWN_APPS_DEFAULT_AT,
  topEntitiesQuerySchema,
  type BreakdownDimension,
  type BreakdownRow,
  type OverviewTotals,
  type TopEntityRow,
} from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { periodDays } from '../../platform/graphql/query-work';
import {
  DateRangeInput,
  DateRangeRef,
  GoalCountsRef,
  MetricCountsRef,
  SeriesPointRef,
  withoutNulls,
} from '../../platform/graphql/common-types';
import { queueReportExport } from './overview-export';
import type { OwnAppRow } from './overview.repository';
import {
  breakdown,
  ownAppsBySpend,
  overviewSeries,
  overviewTotals,
  topList,
  type TopListKind,
} from './overview.service';
import {
  deleteChartPreset,
  deleteOverviewPreset,
  listChartPresets,
  listOverviewPresets,
  upsertChartPreset,
  upsertOverviewPreset,
  type ChartPreset,
  type OverviewPreset,
} from './presets.repository';

// Inputs.

const OverviewInput = builder.inputType('OverviewInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    currdate: t.field({ type: DateRangeInput, required: true }),
    prevdate: t.field({ type: DateRangeInput, required: false }),
    until: t.string({
      required: false,
      description:
        'For a period that reaches today: the UTC moment its data runs until; the comparison then counts its last day to the same time of day',
    }),
  }),
});

const OverviewSeriesInput = builder.inputType('OverviewSeriesInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    currdate: t.field({ type: DateRangeInput, required: true }),
    granularity: t.string({ required: true, description: 'DAY, WEEK or MONTH' }),
  }),
});

const TopEntitiesInput = builder.inputType('TopEntitiesInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    param: t.string({ required: true, description: 'The metric the list is ranked by' }),
    period: t.field({ type: DateRangeInput, required: true }),
    sortDesc: t.boolean({ required: false }),
    goalId: t.string({ required: false }),
  }),
});

/** Work (platform/graphql/query-work.ts): a unit per day read, the previous period's too. */
const withPreviousWork = (input: { currdate: unknown; prevdate?: unknown }) =>
  periodDays(input.currdate) +
  (input.prevdate ? periodDays(input.prevdate) : periodDays(input.currdate));

// Results.

const OwnAppRef = builder.objectRef<OwnAppRow>('OwnApp').implement({
  fields: (t) => ({
    adAccountId: t.exposeFloat('adAccountId'),
    adamId: t.exposeFloat('adamId'),
    name: t.exposeString('name'),
    adAccountName: t.exposeString('adAccountName'),
    currency: t.exposeString('currency'),
    timeZone: t.exposeString('timeZone'),
  }),
});

const OverviewTotalsRef = builder.objectRef<OverviewTotals>('OverviewTotals').implement({
  fields: (t) => ({
    currdate: t.field({ type: DateRangeRef, resolve: (totals) => totals.currdate }),
    prevdate: t.field({ type: DateRangeRef, resolve: (totals) => totals.prevdate }),
    currency: t.exposeString('currency'),
    current: t.field({ type: MetricCountsRef, resolve: (totals) => totals.current }),
    previous: t.field({ type: MetricCountsRef, resolve: (totals) => totals.previous }),
    dailyFrom: t.exposeString('dailyFrom', {
      description: 'First day kept per day; before it, whole weeks or months count',
    }),
    comparedUntil: t.exposeString('comparedUntil', {
      nullable: true,
      description:
        "The UTC moment the comparison's last day counts until, when it counts only part of it",
    }),
  }),
});

const TopEntityRowRef = builder.objectRef<TopEntityRow>('TopEntityRow').implement({
  fields: (t) => ({
    id: t.exposeFloat('id'),
    name: t.exposeString('name'),
    campaignId: t.exposeFloat('campaignId'),
    campaignName: t.exposeString('campaignName'),
    adGroupId: t.exposeFloat('adGroupId'),
    matchType: t.string({ nullable: true, resolve: (row) => row.matchType ?? null }),
    counts: t.field({ type: MetricCountsRef, resolve: (row) => row.counts }),
    goalCounts: t.field({
      type: GoalCountsRef,
      nullable: true,
      description: 'With goalId: the goal counts, revenue in the ad account currency',
      resolve: (row) => row.goalCounts ?? null,
    }),
  }),
});

const BreakdownRowRef = builder.objectRef<BreakdownRow>('BreakdownRow').implement({
  fields: (t) => ({
    value: t.exposeString('value'),
    counts: t.field({ type: MetricCountsRef, resolve: (row) => row.counts }),
    previous: t.field({ type: MetricCountsRef, resolve: (row) => row.previous }),
  }),
});

const ChartPresetRef = builder.objectRef<ChartPreset>('ChartPreset').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    metrics: t.exposeStringList('metrics'),
    granularity: t.exposeString('granularity'),
  }),
});

const OverviewPresetRef = builder.objectRef<OverviewPreset>('OverviewPreset').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    period: t.exposeString('period'),
    adAccountId: t.exposeFloat('adAccountId', { nullable: true }),
    adamId: t.exposeFloat('adamId', { nullable: true }),
  }),
});

const ExportReportResultRef = builder
  .objectRef<{ successMessage: string }>('ExportReportResult')
  .implement({ fields: (t) => ({ successMessage: t.exposeString('successMessage') }) });

// Queries.

builder.queryFields((t) => {
  const topListField = (kind: TopListKind) =>
    t.field({
      ...access('overview.read'),
      type: [TopEntityRowRef],
      description: 'The top 10 of the period by the metric `param`; undefined metrics rank last',
      args: { input: t.arg({ type: TopEntitiesInput, required: true }) },
      complexity: (args) => periodDays(args.input.period),
      resolve: (_root, { input }, { app, auth }) =>
        topList(
          app.db,
          requireTeam(auth).teamId,
          kind,
          topEntitiesQuerySchema.parse(withoutNulls(input)),
        ),
    });
  const breakdownField = (dimension: BreakdownDimension, code?: 'MF' | 'PH') =>
    t.field({
      ...access('overview.read'),
      type: [BreakdownRowRef],
      args: {
        input: t.arg({ type: OverviewInput, required: true }),
        ...(code ? { gender: t.arg.string({ required: true }) } : {}),
      },
      complexity: (args) => withPreviousWork(args.input),
      resolve: (_root, args, { app, auth }) => {
        const teamId = requireTeam(auth).teamId;
        if (code) z.object({ gender: z.literal(code) }).parse(args);
        return breakdown(
          app.db,
          teamId,
          dimension,
          overviewQuerySchema.parse(withoutNulls(args.input)),
        );
      },
    });

  return {
    getOwnAppsFromDB: t.field({
      ...access('overview.read'),
      type: [OwnAppRef],
      description:
        'Apps with synced campaigns, by spend over the last 30 days (converted into the ' +
        'reporting currency when their currencies differ). `from` and `at` are ' +
        "accepted for the spec's call shape (at defaults to 1) and select nothing.",
      args: {
        from: t.arg.int({ required: false }),
        at: t.arg.int({ required: false, defaultValue: OWN_APPS_DEFAULT_AT }),
      },
      resolve: (_root, _args, { app, auth }) => ownAppsBySpend(app.db, requireTeam(auth).teamId),
    }),
    getOverviewAloneForApp: t.field({
      ...access('overview.read'),
      type: OverviewTotalsRef,
      args: { input: t.arg({ type: OverviewInput, required: true }) },
      complexity: (args) => withPreviousWork(args.input),
      resolve: (_root, { input }, { app, auth }) =>
        overviewTotals(
          app.db,
          requireTeam(auth).teamId,
          overviewQuerySchema.parse(withoutNulls(input)),
        ),
    }),
    getOverviewSeries: t.field({
      ...access('overview.read'),
      type: [SeriesPointRef],
      args: { input: t.arg({ type: OverviewSeriesInput, required: true }) },
      complexity: (args) => periodDays(args.input.currdate),
      resolve: (_root, { input }, { app, auth }) =>
        overviewSeries(
          app.db,
          requireTeam(auth).teamId,
          overviewSeriesQuerySchema.parse(withoutNulls(input)),
        ),
    }),
    getTopKeywords: topListField('keywords'),
    getTopAdGroups: topListField('adGroups'),
    getOverviewForApp: breakdownField('gender', 'MF'),
    getDeviceOverviewForApp: breakdownField('deviceClass', 'PH'),
    getPlacementOverviewForApp: breakdownField('placement'),
    getAgeOverviewForApp: breakdownField('ageRange'),
    getMapOverview: breakdownField('countryOrRegion'),
    fetchChartPresets: t.field({
      ...access('overview.read'),
      type: [ChartPresetRef],
      resolve: (_root, _args, { app, auth }) => {
        const caller = requireTeam(auth);
        return listChartPresets(app.db, caller.teamId, caller.userId);
      },
    }),
    fetchOverviewPresets: t.field({
      ...access('overview.read'),
      type: [OverviewPresetRef],
      resolve: (_root, _args, { app, auth }) => {
        const caller = requireTeam(auth);
        return listOverviewPresets(app.db, caller.teamId, caller.userId);
      },
    }),
  };
});

// Mutations. Presets are the member's own and change no company data, so they need only
// overview.read: read-only members keep them.

const presetId = z.uuid();

/** Deletes one of the caller's presets; any other id, another member's too, is not found. */
async function deleteOwnPreset(
  remove: typeof deleteChartPreset,
  db: Database,
  caller: { teamId: string; userId: string },
  id: string,
): Promise<true> {
  const parsed = presetId.safeParse(id);
  if (!parsed.success || !(await remove(db, caller.teamId, caller.userId, parsed.data)))
    throw new AppError('NOT_FOUND', 'No such preset.');
  return true;
}

builder.mutationFields((t) => ({
  saveChartPreset: t.field({
    ...access('overview.read'),
    type: ChartPresetRef,
    description: 'Saves a chart preset; one of the same name is replaced',
    args: {
      name: t.arg.string({ required: true }),
      metrics: t.arg.stringList({ required: true }),
      granularity: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      return upsertChartPreset(app.db, caller.teamId, caller.userId, chartPresetInput.parse(args));
    },
  }),
  deleteChartPreset: t.boolean({
    ...access('overview.read'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) =>
      deleteOwnPreset(deleteChartPreset, app.db, requireTeam(auth), String(id)),
  }),
  saveOverviewPreset: t.field({
    ...access('overview.read'),
    type: OverviewPresetRef,
    description: 'Saves an overview preset; one of the same name is replaced',
    args: {
      name: t.arg.string({ required: true }),
      period: t.arg.string({ required: true }),
      adAccountId: t.arg.float({ required: false }),
      adamId: t.arg.float({ required: false }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      const input = overviewPresetInput.parse(withoutNulls(args));
      return upsertOverviewPreset(app.db, caller.teamId, caller.userId, input);
    },
  }),
  deleteOverviewPreset: t.boolean({
    ...access('overview.read'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) =>
      deleteOwnPreset(deleteOverviewPreset, app.db, requireTeam(auth), String(id)),
  }),
  exportReport: t.field({
    ...access('overview.read'),
    type: ExportReportResultRef,
    description:
      'Queues the overview to be e-mailed as an attachment: csv (the default) or xlsx, a sheet per dataset',
    args: {
      filter: t.arg({ type: OverviewInput, required: true }),
      receiverMail: t.arg.string({ required: true }),
      reportDatasets: t.arg.stringList({ required: true }),
      format: t.arg.string(),
    },
    resolve: (_root, args, { app, auth, locale }) =>
      queueReportExport(
        app,
        requireTeam(auth).teamId,
        exportReportInput.parse(withoutNulls(args)),
        locale,
      ),
  }),
}));
