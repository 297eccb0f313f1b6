// The goals GraphQL calls (docs/api/goals.md): reading needs goals.read, changing goals.write.
import type {
  AttrEventName,
  DateRange,
  Goal,
  GoalInput,
  GoalOverview,
  GoalOverviewQuery,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

const GOAL = 'id name appId appName type events daysSinceInstall status createdAt createdBy';
const NUMBERS = 'numbers { currency spendMicros counts { goals goalsRevenueMicros attrInstalls } }';
const GOAL_INPUT = '$input: GoalInput!';
const COUNTS = '{ goals goalsRevenueMicros attrInstalls }';

export const goalKeys = {
  all: ['goals'] as const,
  list: (period: DateRange) => ['goals', 'list', period] as const,
  ofApp: (appId: number) => ['goals', 'ofApp', appId] as const,
  exists: (appId: number | null) => ['goals', 'exists', appId] as const,
  nameTaken: (appId: number, name: string, goalId: string | null) =>
    ['goals', 'nameTaken', appId, name, goalId] as const,
  eventNames: (appId: number) => ['goals', 'eventNames', appId] as const,
  overview: (query: GoalOverviewQuery) => ['goals', 'overview', query] as const,
};

export const goalsApi = {
  list: async (period: DateRange) =>
    (
      await graphqlRequest<{ getGoals: Goal[] }>(
        `query Goals($period: DateRangeInput!) { getGoals(period: $period) { ${GOAL} ${NUMBERS} } }`,
        { period },
      )
    ).getGoals,

  ofApp: async (appId: number) =>
    (
      await graphqlRequest<{ getGoalsFromApp: Goal[] }>(
        `query GoalsOfApp($appId: Float!) { getGoalsFromApp(appId: $appId) { ${GOAL} } }`,
        { appId },
      )
    ).getGoalsFromApp,

  exists: async (appId: number | null) =>
    (
      await graphqlRequest<{ doesGoalExist: boolean }>(
        'query GoalExists($appId: Float) { doesGoalExist(appId: $appId) }',
        { appId },
      )
    ).doesGoalExist,

  nameTaken: async (appId: number, name: string, goalId: string | null) =>
    (
      await graphqlRequest<{ checkGoalName: boolean }>(
        'query CheckGoalName($appId: Float!, $name: String!, $goalId: ID) { checkGoalName(appId: $appId, name: $name, goalId: $goalId) }',
        { appId, name, goalId },
      )
    ).checkGoalName,

  eventNames: async (appId: number) =>
    (
      await graphqlRequest<{ appEventNames: AttrEventName[] }>(
        'query AppEventNames($appId: Float!) { appEventNames(appId: $appId) { name eventType kind count lastDay } }',
        { appId },
      )
    ).appEventNames,

  create: async (input: GoalInput) =>
    (
      await graphqlRequest<{ createGoal: Goal }>(
        `mutation CreateGoal(${GOAL_INPUT}) { createGoal(input: $input) { ${GOAL} } }`,
        { input },
      )
    ).createGoal,

  update: async (id: string, input: GoalInput) =>
    (
      await graphqlRequest<{ updateGoal: Goal }>(
        `mutation UpdateGoal($id: ID!, ${GOAL_INPUT}) { updateGoal(id: $id, input: $input) { ${GOAL} } }`,
        { id, input },
      )
    ).updateGoal,

  remove: async (id: string) =>
    (
      await graphqlRequest<{ delGoal: boolean }>(
        'mutation DelGoal($id: ID!) { delGoal(id: $id) }',
        { id },
      )
    ).delGoal,

  overview: async (query: GoalOverviewQuery) =>
    (
      await graphqlRequest<{ getAppEventsDataForOverview: GoalOverview }>(
        `query GoalOverview($input: GoalOverviewInput!) {
          getAppEventsDataForOverview(input: $input) {
            goalId currency current ${COUNTS} previous ${COUNTS} series { date counts ${COUNTS} }
          }
        }`,
        { input: query },
      )
    ).getAppEventsDataForOverview,
};
