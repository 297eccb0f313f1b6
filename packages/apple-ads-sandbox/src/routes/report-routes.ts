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
      const request = parseReportRequest(level, context.body, accountDay(context));
      const key = cacheKey(
        accountId(context),
        request,
        context.store.revision,
        Math.floor(context.store.now() / 60_000),
      );
      let result = cache.get(key);
      if (!result) {
        result = runReport(context.store, accountId(context), request);
        cache.clear();
        cache.set(key, result);
      }
      return { chunks: reportResponseChunks(context.store, request, result) };
    });
  }
}

/** The X-AP-Context account's day: report windows are relative to it. */
export function accountDay(context: RouteContext): number {
  const account = context.store.accountOf(accountId(context));
  return localDayOf(account.timezone, context.store.now());
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
