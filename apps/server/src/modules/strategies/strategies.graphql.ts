// GraphQL of strategies (docs/api/strategies.md; spec 2 §7.3 Strategies): the company's strategies
// and their timelines, a note, and deletes, with the spec's operation names. Reads need
// strategies.read, changes strategies.write.
import {
  dateRangeSchema,
  type Strategy,
  type StrategyWindow,
  type TimelineEntry,
} from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { DateRangeInput, withoutNulls } from '../../platform/graphql/common-types';
import { periodDays } from '../../platform/graphql/query-work';
import { listKeywordLookups } from './strategies.repository';
import {
  addStrategyNote,
  allStrategies,
  deleteStrategy,
  deleteTimelineEntry,
  saveStrategy,
  timelinePage,
  type TimelinePage,
} from './strategies.service';

const StrategyTargetInput = builder.inputType('StrategyTargetInput', {
  fields: (t) => ({
    level: t.string({ required: true, description: 'CAMPAIGN | AD_GROUP | KEYWORD' }),
    adAccountId: t.float({ required: true }),
    id: t.float({ required: true, description: "Apple's id of the entity" }),
  }),
});

const StrategyInput = builder.inputType('StrategyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    adamId: t.float({ required: true }),
    description: t.string({ required: true }),
    goals: t.stringList({ required: true, description: 'STRATEGY_GOALS' }),
    secondaryGoal: t.string({ required: false }),
    targetEntities: t.field({ type: [StrategyTargetInput], required: true }),
  }),
});

const StrategyNoteInput = builder.inputType('StrategyNoteInput', {
  fields: (t) => ({
    strategyId: t.id({ required: true }),
    description: t.string({ required: true }),
    category: t.string({ required: true, description: 'A timeline category other than RULE' }),
    occurredAt: t.string({ required: false, description: 'ISO 8601; now when not given' }),
  }),
});

const StrategyTargetRef = builder
  .objectRef<Strategy['targetEntities'][number]>('StrategyTarget')
  .implement({
    fields: (t) => ({
      level: t.exposeString('level'),
      adAccountId: t.exposeFloat('adAccountId'),
      id: t.exposeFloat('id'),
      name: t.exposeString('name', { description: "The entity's name (a keyword's text)" }),
    }),
  });

const StrategyWindowRef = builder.objectRef<StrategyWindow>('StrategyWindow').implement({
  fields: (t) => ({
    start: t.exposeString('start'),
    end: t.exposeString('end'),
    partial: t.exposeBoolean('partial', { description: 'The window reaches past today' }),
    impressions: t.exposeFloat('impressions'),
    taps: t.exposeFloat('taps'),
    installs: t.exposeFloat('installs'),
    tapInstalls: t.exposeFloat('tapInstalls'),
    spendMicros: t.exposeFloat('spendMicros'),
  }),
});

const StrategyRef = builder.objectRef<Strategy>('Strategy').implement({
  fields: (t) => ({
    strategyId: t.exposeID('strategyId'),
    name: t.exposeString('name'),
    adamId: t.exposeFloat('adamId'),
    appName: t.exposeString('appName'),
    description: t.exposeString('description'),
    goals: t.exposeStringList('goals'),
    secondaryGoal: t.exposeString('secondaryGoal', { nullable: true }),
    targetEntities: t.field({ type: [StrategyTargetRef], resolve: (s) => s.targetEntities }),
    deleted: t.exposeBoolean('deleted'),
    currency: t.exposeString('currency', { description: "The target ad account's currency" }),
    createdAt: t.exposeString('createdAt'),
    updatedAt: t.exposeString('updatedAt'),
    numbers: t.field({
      type: StrategyWindowRef,
      nullable: true,
      description: "The targets' totals over getAllStrategies' period; null without one",
      resolve: (strategy) => strategy.numbers,
    }),
  }),
});

const TimelineEntryRef = builder.objectRef<TimelineEntry>('StrategyTimelineEntry').implement({
  fields: (t) => ({
    timelineId: t.exposeID('timelineId'),
    description: t.exposeString('description'),
    category: t.exposeString('category'),
    source: t.exposeString('source'),
    occurredAt: t.exposeString('occurredAt'),
    logId: t.exposeID('logId', { nullable: true }),
    createdBy: t.exposeString('createdBy', { nullable: true, description: "The member's name" }),
    before: t.field({ type: StrategyWindowRef, resolve: (entry) => entry.before }),
    after: t.field({ type: StrategyWindowRef, resolve: (entry) => entry.after }),
  }),
});

