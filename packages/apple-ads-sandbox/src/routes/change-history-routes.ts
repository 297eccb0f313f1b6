// Change history of the ad account's writes (recorded by every write route in store.changeLog).
import type { Router } from '../server/router.js';
import { changeDetails, queryChangeHistory } from '../change-history/change-history.js';
import { accountId } from './scope.js';

export function registerChangeHistoryRoutes(router: Router): void {
  router.add('POST', '/change-history/query', (context) => ({
    body: queryChangeHistory(context.store, accountId(context), context.body),
  }));
  router.add('GET', '/change-history/{detailId}', (context) => ({
    body: changeDetails(
      context.store,
      accountId(context),
      context.params.detailId ?? '',
      context.query,
    ),
  }));
}
