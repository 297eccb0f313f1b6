// GraphQL of goals (docs/api/goals.md, Goals): the company's goals with their numbers, the
// lookups the goal form and pickers use, the overview's goal counts, and create, update, delete.
// Reads need goals.read, changes goals.write.
import {
  dateRangeSchema,
  goalOverviewQuerySchema,
  type Goal,
  type GoalNumbers,
  type GoalOverview,
} from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { DateRangeInput, GoalCountsRef, withoutNulls } from '../../platform/graphql/common-types';
import { AttrEventNameRef } from '../attribution/attribution.graphql';
import { periodDays } from '../../platform/graphql/query-work';
import {
  hasGoal,
  isGoalNameTaken,
  listAppEventDays,
  listAppEventNames,
  type AppEventDay,
} from './goals.repository';
import {
  createGoal,
  deleteGoal,
  goalOverview,
  goalsOfApp,
  goalsOfCampaignApp,
  goalsWithNumbers,
  updateGoal,
} from './goals.service';

const GoalInput = builder.inputType('GoalInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    appId: t.float({ required: true }),
    type: t.string({ required: true, description: 'revenue, user engagement or user action' }),
    events: t.stringList({ required: true }),
    daysSinceInstall: t.int({ required: true }),
  }),
});

const GoalOverviewInput = builder.inputType('GoalOverviewInput', {
  fields: (t) => ({
    goalId: t.id({ required: true }),
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    currdate: t.field({ type: DateRangeInput, required: true }),
    prevdate: t.field({ type: DateRangeInput, required: false }),
    until: t.string({ required: false }),
    granularity: t.string({ required: true, description: 'DAY, WEEK or MONTH' }),
  }),
});

const GoalNumbersRef = builder.objectRef<GoalNumbers>('GoalNumbers').implement({
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'The reporting currency' }),
    counts: t.field({ type: GoalCountsRef, resolve: (numbers) => numbers.counts }),
    spendMicros: t.exposeFloat('spendMicros'),
  }),
});

const GoalRef = builder.objectRef<Goal>('Goal').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    appId: t.exposeFloat('appId'),
    appName: t.exposeString('appName'),
    type: t.exposeString('type'),
    events: t.exposeStringList('events'),
    daysSinceInstall: t.exposeInt('daysSinceInstall'),
    status: t.exposeString('status', { description: 'WAITING | ACTIVE' }),
    createdAt: t.exposeString('createdAt'),
    createdBy: t.exposeString('createdBy', { nullable: true, description: "The member's name" }),
    numbers: t.field({
      type: GoalNumbersRef,
      nullable: true,
      description: 'getGoals only; null when a currency has no rate for a day',
      resolve: (goal) => goal.numbers,
    }),
  }),
});

const AppEventDayRef = builder.objectRef<AppEventDay>('AppEventDay').implement({
  fields: (t) => ({
    day: t.exposeString('day'),
    eventName: t.exposeString('eventName'),
    eventType: t.exposeString('eventType', { nullable: true }),
    count: t.exposeInt('count'),
    revenueMicros: t.exposeFloat('revenueMicros'),
  }),
});

const GoalOverviewRef = builder.objectRef<GoalOverview>('GoalOverview').implement({
  fields: (t) => ({
    goalId: t.exposeID('goalId'),
    currency: t.exposeString('currency'),
    current: t.field({ type: GoalCountsRef, resolve: (overview) => overview.current }),
    previous: t.field({ type: GoalCountsRef, resolve: (overview) => overview.previous }),
    series: t.field({ type: [GoalSeriesPointRef], resolve: (overview) => overview.series }),
  }),
});

const GoalSeriesPointRef = builder
  .objectRef<GoalOverview['series'][number]>('GoalSeriesPoint')
  .implement({
    fields: (t) => ({
      date: t.exposeString('date'),
      counts: t.field({ type: GoalCountsRef, resolve: (point) => point.counts }),
    }),
  });

