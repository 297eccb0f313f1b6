// POST /reports/apps/{level}/query. The last computed report is kept for the next page request,
// so walking 5000-row pages does not recompute the whole window each time.
import { localDayOf } from '../model/calendar.js';
import type { RouteContext, Router } from '../server/router.js';
import {
  parseReportRequest,
  type ReportLevel,
  type ReportRequest,
} from '../reports/report-request.js';
import { runReport, type ReportResult } from '../reports/report-engine.js';
import { reportResponseChunks } from '../reports/report-response.js';
import { accountId } from './scope.js';

const LEVELS: readonly ReportLevel[] = ['campaigns', 'adgroups', 'keywords', 'searchterms', 'ads'];

export function registerReportRoutes(router: Router): void {
  const cache = new Map<string, ReportResult>();
  for (const level of LEVELS) {
    router.add('POST', `/reports/apps/${level}/query`, (context: RouteContext) => {
      const account = context.store.accountOf(accountId(context));
      const today = localDayOf(account.timezone, context.store.now());
      const request = parseReportRequest(level, context.body, today);
      const key = cacheKey(
        account.id,
        request,
        context.store.revision,
        Math.floor(context.store.now() / 60_000),
      );
      let result = cache.get(key);
      if (!result) {
        result = runReport(context.store, account.id, request);
        cache.clear();
        cache.set(key, result);
      }
      return { chunks: reportResponseChunks(context.store, request, result) };
    });
  }
}

function cacheKey(
  adAccountId: number,
  request: ReportRequest,
  revision: number,
  minute: number,
): string {
  const { offset: _offset, pageSize: _pageSize, sorting: _sorting, ...rest } = request;
  return JSON.stringify({ adAccountId, revision, minute, ...rest });
}
