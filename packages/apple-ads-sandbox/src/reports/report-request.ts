// Validation of AppsReportingRequest per v1-reports.md and WIRE.md section 7: granularity
// windows, groupBy restrictions, the searchterm ORTZ rule and the 5000-row page cap.
import { dayFromIsoDate } from '../model/calendar.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';

export type ReportLevel = 'campaigns' | 'adgroups' | 'keywords' | 'searchterms' | 'ads';
export type Granularity = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY';

export interface QueryFilter {
  field: string;
  operator: string;
  value: unknown;
  ignoreCase?: boolean;
}

export interface ReportRequest {
  level: ReportLevel;
  startDay: number;
  endDay: number;
  granularity: Granularity | null;
  timeZone: 'ORTZ' | 'UTC';
  groupBy: string[];
  filters: QueryFilter[];
  sorting: { field: string; order: 'ASC' | 'DESC' }[];
  fields: string[] | null;
  grandTotal: boolean;
  emptyMetrics: boolean;
  offset: number;
  pageSize: number;
  campaignIds: number[];
}

const GROUP_BY: Record<ReportLevel, readonly string[]> = {
  campaigns: [
    'deviceClass',
    'ageRange',
    'gender',
    'countryCode',
    'adminArea',
    'locality',
    'countryOrRegion',
  ],
  adgroups: [
    'deviceClass',
    'ageRange',
    'gender',
    'countryCode',
    'adminArea',
    'locality',
    'countryOrRegion',
  ],
  keywords: ['deviceClass', 'countryOrRegion'],
  searchterms: ['deviceClass', 'countryOrRegion'],
  ads: ['countryOrRegion'],
};
const HOURLY_EXCLUDED = ['ageRange', 'gender', 'countryCode', 'adminArea', 'locality'];

