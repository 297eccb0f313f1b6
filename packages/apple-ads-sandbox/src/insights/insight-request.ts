// Parts shared by the insights endpoints, whose requests their schemas check: UTC date ranges,
// filter values, refusals and the {result:{rows}, pagination} page.
import { dayFromIsoDate } from '../model/calendar.js';
import { ApiError, type ErrorDetail } from '../server/api-error.js';
import { sortEntities } from '../server/entity-query.js';

export interface Filter {
  field: string;
  operator: string;
  value?: unknown;
  ignoreCase?: boolean;
}

export interface InsightRange {
  startDay: number;
  endDay: number;
  granularity: string;
}

/** The day numbers of an insight's checked timeRange. */
export function insightRange(timeRange: {
  start: string;
  end: string;
  granularity: string;
}): InsightRange {
  return {
    startDay: dayFromIsoDate(timeRange.start),
    endDay: dayFromIsoDate(timeRange.end),
    granularity: timeRange.granularity,
  };
}

/** The values a filter on `field` allows (EQUALS or IN), or null when there is none. */
export function filterValues(filters: Filter[], field: string): string[] | null {
  const filter = filters.find((candidate) => candidate.field === field);
  if (!filter) return null;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  return values.map(String);
}

export function throwIfInvalid(details: ErrorDetail[]): void {
  if (details.length > 0)
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', details);
}

/** Sorts, pages and wraps rows in the insights envelope: {result:{rows}, pagination}. */
export function insightPage<T extends object>(
  rows: T[],
  sorting: { field: string; order: 'ASC' | 'DESC' }[],
  page: { offset: number; pageSize: number },
) {
  const sorted = sortEntities(
    rows,
    sorting,
    (row, field) => (row as Record<string, unknown>)[field],
  );
  const slice = sorted.slice(page.offset, page.offset + page.pageSize);
  return {
    result: { rows: slice },
    pagination: { offset: page.offset, pageSize: slice.length, totalCount: rows.length },
  };
}
