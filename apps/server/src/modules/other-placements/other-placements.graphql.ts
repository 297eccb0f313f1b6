// GraphQL of other placement types (docs/api/other-placements.md): one query answering the page,
// in the ads manager's own types. Needs keywordOptimization.read, as the other optimisation pages.
import {
  otherPlacementsQuerySchema,
  type OtherPlacements,
  type PlacementPerformance,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { DateRangeInput, DateRangeRef, withoutNulls } from '../../platform/graphql/common-types';
import { periodDays } from '../../platform/graphql/query-work';
import {
  ReportRowRef,
  ReportSeriesPointRef,
  ReportTotalsRef,
} from '../ads-manager/ads-manager.graphql';
import { otherPlacements } from './other-placements.service';

const OtherPlacementsInput = builder.inputType('OtherPlacementsInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    currdate: t.field({ type: DateRangeInput, required: true }),
    prevdate: t.field({ type: DateRangeInput, required: false }),
  }),
});

const PlacementPerformanceRef = builder
  .objectRef<PlacementPerformance>('PlacementPerformance')
  .implement({
    fields: (t) => ({
      placement: t.exposeString('placement', {
        description: 'SEARCH_RESULTS, SEARCH_TAB, TODAY_TAB or PRODUCT_PAGES',
      }),
      campaigns: t.field({
        type: [ReportRowRef],
        description: "The placement's campaigns over currdate, by spend",
        resolve: (entry) => entry.campaigns,
      }),
      current: t.field({ type: ReportTotalsRef, resolve: (entry) => entry.current }),
      previous: t.field({ type: ReportTotalsRef, resolve: (entry) => entry.previous }),
      series: t.field({
        type: [ReportSeriesPointRef],
        description: 'One point per day of currdate; empty without campaigns',
        resolve: (entry) => entry.series,
      }),
    }),
  });

const OtherPlacementsRef = builder.objectRef<OtherPlacements>('OtherPlacements').implement({
  fields: (t) => ({
    currdate: t.field({ type: DateRangeRef, resolve: (answer) => answer.currdate }),
    prevdate: t.field({ type: DateRangeRef, resolve: (answer) => answer.prevdate }),
    placements: t.field({
      type: [PlacementPerformanceRef],
      description: 'Every placement, search results first',
      resolve: (answer) => answer.placements,
    }),
  }),
});

builder.queryFields((t) => ({
  otherPlacements: t.field({
    ...access('keywordOptimization.read'),
    type: OtherPlacementsRef,
    args: { input: t.arg({ type: OtherPlacementsInput, required: true }) },
    // Per placement: the period's table and chart and the compared period's totals.
    complexity: (args) =>
      4 *
      (2 * periodDays(args.input.currdate) +
        periodDays(args.input.prevdate ?? args.input.currdate)),
    resolve: (_root, args, { app, auth }) =>
      otherPlacements(
        app.db,
        requireTeam(auth).teamId,
        otherPlacementsQuerySchema.parse(withoutNulls(args.input)),
      ),
  }),
}));
