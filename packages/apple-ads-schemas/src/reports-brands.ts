// Apple's BrandsReportingRequest for POST /reports/business-brands/{level}/query
// (brandsreportingrequest.md, brandsoptions.md, get-brand-*-reports.md): the apps request's shape
// and granularity windows (reports.ts), with filters optional, the Apple Maps groupBy dimensions
// and GRAND_TOTAL as the only includeRows value.
import { z } from 'zod';
import {
  addReportIssues,
  dimensionProblems,
  REPORT_OPERATORS,
  reportFilterSchema,
  reportShape,
  windowProblems,
  type ReportLevel,
} from './reports';
import type { RequestSchema } from './selector';

const MAPS_GROUP_BY = ['deviceClass', 'locationId', 'supplyPlacement'] as const;
/** Keywords and search terms exclude supplyPlacement and locationId (get-brand-keyword-reports.md). */
export const BRAND_REPORT_GROUP_BY: Record<ReportLevel, readonly string[]> = {
  campaigns: MAPS_GROUP_BY,
  adgroups: MAPS_GROUP_BY,
  ads: MAPS_GROUP_BY,
  keywords: ['deviceClass'],
  searchterms: ['deviceClass'],
};

const brandsReportShape = reportShape.extend({
  filters: z.array(reportFilterSchema(REPORT_OPERATORS)).nullish(),
  options: z
    .strictObject({
      includeRows: z
        .array(
          z.enum(['GRAND_TOTAL'], {
            error: 'includeRows takes GRAND_TOTAL only: EMPTY_METRICS is not supported for brands',
          }),
        )
        .nullish(),
    })
    .nullish(),
});
export type BrandsReportingRequest = z.infer<typeof brandsReportShape>;

/** The strict request schema of one brands report; `today` (YYYY-MM-DD, the account's day). */
export function brandsReportRequestSchema(
  level: ReportLevel,
  today?: string,
): RequestSchema<BrandsReportingRequest> {
  return brandsReportShape.superRefine((request, ctx) =>
    addReportIssues(ctx, [
      ...dimensionProblems(level, request, BRAND_REPORT_GROUP_BY),
      ...windowProblems(level, request, today),
    ]),
  );
}