/** An Apple id (app, campaign). */
const appleId = z.number().int().positive();
const period = dateRangeSchema;

builder.queryFields((t) => ({
  getGoals: t.field({
    ...access('goals.read'),
    type: [GoalRef],
    args: { period: t.arg({ type: DateRangeInput, required: true }) },
    complexity: (args) => periodDays(args.period),
    resolve: (_root, args, { app, auth }) =>
      goalsWithNumbers(app.db, requireTeam(auth).teamId, period.parse(args.period)),
  }),
  getGoalsFromApp: t.field({
    ...access('goals.read'),
    type: [GoalRef],
    args: { appId: t.arg.float({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      goalsOfApp(app.db, requireTeam(auth).teamId, appleId.parse(args.appId)),
  }),
  getGoalsFromAppCampaign: t.field({
    ...access('goals.read'),
    type: [GoalRef],
    args: { campaignId: t.arg.float({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      goalsOfCampaignApp(app.db, requireTeam(auth).teamId, appleId.parse(args.campaignId)),
  }),
  checkGoalName: t.boolean({
    ...access('goals.read'),
    description: 'True when another goal of the app has the name, whatever its case',
    args: {
      appId: t.arg.float({ required: true }),
      name: t.arg.string({ required: true }),
      goalId: t.arg.id({ required: false, description: 'The goal edited' }),
    },
    resolve: (_root, args, { app, auth }) => {
      const goalId = z
        .uuid()
        .optional()
        .parse(args.goalId ?? undefined);
      return isGoalNameTaken(
        app.db,
        requireTeam(auth).teamId,
        appleId.parse(args.appId),
        args.name,
        goalId,
      );
    },
  }),
  doesGoalExist: t.boolean({
    ...access('goals.read'),
    args: { appId: t.arg.float({ required: false }) },
    resolve: (_root, args, { app, auth }) =>
      hasGoal(
        app.db,
        requireTeam(auth).teamId,
        args.appId === null || args.appId === undefined ? undefined : appleId.parse(args.appId),
      ),
  }),
  appEventNames: t.field({
    ...access('goals.read'),
    type: [AttrEventNameRef],
    args: { appId: t.arg.float({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      listAppEventNames(app.db, requireTeam(auth).teamId, appleId.parse(args.appId)),
  }),
  getAppEventsList: t.field({
    ...access('goals.read'),
    type: [AppEventDayRef],
    args: {
      appId: t.arg.float({ required: true }),
      period: t.arg({ type: DateRangeInput, required: true }),
    },
    complexity: (args) => periodDays(args.period),
    resolve: (_root, args, { app, auth }) =>
      listAppEventDays(
        app.db,
        requireTeam(auth).teamId,
        appleId.parse(args.appId),
        period.parse(args.period),
      ),
  }),
  getAppEventsDataForOverview: t.field({
    ...access('goals.read'),
    type: GoalOverviewRef,
    args: { input: t.arg({ type: GoalOverviewInput, required: true }) },
    complexity: (args) => 2 * periodDays(args.input.currdate),
    resolve: (_root, { input }, { app, auth }) =>
      goalOverview(
        app.db,
        requireTeam(auth).teamId,
        goalOverviewQuerySchema.parse(withoutNulls(input)),
      ),
  }),
}));

builder.mutationFields((t) => ({
  createGoal: t.field({
    ...access('goals.write'),
    type: GoalRef,
    args: { input: t.arg({ type: GoalInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) => {
      const caller = requireTeam(auth);
      return createGoal(app.db, caller.teamId, caller.userId, input);
    },
  }),
  updateGoal: t.field({
    ...access('goals.write'),
    type: GoalRef,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: GoalInput, required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      updateGoal(app.db, requireTeam(auth).teamId, String(args.id), args.input),
  }),
  delGoal: t.boolean({
    ...access('goals.write'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteGoal(app.db, requireTeam(auth).teamId, String(args.id)),
  }),
}));
