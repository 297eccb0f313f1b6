// GraphQL of the keyword journey (docs/api/keyword-journey.md): one query answering the page.
// Ids and counts are Float (Apple's ids exceed 32 bits); needs keywordOptimization.read.
import {
  KEYWORD_STAGES,
  keywordJourneyQuerySchema,
  type KeywordJourney,
  type KeywordJourneyRow,
  type KeywordJourneyWeek,
  type KeywordStage,
  type StageCountMap,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { DateRangeRef, MetricCountsRef, withoutNulls } from '../../platform/graphql/common-types';
import { keywordJourney } from './keyword-journey.service';

const KeywordJourneyInput = builder.inputType('KeywordJourneyInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    days: t.int({ required: true, description: '7, 14, 30 or 90' }),
    end: t.string({ required: false, description: "The window's last day; yesterday by default" }),
    goalId: t.string({ required: false, description: "The app's first goal by default" }),
    stage: t.string({
      required: false,
      description: 'NONE, IMPRESSION (default), TAP, INSTALL or EVENT: whose keywords to list',
    }),
  }),
});

interface StageCount {
  stage: KeywordStage;
  count: number;
}
const stageCountList = (counts: StageCountMap): StageCount[] =>
  KEYWORD_STAGES.map((stage) => ({ stage, count: counts[stage] }));

const KeywordStageCountRef = builder.objectRef<StageCount>('KeywordStageCount').implement({
  fields: (t) => ({ stage: t.exposeString('stage'), count: t.exposeInt('count') }),
});

const GoalChoiceRef = builder
  .objectRef<{ id: string; name: string }>('KeywordJourneyGoal')
  .implement({ fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }) });

const KeywordJourneyRowRef = builder.objectRef<KeywordJourneyRow>('KeywordJourneyRow').implement({
  fields: (t) => ({
    keywordId: t.exposeFloat('keywordId'),
    text: t.exposeString('text'),
    matchType: t.exposeString('matchType'),
    campaignId: t.exposeFloat('campaignId'),
    adGroupId: t.exposeFloat('adGroupId'),
    counts: t.field({ type: MetricCountsRef, resolve: (row) => row.counts }),
    events: t.exposeFloat('events', { description: "The goal's events in the window" }),
  }),
});

const KeywordJourneyWeekRef = builder
  .objectRef<KeywordJourneyWeek>('KeywordJourneyWeek')
  .implement({
    fields: (t) => ({
      start: t.exposeString('start'),
      end: t.exposeString('end'),
      stageCounts: t.field({
        type: [KeywordStageCountRef],
        resolve: (week) => stageCountList(week.stageCounts),
      }),
      forward: t.exposeInt('forward', {
        description: 'Keywords at a later stage than the week before',
      }),
      back: t.exposeInt('back', {
        description: 'Keywords at an earlier stage than the week before',
      }),
    }),
  });

const KeywordJourneyRef = builder.objectRef<KeywordJourney>('KeywordJourney').implement({
  fields: (t) => ({
    window: t.field({ type: DateRangeRef, resolve: (journey) => journey.window }),
    currency: t.exposeString('currency'),
    stageCounts: t.field({
      type: [KeywordStageCountRef],
      resolve: (journey) => stageCountList(journey.stageCounts),
    }),
    stage: t.exposeString('stage'),
    keywords: t.field({ type: [KeywordJourneyRowRef], resolve: (journey) => journey.keywords }),
    goal: t.field({ type: GoalChoiceRef, nullable: true, resolve: (journey) => journey.goal }),
    goals: t.field({ type: [GoalChoiceRef], resolve: (journey) => journey.goals }),
    eventSource: t.exposeString('eventSource', {
      description: 'READY, NO_GOAL or NO_PARTNER_DATA: what the Event stage can show',
    }),
    weeks: t.field({ type: [KeywordJourneyWeekRef], resolve: (journey) => journey.weeks }),
    dataDays: t.exposeInt('dataDays'),
    needsWait: t.exposeBoolean('needsWait', {
      description: 'Every count is zero or the data is younger than 7 days',
    }),
  }),
});

builder.queryFields((t) => ({
  keywordJourney: t.field({
    ...access('keywordOptimization.read'),
    type: KeywordJourneyRef,
    args: { input: t.arg({ type: KeywordJourneyInput, required: true }) },
    // The window's days and the eight weeks (and the one before) read in one scan.
    complexity: (args) => (typeof args.input.days === 'number' ? args.input.days : 0) + 63,
    resolve: (_root, args, { app, auth }) =>
      keywordJourney(
        app.db,
        requireTeam(auth).teamId,
        keywordJourneyQuerySchema.parse(withoutNulls(args.input)),
      ),
  }),
}));