export function parseReportRequest(
  level: ReportLevel,
  body: unknown,
  today: number,
): ReportRequest {
  const input = (body ?? {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const timeRange = (input.timeRange ?? {}) as Record<string, unknown>;
  const start =
    typeof timeRange.start === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(timeRange.start)
      ? dayFromIsoDate(timeRange.start)
      : null;
  const end =
    typeof timeRange.end === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(timeRange.end)
      ? dayFromIsoDate(timeRange.end)
      : null;
  if (start === null)
    details.push(
      detail('FIELD_REQUIRED', 'timeRange.start must be a YYYY-MM-DD date', 'timeRange.start'),
    );
  if (end === null)
    details.push(
      detail('FIELD_REQUIRED', 'timeRange.end must be a YYYY-MM-DD date', 'timeRange.end'),
    );
  const granularity = (timeRange.granularity ?? null) as Granularity | null;
  if (granularity !== null && !['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'].includes(granularity)) {
    details.push(
      detail(
        'INVALID_VALUE',
        `unknown granularity ${String(granularity)}`,
        'timeRange.granularity',
      ),
    );
  }
  const timeZone = (timeRange.timeZone ?? 'ORTZ') as 'ORTZ' | 'UTC';
  if (timeZone !== 'ORTZ' && timeZone !== 'UTC')
    details.push(detail('INVALID_VALUE', 'timeZone must be ORTZ or UTC', 'timeRange.timeZone'));
  if (level === 'searchterms' && timeZone === 'UTC')
    details.push(
      detail('INVALID_VALUE', 'search term reports support ORTZ only', 'timeRange.timeZone'),
    );
  if (start !== null && end !== null)
    details.push(...windowProblems(level, start, end, granularity, today));

  const groupBy = Array.isArray(input.groupBy) ? (input.groupBy as string[]) : [];
  for (const dimension of groupBy) {
    if (!GROUP_BY[level].includes(dimension))
      details.push(
        detail('INVALID_VALUE', `groupBy ${dimension} is not supported for ${level}`, 'groupBy'),
      );
    if (granularity === 'HOURLY' && HOURLY_EXCLUDED.includes(dimension))
      details.push(
        detail('INVALID_VALUE', `groupBy ${dimension} is not supported with HOURLY`, 'groupBy'),
      );
  }
  const options = (input.options ?? {}) as Record<string, unknown>;
  const includeRows = Array.isArray(options.includeRows) ? (options.includeRows as string[]) : [];
  const emptyMetrics = includeRows.includes('EMPTY_METRICS');
  if (emptyMetrics && (groupBy.length > 0 || level === 'searchterms')) {
    details.push(
      detail(
        'INVALID_VALUE',
        'EMPTY_METRICS is not supported with groupBy or for search terms',
        'options.includeRows',
      ),
    );
  }
  const filters = Array.isArray(input.filters) ? (input.filters as QueryFilter[]) : [];
  const campaignFilter = filters.find((filter) => filter.field === 'campaignId');
  const campaignIds = campaignFilter
    ? toArray(campaignFilter.value).map(Number).filter(Number.isFinite)
    : [];
  if (!campaignFilter || campaignIds.length === 0)
    details.push(detail('FIELD_REQUIRED', 'a campaignId filter is required', 'filters'));
  const pagination = (input.pagination ?? {}) as Record<string, unknown>;
  const offset =
    pagination.offset === undefined || pagination.offset === null ? 0 : Number(pagination.offset);
  const pageSize =
    pagination.pageSize === undefined || pagination.pageSize === null
      ? 100
      : Number(pagination.pageSize);
  if (!Number.isInteger(offset) || offset < 0)
    details.push(
      detail('INVALID_VALUE', 'offset must be a non-negative integer', 'pagination.offset'),
    );
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 5000)
    details.push(
      detail('INVALID_VALUE', 'pageSize must be between 1 and 5000', 'pagination.pageSize'),
    );
  const sorting = Array.isArray(input.sorting)
    ? (input.sorting as { field: string; order: 'ASC' | 'DESC' }[])
    : [];
  for (const sort of sorting)
    if (sort.order !== 'ASC' && sort.order !== 'DESC')
      details.push(detail('INVALID_VALUE', 'order must be ASC or DESC', 'sorting'));
  if (details.length > 0)
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', details);
  return {
    level,
    startDay: start as number,
    endDay: end as number,
    granularity,
    timeZone,
    groupBy,
    filters: filters.filter((filter) => filter.field !== 'campaignId'),
    sorting,
    fields: Array.isArray(input.fields) ? (input.fields as string[]) : null,
    grandTotal: includeRows.includes('GRAND_TOTAL'),
    emptyMetrics,
    offset,
    pageSize,
    campaignIds,
  };
}

function windowProblems(
  level: ReportLevel,
  start: number,
  end: number,
  granularity: Granularity | null,
  today: number,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const field = 'timeRange';
  if (start > end) problems.push(detail('INVALID_VALUE', 'start must not be after end', field));
  if (end > today) problems.push(detail('INVALID_VALUE', 'end must not be in the future', field));
  if (start < today - 730)
    problems.push(detail('INVALID_VALUE', 'reports reach back 24 months', field));
  switch (granularity) {
    case 'HOURLY':
      if (level === 'ads' || level === 'searchterms')
        problems.push(detail('INVALID_VALUE', 'HOURLY is not supported for this report', field));
      if (end - start > 6)
        problems.push(detail('INVALID_VALUE', 'HOURLY spans at most 7 days', field));
      if (start < today - 365)
        problems.push(detail('INVALID_VALUE', 'HOURLY start must be within 365 days', field));
      break;
    case 'DAILY':
      if (start < today - 90)
        problems.push(
          detail('INVALID_VALUE', 'DAILY start must be within the last 90 days', field),
        );
      if (end <= start)
        problems.push(detail('INVALID_VALUE', 'a one-day window takes no granularity', field));
      break;
    case 'WEEKLY':
      if (start < today - 365)
        problems.push(detail('INVALID_VALUE', 'WEEKLY start must be within 365 days', field));
      if (end > today - 14)
        problems.push(detail('INVALID_VALUE', 'WEEKLY end must be at least 14 days ago', field));
      break;
    case 'MONTHLY':
      if (end > today - 90)
        problems.push(detail('INVALID_VALUE', 'MONTHLY end must be at least 90 days ago', field));
      break;
    default:
      break;
  }
  return problems;
}

export function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
