// The keyword optimisation GraphQL calls (docs/api/keyword-optimization.md): reading and
// previewing need keywordOptimization.read, applying and reverting keywordOptimization.write.
import type {
  BidChange,
  BidChangeRefusal,
  BidStrength,
  BidSuggestionAction,
  BidSuggestionReason,
  KeywordOptimizationQueryInput,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface KeywordOptimizationRow {
  adAccountId: number;
  keywordId: number;
  text: string;
  matchType: string;
  campaignName: string;
  adGroupName: string;
  currency: string;
  bidMicros: number | null;
  spendMicros: number;
  impressions: number;
  taps: number;
  installs: number;
  cptMicros: number | null;
  cpaMicros: number | null;
  conversionRate: number | null;
  targetCpaMicros: number | null;
  targetCpaSource: 'CPA_GOAL' | 'AD_GROUP_CPA' | null;
  share: number | null;
  rank: number | null;
  searchPopularity: number | null;
  auctionPriceMicros: number | null;
  appleSuggestedBidMicros: number | null;
  suggestedBidMicros: number | null;
  suggestedChange: number | null;
  action: BidSuggestionAction | null;
  reasons: BidSuggestionReason[];
  suggestedMinMicros: number | null;
  suggestedMaxMicros: number | null;
  bidStrength: BidStrength | null;
  difficultyScore: number | null;
}

export interface KeywordOptimizationPage {
  from: string;
  to: string;
  total: number;
  withSuggestion: number;
  rows: KeywordOptimizationRow[];
}

export interface BidChangeLine {
  adAccountId: number;
  keywordId: number;
  text: string | null;
  currency: string | null;
  oldBidMicros: number | null;
  requestedBidMicros: number;
  newBidMicros: number | null;
  change: number | null;
  capped: boolean;
  refusal: BidChangeRefusal | null;
  status: string | null;
  message: string | null;
}

export interface BidApply {
  id: string;
  startedAt: string;
  status: string;
  applied: number;
  failed: number;
  skipped: number;
  reverted: number;
  revertedAt: string | null;
  revertible: boolean;
}

const ROW = `adAccountId keywordId text matchType campaignName adGroupName currency bidMicros
  spendMicros impressions taps installs cptMicros cpaMicros conversionRate targetCpaMicros
  targetCpaSource share rank searchPopularity auctionPriceMicros appleSuggestedBidMicros
  suggestedBidMicros suggestedChange action reasons { code value } suggestedMinMicros
  suggestedMaxMicros bidStrength difficultyScore`;
const LINE = `adAccountId keywordId text currency oldBidMicros requestedBidMicros newBidMicros change
  capped refusal status message`;

export const keywordOptimizationKeys = {
  all: ['keywordOptimization'] as const,
  page: (input: KeywordOptimizationQueryInput) => ['keywordOptimization', 'page', input] as const,
  applies: ['keywordOptimization', 'applies'] as const,
};

export const keywordOptimizationApi = {
  page: async (input: KeywordOptimizationQueryInput) =>
    (
      await graphqlRequest<{ keywordOptimization: KeywordOptimizationPage }>(
        `query KeywordOptimization($input: KeywordOptimizationInput!) {
          keywordOptimization(input: $input) { from to total withSuggestion rows { ${ROW} } } }`,
        { input },
      )
    ).keywordOptimization,

  suggestions: async (input: KeywordOptimizationQueryInput) =>
    (
      await graphqlRequest<{ keywordOptimizationSuggestions: KeywordOptimizationRow[] }>(
        `query KeywordOptimizationSuggestions($input: KeywordOptimizationInput!) {
          keywordOptimizationSuggestions(input: $input) { ${ROW} } }`,
        { input },
      )
    ).keywordOptimizationSuggestions,

  preview: async (changes: BidChange[]) =>
    (
      await graphqlRequest<{ keywordBidChangePreview: BidChangeLine[] }>(
        `query KeywordBidChangePreview($input: BidChangesInput!) {
          keywordBidChangePreview(input: $input) { ${LINE} } }`,
        { input: { changes } },
      )
    ).keywordBidChangePreview,

  apply: async (changes: BidChange[], requestId: string) =>
    (
      await graphqlRequest<{
        applyKeywordBids: { successMessage: string; runId: string; lines: BidChangeLine[] };
      }>(
        `mutation ApplyKeywordBids($input: ApplyBidChangesInput!) {
          applyKeywordBids(input: $input) { successMessage runId lines { ${LINE} } } }`,
        { input: { changes, requestId } },
      )
    ).applyKeywordBids,

  applies: async () =>
    (
      await graphqlRequest<{ keywordBidApplies: BidApply[] }>(
        `query KeywordBidApplies { keywordBidApplies { id startedAt status applied failed skipped
          reverted revertedAt revertible } }`,
      )
    ).keywordBidApplies,

  revert: async (id: string) =>
    (
      await graphqlRequest<{ revertKeywordBidApply: { reverted: number; skipped: number } }>(
        `mutation RevertKeywordBidApply($id: String!) {
          revertKeywordBidApply(id: $id) { reverted skipped } }`,
        { id },
      )
    ).revertKeywordBidApply,
};
