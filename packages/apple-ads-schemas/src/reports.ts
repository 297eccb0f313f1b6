// Apple's AppsReportingRequest for POST /reports/apps/{level}/query (appsreportingrequest.md,
// timerange.md, appsoptions.md, requestpagination.md, filter.md and the get-app-*-reports.md
// pages): a required campaignId filter, operators and their arity, groupBy per level, and the
// granularity rules, the ones relative to today only when today is given (the sandbox knows the
// account's day; the client does not, so it checks the rest).
import { z } from 'zod';
import { arityProblem, requestPaginationSchema, type RequestSchema } from './selector';

export const REPORT_LEVELS = ['campaigns', 'adgroups', 'keywords', 'searchterms', 'ads'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
export const REPORT_GRANULARITIES = ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;

/** filter.md's operators for reports and insights. */
export const REPORT_OPERATORS = [
  'BETWEEN',
  'CONTAINS',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'ENDS_WITH',
  'EQUALS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'LIKE',
  'NOT_EQUALS',
  'STARTS_WITH',
] as const;

const GROUP_BY_ALL = [
  'deviceClass',
  'ageRange',
  'gender',
  'countryCode',
  'adminArea',
  'locality',
  'countryOrRegion',
] as const;
export const REPORT_GROUP_BY: Record<ReportLevel, readonly string[]> = {
  campaigns: GROUP_BY_ALL,
  adgroups: GROUP_BY_ALL,
  keywords: ['deviceClass', 'countryOrRegion'],
  searchterms: ['deviceClass', 'countryOrRegion'],
  ads: ['countryOrRegion'],
};
const HOURLY_EXCLUDED: readonly string[] = [
  'ageRange',
  'gender',
  'countryCode',
  'adminArea',
  'locality',
];

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}
export const isoDate = (what: string) =>
  z
    .string({ error: `${what} must be a YYYY-MM-DD date` })
    .regex(ISO_DATE, `${what} must be a YYYY-MM-DD date`)
    .refine((value) => Number.isFinite(dayNumber(value)), `${what} must be a real date`);

/** The metrics of a report row (appsmetrics.md): numbers a filter compares with. */
export const REPORT_METRIC_FIELDS: ReadonlySet<string> = new Set([
  'impressions',
  'taps',
  'ttr',
  'localSpend',
  'cpt',
  'cpm',
  'tapInstalls',
  'viewInstalls',
  'totalInstalls',
  'tapNewDownloads',
  'tapRedownloads',
  'viewNewDownloads',
  'viewRedownloads',
  'totalNewDownloads',
  'totalRedownloads',
  'tapInstallCPI',
  'totalAvgCPI',
  'tapInstallRate',
  'totalInstallRate',
  'tapPreOrdersPlaced',
  'viewPreOrdersPlaced',
  'totalPreOrdersPlaced',
]);

const INTEGER = /^\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The type a filter's values must have: ids (`id`, `…Id`: int64, or the Adam ID string) are
 * integers, metrics numbers. filter.md's own example sends a metric as the string "100.00"
 * (Filter.Value: "a bare string"), so a number's digits are taken either way.
 */
function valueTypeProblem(field: string, value: unknown): string | null {
  const values = Array.isArray(value) ? value : [value];
  if (field === 'id' || field.endsWith('Id'))
    return values.every((item) => INTEGER.test(String(item))) ? null : `${field} takes integer ids`;
  if (REPORT_METRIC_FIELDS.has(field))
    return values.every((item) => DECIMAL.test(String(item))) ? null : `${field} takes numbers`;
  return null;
}

/** A Filter (filter.md): single-value operators take a bare value or a one-element array. */
export function reportFilterSchema(operators: readonly [string, ...string[]]) {
  return z
    .strictObject({
      field: z.string({ error: 'filter field is required' }).min(1, 'filter field is required'),
      operator: z.enum(operators, { error: `operator must be one of ${operators.join(', ')}` }),
      value: z.unknown().optional(),
    })
    .superRefine((filter, ctx) => {
      const problem =
        arityProblem(filter.operator, filter.value, () => true) ??
        valueTypeProblem(filter.field, filter.value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
    });
}

export const sortingSchema = z.strictObject({
  field: z.string({ error: 'sort field is required' }).min(1, 'sort field is required'),
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }),
});

/** AppsReportingRequest's shape; BrandsReportingRequest (reports-brands.ts) varies it. */
export const reportShape = z.strictObject({
  timeRange: z.strictObject({
    start: isoDate('timeRange.start'),
    end: isoDate('timeRange.end'),
    granularity: z
      .enum(REPORT_GRANULARITIES, {
        error: `granularity must be one of ${REPORT_GRANULARITIES.join(', ')}`,
      })
      .nullish(),
    timeZone: z.enum(['ORTZ', 'UTC'], { error: 'timeZone must be ORTZ or UTC' }).nullish(),
  }),
  filters: z.array(reportFilterSchema(REPORT_OPERATORS)),
  groupBy: z.array(z.string()).nullish(),
  fields: z.array(z.string()).nullish(),
  sorting: z.array(sortingSchema).nullish(),
  options: z
    .strictObject({
      includeRows: z
        .array(z.enum(['GRAND_TOTAL', 'EMPTY_METRICS'], { error: 'unknown includeRows value' }))
        .nullish(),
    })
    .nullish(),
  pagination: requestPaginationSchema(5000).nullish(),
});
export type ReportingRequest = z.infer<typeof reportShape>;

