// POST /reports/business-brands/{level}/query: Apple Maps reports (get-brand-*-reports.md). The
// sandbox models no brand campaigns (POST /campaigns promotes APPSTORE_APP only), so every
// account's brand report is the empty one Apple gives an account without such campaigns.
import { brandsReportRequestSchema, REPORT_LEVELS } from '@tapwise/apple-ads-schemas';
import { isoDateOfDay } from '../model/calendar.js';
import { refuseInvalid } from '../server/entity-query.js';
import type { Router } from '../server/router.js';
import { accountDay } from './report-routes.js';
import { currencyOf } from './scope.js';

export function registerBrandReportRoutes(router: Router): void {
  for (const level of REPORT_LEVELS)
    router.add('POST', `/reports/business-brands/${level}/query`, (context) => {
      const today = isoDateOfDay(accountDay(context));
      const request = refuseInvalid(brandsReportRequestSchema(level, today), context.body);
      // Choice: an empty report's grand total holds the metrics of Apple's grandTotal examples.
      const summary = request.options?.includeRows?.includes('GRAND_TOTAL')
        ? {
            summary: {
              grandTotal: {
                localSpend: { amount: '0.00', currency: currencyOf(context) },
                impressions: 0,
                taps: 0,
              },
            },
          }
        : {};
      return {
        body: {
          result: { rows: [], ...summary },
          pagination: { offset: request.pagination?.offset ?? 0, pageSize: 0, totalCount: 0 },
        },
      };
    });
}
