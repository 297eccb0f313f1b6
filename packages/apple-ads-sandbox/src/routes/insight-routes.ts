// Insights: search-term popularity from the catalogue, impression share of the promoted apps.
import type { Router } from '../server/router.js';
import { impressionShare } from '../insights/impression-share.js';
import { searchTermPopularity } from '../insights/search-term-popularity.js';
import { accountId } from './scope.js';

export function registerInsightRoutes(router: Router): void {
  router.add('POST', '/insights/apps/search-term-popularity/query', (context) => ({
    body: searchTermPopularity(context.body, context.store.now()),
  }));
  router.add('POST', '/insights/apps/impression-share/query', (context) => ({
    body: impressionShare(context.store, accountId(context), context.body),
  }));
}
