// Suggestions (keywords, phrases, categories, target CPA) and recommendations (daily budget, target CPA).
import type { Router } from '../server/router.js';
import {
  decideRecommendations,
  queryRecommendations,
  type RecommendationKind,
} from '../recommendations/budget-recommendations.js';
import { categorySuggestions } from '../recommendations/category-suggestions.js';
import { keywordSuggestions, phraseSuggestions } from '../recommendations/keyword-suggestions.js';
import { targetCpaSuggestion } from '../recommendations/target-cpa-suggestion.js';
import { accountId } from './scope.js';

const KINDS: [string, RecommendationKind][] = [
  ['daily-budgets', 'DAILYCAP'],
  ['target-cpas', 'TCPA'],
];

export function registerRecommendationRoutes(router: Router): void {
  router.add('POST', '/suggestions/keywords/query', (context) => ({
    body: keywordSuggestions(context.store, accountId(context), context.body),
  }));
  router.add('POST', '/suggestions/phrases/query', (context) => ({
    body: phraseSuggestions(context.store, accountId(context), context.body),
  }));
  router.add('POST', '/suggestions/categories/query', (context) => ({
    body: categorySuggestions(context.store, accountId(context), context.body),
  }));
  router.add('POST', '/suggestions/target-cpas/query', (context) => ({
    body: targetCpaSuggestion(context.store, accountId(context), context.body),
  }));
  for (const [path, kind] of KINDS) {
    router.add('POST', `/recommendations/${path}/query`, (context) => ({
      body: queryRecommendations(context.store, accountId(context), kind, context.body),
    }));
    for (const [action, decision] of [
      ['apply', 'APPLIED'],
      ['dismiss', 'DISMISSED'],
    ] as const)
      router.add('POST', `/recommendations/${path}/${action}`, (context) => ({
        body: decideRecommendations(
          context.store,
          accountId(context),
          kind,
          decision,
          context.body,
          context.user.userId,
        ),
      }));
  }
}
