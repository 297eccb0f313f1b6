// Request parts shared by the insights endpoints: UTC date ranges, RequestPagination (offset,
// pageSize), at most two sort fields and Apple's filter operators, each checked at the edge.
import { dayFromIsoDate } from '../model/calendar.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { sortEntities, validateFilters, type QueryInput } from '../server/entity-query.js';

export interface Filter {
  field: string;
  operator: string;
  value: unknown;
  ignoreCase?: boolean;
}

export interface InsightRange {
  startDay: number;
  endDay: number;
  granularity: string;
}

/** Reads timeRange {start, end, granularity, timeZone}; the insights APIs are fixed to UTC. */
export function parseInsightRange(
  body: Record<string, unknown>,
  granularities: readonly string[],
  details: ErrorDetail[],
): InsightRange {
  const timeRange = (body.timeRange ?? null) as Record<string, unknown> | null;
  if (timeRange === null || typeof timeRange !== 'object') {
    details.push(detail('FIELD_REQUIRED', 'timeRange is required', 'timeRange'));
    return { startDay: 0, endDay: 0, granularity: '' };
  }
  const day = (field: 'start' | 'end'): number => {
    const value = timeRange[field];
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const parsed = dayFromIsoDate(value);
      if (Number.isFinite(parsed)) return parsed;
    }
    details.push(
      detail(
        'FIELD_REQUIRED',
        `timeRange.${field} must be a YYYY-MM-DD date`,
        `timeRange.${field}`,
      ),
    );
    return Number.NaN;
  };
  const startDay = day('start');
  const endDay = day('end');
  const granularity = timeRange.granularity;
  if (typeof granularity !== 'string' || !granularities.includes(granularity))
    details.push(
      detail(
        'INVALID_VALUE',
        `timeRange.granularity must be one of ${granularities.join(', ')}`,
        'timeRange.granularity',
      ),
    );
  if (
    timeRange.timeZone !== undefined &&
    timeRange.timeZone !== null &&
    timeRange.timeZone !== 'UTC'
  )
    details.push(detail('INVALID_VALUE', 'timeZone is fixed to UTC', 'timeRange.timeZone'));
  if (startDay > endDay)
    details.push(detail('INVALID_VALUE', 'start must not be after end', 'timeRange'));
  return { startDay, endDay, granularity: String(granularity) };
}

/** RequestPagination: offset and pageSize, pageSize capped per endpoint. */
export function parsePagination(
  body: Record<string, unknown>,
  defaults: { pageSize: number; max: number },
  details: ErrorDetail[],
): { offset: number; pageSize: number } {
  const pagination = (body.pagination ?? {}) as Record<string, unknown>;
  const offset =
    pagination.offset === undefined || pagination.offset === null ? 0 : pagination.offset;
  const pageSize =
    pagination.pageSize === undefined || pagination.pageSize === null
      ? defaults.pageSize
      : pagination.pageSize;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    details.push(
      detail('INVALID_VALUE', 'offset must be a non-negative integer', 'pagination.offset'),
    );
  if (
    typeof pageSize !== 'number' ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > defaults.max
  )
    details.push(
      detail(
        'INVALID_VALUE',
        `pageSize must be between 1 and ${defaults.max}`,
        'pagination.pageSize',
      ),
    );
  return { offset: Number(offset), pageSize: Number(pageSize) };
}

export function parseSorting(
  body: Record<string, unknown>,
  maxFields: number,
  details: ErrorDetail[],
): { field: string; order: 'ASC' | 'DESC' }[] {
  if (body.sorting === undefined || body.sorting === null) return [];
  if (!Array.isArray(body.sorting)) {
    details.push(detail('INVALID_VALUE', 'sorting must be an array', 'sorting'));
    return [];
  }
  const sorting = body.sorting as { field?: unknown; order?: unknown }[];
  if (sorting.length > maxFields)
    details.push(detail('INVALID_VALUE', `at most ${maxFields} sort fields`, 'sorting'));
  return sorting.map((sort, index) => {
    if (typeof sort?.field !== 'string' || sort.field === '')
      details.push(detail('FIELD_REQUIRED', 'sort field is required', `sorting[${index}].field`));
    const order = sort?.order ?? 'ASC';
    if (order !== 'ASC' && order !== 'DESC')
      details.push(detail('INVALID_VALUE', 'order must be ASC or DESC', `sorting[${index}].order`));
    return { field: String(sort?.field ?? ''), order: order === 'DESC' ? 'DESC' : 'ASC' };
  });
}

export function parseFilters(body: Record<string, unknown>): Filter[] {
  if (body.filters !== undefined && body.filters !== null && !Array.isArray(body.filters))
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
      detail('INVALID_VALUE', 'filters must be an array', 'filters'),
    ]);
  return validateFilters(body.filters as QueryInput['filters']);
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
