// The strategies GraphQL calls (docs/api/strategies.md): reading needs strategies.read, changing
// strategies.write. Target pickers read the ads manager's lookups.
import type {
  DateRange,
  Strategy,
  StrategyInput,
  StrategyNoteInput,
  TimelineCategory,
  TimelineEntry,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import type { AdGroupLookup } from '../ads-manager/ads-manager-api';

const WINDOW = '{ start end partial impressions taps installs tapInstalls spendMicros }';
const STRATEGY = `strategyId name adamId appName description goals secondaryGoal deleted currency
  createdAt updatedAt targetEntities { level adAccountId id name }`;

export interface KeywordLookup {
  id: number;
  adGroupId: number;
  text: string;
  matchType: string;
  deleted: boolean;
}

export interface TimelinePage {
  strategy: Strategy;
  entries: TimelineEntry[];
  total: number;
}

export const strategyKeys = {
  all: ['strategies'] as const,
  list: (adamId: number | null, period: DateRange | null) =>
    ['strategies', 'list', adamId, period] as const,
  timeline: (strategyId: string, category: TimelineCategory | null, offset: number) =>
    ['strategies', 'timeline', strategyId, category, offset] as const,
  adGroups: (adAccountId: number, campaignIds: readonly number[]) =>
    ['strategies', 'adGroups', adAccountId, campaignIds] as const,
  keywords: (adAccountId: number, adGroupIds: readonly number[]) =>
    ['strategies', 'keywords', adAccountId, adGroupIds] as const,
};

export const strategiesApi = {
  list: async (adamId: number | null = null, period: DateRange | null = null) =>
    (
      await graphqlRequest<{ getAllStrategies: Strategy[] }>(
        `query Strategies($adamId: Float, $period: DateRangeInput) {
          getAllStrategies(adamId: $adamId, period: $period) {
            ${STRATEGY} ${period ? `numbers ${WINDOW}` : ''}
          }
        }`,
        { adamId, period },
      )
    ).getAllStrategies,

  timeline: async (strategyId: string, category: TimelineCategory | null, offset = 0) =>
    (
      await graphqlRequest<{ getAllTimelineEntries: TimelinePage }>(
        `query StrategyTimeline($strategyId: ID!, $category: String, $offset: Int) {
          getAllTimelineEntries(strategyId: $strategyId, category: $category, offset: $offset) {
            total
            strategy { ${STRATEGY} }
            entries {
              timelineId description category source occurredAt logId createdBy
              before ${WINDOW} after ${WINDOW}
            }
          }
        }`,
        { strategyId, category, offset },
      )
    ).getAllTimelineEntries,

  /** The ads manager's ad group lookup, for every campaign of the app at once. */
  adGroups: async (adAccountId: number, campaignIds: readonly number[]) =>
    (
      await graphqlRequest<{ getAdGroupsByCampaigns: AdGroupLookup[] }>(
        `query StrategyAdGroups($adAccountId: Float!, $campaignIds: [Float!]!) {
          getAdGroupsByCampaigns(adAccountId: $adAccountId, campaignIds: $campaignIds) {
            id adAccountId campaignId name
          }
        }`,
        { adAccountId, campaignIds },
      )
    ).getAdGroupsByCampaigns,

  keywords: async (adAccountId: number, adGroupIds: readonly number[]) =>
    (
      await graphqlRequest<{ getStrategyKeywords: KeywordLookup[] }>(
        `query StrategyKeywords($adAccountId: Float!, $adGroupIds: [Float!]!) {
          getStrategyKeywords(adAccountId: $adAccountId, adGroupIds: $adGroupIds) {
            id adGroupId text matchType deleted
          }
        }`,
        { adAccountId, adGroupIds },
      )
    ).getStrategyKeywords,

  save: async (input: StrategyInput, strategyId: string | null) =>
    (
      await graphqlRequest<{ saveStrategy: Strategy }>(
        `mutation SaveStrategy($strategyId: ID, $input: StrategyInput!) {
          saveStrategy(strategyId: $strategyId, input: $input) { ${STRATEGY} }
        }`,
        { strategyId, input },
      )
    ).saveStrategy,

  remove: async (strategyId: string) =>
    (
      await graphqlRequest<{ delStrategy: boolean }>(
        'mutation DelStrategy($strategyId: ID!) { delStrategy(strategyId: $strategyId) }',
        { strategyId },
      )
    ).delStrategy,

  addNote: async (input: StrategyNoteInput) =>
    (
      await graphqlRequest<{ addStrategyNote: string }>(
        'mutation AddStrategyNote($input: StrategyNoteInput!) { addStrategyNote(input: $input) }',
        { input },
      )
    ).addStrategyNote,

  removeEntry: async (strategyId: string, timelineId: string) =>
    (
      await graphqlRequest<{ delStrategyTimeline: boolean }>(
        `mutation DelStrategyTimeline($strategyId: ID!, $timelineId: ID!) {
          delStrategyTimeline(strategyId: $strategyId, timelineId: $timelineId)
        }`,
        { strategyId, timelineId },
      )
    ).delStrategyTimeline,
};
