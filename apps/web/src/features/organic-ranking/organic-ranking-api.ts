// The organic keyword ranking operations (docs/keyword-research.md) and their query keys.
import type { RankPoint, TrackedKeywordRow } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

/** One app and storefront the page is about. */
export interface RankingScope {
  adamId: number;
  location: string;
}

const TRACKED_FIELDS = `id adamId appName location language device term organicRank previousRank
  change popularity totalApps lastCheckedAt`;

export const organicRankingKeys = {
  all: ['organicRanking'] as const,
  tracked: (scope: RankingScope) => ['organicRanking', 'tracked', scope] as const,
  movers: (scope: RankingScope, days: number) => ['organicRanking', 'movers', scope, days] as const,
  history: (id: string, days: number) => ['organicRanking', 'history', id, days] as const,
};

export const organicRankingApi = {
  tracked: async (scope: RankingScope) =>
    (
      await graphqlRequest<{ trackedKeywords: TrackedKeywordRow[] }>(
        `query TrackedKeywords($adamId: Float, $location: String) {
          trackedKeywords(adamId: $adamId, location: $location) { ${TRACKED_FIELDS} }
        }`,
        { ...scope },
      )
    ).trackedKeywords,

  movers: async (scope: RankingScope, days: number) =>
    (
      await graphqlRequest<{ rankMovers: TrackedKeywordRow[] }>(
        `query RankMovers($adamId: Float, $location: String, $days: Int) {
          rankMovers(adamId: $adamId, location: $location, days: $days) { ${TRACKED_FIELDS} }
        }`,
        { ...scope, days },
      )
    ).rankMovers,

  history: async (trackedKeywordId: string, days: number) =>
    (
      await graphqlRequest<{ keywordRankHistory: RankPoint[] }>(
        `query KeywordRankHistory($trackedKeywordId: ID!, $days: Int) {
          keywordRankHistory(trackedKeywordId: $trackedKeywordId, days: $days) {
            day organicRank popularity localSpend taps installs
          }
        }`,
        { trackedKeywordId, days },
      )
    ).keywordRankHistory,

  track: async (scope: RankingScope, terms: string[]) =>
    (
      await graphqlRequest<{ trackKeywords: TrackedKeywordRow[] }>(
        `mutation TrackKeywords($adamId: Float!, $terms: [String!]!, $location: String) {
          trackKeywords(adamId: $adamId, terms: $terms, location: $location) { ${TRACKED_FIELDS} }
        }`,
        { ...scope, terms },
      )
    ).trackKeywords,

  untrack: async (ids: string[]) =>
    (
      await graphqlRequest<{ untrackKeywords: number }>(
        `mutation UntrackKeywords($ids: [ID!]!) { untrackKeywords(ids: $ids) }`,
        { ids },
      )
    ).untrackKeywords,
};