export type ReportIssue = { message: string; path: (string | number)[]; required?: boolean };

function levelProblems(level: ReportLevel, request: ReportingRequest): ReportIssue[] {
  const issues: ReportIssue[] = [];
  const campaignFilter = request.filters.find((filter) => filter.field === 'campaignId');
  if (!campaignFilter)
    issues.push({
      message: 'a campaignId filter is required (appsreportingrequest.md)',
      path: ['filters'],
      required: true,
    });
  else if (campaignFilter.operator !== 'EQUALS' && campaignFilter.operator !== 'IN')
    issues.push({ message: 'campaignId takes EQUALS or IN', path: ['filters'] });
  issues.push(...dimensionProblems(level, request, REPORT_GROUP_BY));
  if (
    request.options?.includeRows?.includes('EMPTY_METRICS') &&
    ((request.groupBy ?? []).length > 0 || level === 'searchterms')
  )
    issues.push({
      message: 'EMPTY_METRICS is not supported with groupBy or for search terms',
      path: ['options', 'includeRows'],
    });
  return issues;
}

/** groupBy against a level's dimensions, HOURLY's exclusions and the searchterm ORTZ rule. */
export function dimensionProblems(
  level: ReportLevel,
  request: Pick<ReportingRequest, 'timeRange' | 'groupBy'>,
  dimensions: Record<ReportLevel, readonly string[]>,
): ReportIssue[] {
  const issues: ReportIssue[] = [];
  const { granularity, timeZone } = request.timeRange;
  if (level === 'searchterms' && timeZone === 'UTC')
    issues.push({
      message: 'search term reports support ORTZ only',
      path: ['timeRange', 'timeZone'],
    });
  for (const [index, dimension] of (request.groupBy ?? []).entries()) {
    if (!dimensions[level].includes(dimension))
      issues.push({
        message: `groupBy ${dimension} is not supported for ${level} (${dimensions[level].join(', ')})`,
        path: ['groupBy', index],
      });
    if (granularity === 'HOURLY' && HOURLY_EXCLUDED.includes(dimension))
      issues.push({
        message: `groupBy ${dimension} is not supported with HOURLY`,
        path: ['groupBy', index],
      });
  }
  return issues;
}

/** Granularity rules (timerange.md, get-app-*-reports.md); `today` adds the relative ones. */
export function windowProblems(
  level: ReportLevel,
  request: Pick<ReportingRequest, 'timeRange'>,
  today?: string,
): ReportIssue[] {
  const issues: ReportIssue[] = [];
  const start = dayNumber(request.timeRange.start);
  const end = dayNumber(request.timeRange.end);
  const granularity = request.timeRange.granularity;
  const rule = (message: string, field = 'granularity') =>
    issues.push({ message, path: ['timeRange', field] });
  if (start > end) rule('start must not be after end', 'start');
  if (granularity === 'HOURLY' && (level === 'ads' || level === 'searchterms'))
    rule(`HOURLY is not supported for ${level} reports`);
  if (granularity === 'HOURLY' && end - start > 6) rule('HOURLY spans at most 7 days');
  if (granularity === 'DAILY' && end <= start)
    rule('DAILY needs a range longer than one day; omit granularity for a single day');
  if (today === undefined) return issues;
  const now = dayNumber(today);
  if (end > now) rule('end must not be in the future', 'end');
  // Choice: the reference names no outer limit without granularity; 24 months, as v5 had.
  if (start < now - 730) rule('reports reach back 24 months', 'start');
  if (granularity === 'HOURLY' && start < now - 365)
    rule('HOURLY start must be within the last 365 days');
  if (granularity === 'DAILY' && start < now - 90)
    rule('DAILY start must be within the last 90 days');
  if (granularity === 'WEEKLY' && start < now - 365)
    rule('WEEKLY start must be within the last 365 days');
  if (granularity === 'WEEKLY' && end > now - 14) rule('WEEKLY end must be at least 14 days ago');
  if (granularity === 'MONTHLY' && end > now - 90) rule('MONTHLY end must be at least 90 days ago');
  return issues;
}

/** Adds report rules' issues to a refinement, FIELD_REQUIRED where an issue says so. */
export function addReportIssues(ctx: z.RefinementCtx, issues: readonly ReportIssue[]): void {
  for (const issue of issues)
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.path,
      ...(issue.required ? { params: { violation: 'FIELD_REQUIRED' } } : {}),
    });
}

/** The strict request schema of one apps report; `today` (YYYY-MM-DD, the account's day). */
export function reportRequestSchema(
  level: ReportLevel,
  today?: string,
): RequestSchema<ReportingRequest> {
  return reportShape.superRefine((request, ctx) =>
    addReportIssues(ctx, [
      ...levelProblems(level, request),
      ...windowProblems(level, request, today),
    ]),
  );
}
