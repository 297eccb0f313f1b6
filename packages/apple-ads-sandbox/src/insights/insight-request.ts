// Request parts shared by the insights endpoints: UTC date ranges, RequestPagination (offset,
// pageSize), at most two sort fields and Apple's filter operators, each checked at the edge.
import { dayFromIsoDate } from '../model/calendar.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { filterListSchema } from '@tapwise/apple-ads-schemas';
import { refuseInvalid, sortEntities } from '../server/entity-query.js';

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

/** Filters of filter.md (field, operator, value of the operator's arity). */
export function parseFilters(body: Record<string, unknown>): Filter[] {
  return refuseInvalid(filterListSchema, { filters: body.filters }).filters ?? [];
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
