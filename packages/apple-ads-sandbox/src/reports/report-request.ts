// AppsReportingRequest, checked against the shared schema (granularity windows relative to the
// account's day, groupBy per level, the searchterm ORTZ rule, the 5000-row page cap) and read.
import { reportRequestSchema, type ReportLevel } from '@tapwise/apple-ads-schemas';
import { dayFromIsoDate, isoDateOfDay } from '../model/calendar.js';
import { refuseInvalid } from '../server/entity-query.js';

export type { ReportLevel };

export type Granularity = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY';

export interface QueryFilter {
  field: string;
  operator: string;
  value?: unknown;
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

export function parseReportRequest(
  level: ReportLevel,
  body: unknown,
  today: number,
): ReportRequest {
  const input = refuseInvalid(reportRequestSchema(level, isoDateOfDay(today)), body);
  const campaignFilter = input.filters.find((filter) => filter.field === 'campaignId');
  const includeRows = input.options?.includeRows ?? [];
  return {
    level,
    startDay: dayFromIsoDate(input.timeRange.start),
    endDay: dayFromIsoDate(input.timeRange.end),
    granularity: input.timeRange.granularity ?? null,
    timeZone: input.timeRange.timeZone ?? 'ORTZ',
    groupBy: input.groupBy ?? [],
    filters: input.filters.filter((filter) => filter !== campaignFilter),
    sorting: input.sorting ?? [],
    fields: input.fields ?? null,
    grandTotal: includeRows.includes('GRAND_TOTAL'),
    emptyMetrics: includeRows.includes('EMPTY_METRICS'),
    offset: input.pagination?.offset ?? 0,
    pageSize: input.pagination?.pageSize ?? 100,
    campaignIds: toArray(campaignFilter?.value).map(Number).filter(Number.isFinite),
  };
}

export function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