const TimelinePageRef = builder.objectRef<TimelinePage>('StrategyTimeline').implement({
  fields: (t) => ({
    strategy: t.field({ type: StrategyRef, resolve: (page) => page.strategy }),
    entries: t.field({ type: [TimelineEntryRef], resolve: (page) => page.entries }),
    total: t.exposeInt('total'),
  }),
});

const KeywordLookupRef = builder
  .objectRef<Awaited<ReturnType<typeof listKeywordLookups>>[number]>('KeywordLookup')
  .implement({
    fields: (t) => ({
      id: t.exposeFloat('id'),
      adGroupId: t.exposeFloat('adGroupId'),
      text: t.exposeString('text'),
      matchType: t.exposeString('matchType'),
      deleted: t.exposeBoolean('deleted'),
    }),
  });

const appleId = z.number().int().positive();
const strategyId = z.string();

builder.queryFields((t) => ({
  getAllStrategies: t.field({
    ...access('strategies.read'),
    type: [StrategyRef],
    args: {
      adamId: t.arg.float({ required: false }),
      period: t.arg({ type: DateRangeInput, required: false }),
    },
    complexity: (args) => (args.period ? periodDays(args.period) : 1),
    resolve: (_root, args, { app, auth }) =>
      allStrategies(
        app.db,
        requireTeam(auth).teamId,
        z
          .object({ adamId: appleId.optional(), period: dateRangeSchema.optional() })
          .parse(withoutNulls(args)),
      ),
  }),
  getAllTimelineEntries: t.field({
    ...access('strategies.read'),
    type: TimelinePageRef,
    args: {
      strategyId: t.arg.id({ required: true }),
      category: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { app, auth }) =>
      timelinePage(app.db, requireTeam(auth).teamId, {
        ...(withoutNulls(args) as object),
        strategyId: String(args.strategyId),
      }),
  }),
  getStrategyKeywords: t.field({
    ...access('strategies.read'),
    type: [KeywordLookupRef],
    description: 'Keywords of the ad groups, for the target picker',
    args: {
      adAccountId: t.arg.float({ required: true }),
      adGroupIds: t.arg.floatList({ required: true }),
    },
    resolve: (_root, args, { app, auth }) => {
      const input = z
        .object({ adAccountId: appleId, adGroupIds: z.array(appleId).max(500) })
        .parse(args);
      return listKeywordLookups(
        app.db,
        requireTeam(auth).teamId,
        input.adAccountId,
        input.adGroupIds,
      );
    },
  }),
}));

builder.mutationFields((t) => ({
  saveStrategy: t.field({
    ...access('strategies.write'),
    type: StrategyRef,
    description: 'Creates a strategy, or updates the one named by strategyId',
    args: {
      strategyId: t.arg.id({ required: false }),
      input: t.arg({ type: StrategyInput, required: true }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      const id = strategyId.optional().parse(args.strategyId ?? undefined);
      return saveStrategy(app.db, caller.teamId, caller.userId, withoutNulls(args.input), id);
    },
  }),
  delStrategy: t.boolean({
    ...access('strategies.write'),
    args: { strategyId: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteStrategy(app.db, requireTeam(auth).teamId, String(args.strategyId)),
  }),
  addStrategyNote: t.id({
    ...access('strategies.write'),
    description: "The note's timelineId",
    args: { input: t.arg({ type: StrategyNoteInput, required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      const note = await addStrategyNote(app.db, caller.teamId, caller.userId, {
        ...(withoutNulls(args.input) as object),
        strategyId: String(args.input.strategyId),
      });
      return note.timelineId;
    },
  }),
  delStrategyTimeline: t.boolean({
    ...access('strategies.write'),
    args: {
      strategyId: t.arg.id({ required: true }),
      timelineId: t.arg.id({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      deleteTimelineEntry(
        app.db,
        requireTeam(auth).teamId,
        String(args.strategyId),
        String(args.timelineId),
      ),
  }),
}));
