// The Keyword AI GraphQL calls (docs/api/keyword-ai.md): models, suggestions, earlier lists and
// credits need keywordAnalysis.read, generateKeywords keywordAnalysis.write, setAiCredits staff.
import type {
  AiCredits,
  GenerateKeywordsInput,
  GlobalAiCredits,
  SetAiCreditsInput,
  SuggestedKeyword,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface KeywordSuggestionList {
  id: string;
  adamId: number;
  storefront: string;
  model: string;
  seed: string | null;
  competitorAdamId: number | null;
  keywords: SuggestedKeyword[];
  createdAt: string;
}

const LIST = `id adamId storefront model seed competitorAdamId createdAt
  keywords { text popularity organicRank totalApps alreadyBid }`;
const CREDITS = 'remainingUsage usageLimit refillsOn isFilledManually';

export const keywordAiKeys = {
  models: ['keywordAi', 'models'] as const,
  lists: (adamId: number | null) => ['keywordAi', 'lists', adamId] as const,
  credits: ['keywordAi', 'credits'] as const,
  memberCredits: (userId: string) => ['keywordAi', 'memberCredits', userId] as const,
  globalCredits: ['keywordAi', 'globalCredits'] as const,
};

export const keywordAiApi = {
  suggestiveModels: async () =>
    (await graphqlRequest<{ listSuggestiveModels: string[] }>('query { listSuggestiveModels }'))
      .listSuggestiveModels,

  generate: async (input: GenerateKeywordsInput, signal?: AbortSignal) =>
    (
      await graphqlRequest<{ generateKeywords: KeywordSuggestionList }>(
        `mutation GenerateKeywords($adamId: Float!, $storefront: String!, $model: String, $seed: String, $competitorAdamId: Float) {
          generateKeywords(adamId: $adamId, storefront: $storefront, model: $model, seed: $seed, competitorAdamId: $competitorAdamId) { ${LIST} }
        }`,
        { ...input },
        signal,
      )
    ).generateKeywords,

  lists: async (adamId: number | null) =>
    (
      await graphqlRequest<{ suggestedKeywordListKAI: KeywordSuggestionList[] }>(
        `query SuggestedLists($adamId: Float) { suggestedKeywordListKAI(adamId: $adamId) { ${LIST} } }`,
        { adamId },
      )
    ).suggestedKeywordListKAI,

  credits: async () =>
    (await graphqlRequest<{ getCredits: AiCredits }>(`query { getCredits { ${CREDITS} } }`))
      .getCredits,

  globalCredits: async () =>
    (
      await graphqlRequest<{ getGlobalCredits: GlobalAiCredits }>(
        'query { getGlobalCredits { globalLimit used refillsOn } }',
      )
    ).getGlobalCredits,

  memberCredits: async (userId: string) =>
    (
      await graphqlRequest<{ memberAiCredits: AiCredits }>(
        `query MemberAiCredits($userId: ID!) { memberAiCredits(userId: $userId) { ${CREDITS} } }`,
        { userId },
      )
    ).memberAiCredits,

  setCredits: async (input: SetAiCreditsInput) =>
    (
      await graphqlRequest<{ setAiCredits: AiCredits }>(
        `mutation SetAiCredits($userId: ID!, $usageLimit: Int!, $remainingUsage: Int!) {
          setAiCredits(userId: $userId, usageLimit: $usageLimit, remainingUsage: $remainingUsage) { ${CREDITS} }
        }`,
        { ...input },
      )
    ).setAiCredits,
};
