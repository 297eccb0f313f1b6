// Selector semantics shared by every /query endpoint and report filters: AND-ed filters with
// Apple's operators, multi-field sorting (default id ASC) and offset pagination.
import {
  selectorShapeSchema,
  violationsOf,
  type RequestSchema,
  type Selector,
  type SelectorFilter,
} from '@tapwise/apple-ads-schemas';
import { ApiError, detail } from './api-error.js';

export type QueryInput = Selector;

/** A 400 naming every rule of `schema` that `body` breaks, in Apple's error details. */
export function refuseInvalid<T>(
  schema: RequestSchema<T>,
  body: unknown,
  errorCode = 'INVALID_REQUEST',
): T {
  const violations = violationsOf(schema, body ?? {});
  if (violations.length > 0)
    throw new ApiError(
      400,
      errorCode,
      'Validation errors found',
      violations.map((violation) => detail(violation.code, violation.message, violation.field)),
    );
  return schema.parse(body ?? {});
}

export function fieldValue(entity: unknown, path: string): unknown {
  let current: unknown = entity;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  // Money compares by amount.
  if (current && typeof current === 'object' && 'amount' in (current as object))
    return Number((current as { amount: string }).amount);
  return current;
}

function normalise(value: unknown, ignoreCase: boolean): unknown {
  if (typeof value === 'string') return ignoreCase ? value.toLowerCase() : value;
  return value;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b !== 'number' && b !== null && b !== undefined)
    return a - Number(b);
  if (typeof a === 'string' && typeof b === 'number') return Number(a) - b;
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

function likeToRegExp(pattern: string, ignoreCase: boolean): RegExp {
  const escaped = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${escaped}$`, ignoreCase ? 'i' : '');
}

type Filter = { field: string; operator: string; value?: unknown; ignoreCase?: boolean };

export function matchesFilter(entity: unknown, filter: Filter): boolean {
  return filterMatcher(filter)(entity);
}

/**
 * A filter as a test of one entity, its values prepared once: a query runs it over every entity
 * of an account, and `IN` may name a thousand ad groups.
 */
export function filterMatcher(filter: Filter): (entity: unknown) => boolean {
  const ignoreCase = filter.ignoreCase === true;
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) =>
    normalise(v, ignoreCase),
  );
  const actualOf = (entity: unknown) => normalise(fieldValue(entity, filter.field), ignoreCase);
  if (filter.operator === 'IN' || filter.operator === 'NOT_IN') {
    const isIn = membership(values);
    const wanted = filter.operator === 'IN';
    return (entity) => isIn(actualOf(entity)) === wanted;
  }
  return (entity) => matchesValues(actualOf(entity), filter, values, ignoreCase);
}

/**
 * Whether `equal` holds for the value and any of `values`, by set lookups: equal strings, or
 * equal numbers where either side is a number (compare's coercions).
 */
function membership(values: unknown[]): (actual: unknown) => boolean {
  const strings = new Set(values.map(String));
  const asNumbers = new Set(
    values
      .filter((v) => v !== null && v !== undefined)
      .map(Number)
      .filter((n) => !Number.isNaN(n)),
  );
  const numbers = new Set(values.filter((v) => typeof v === 'number' && !Number.isNaN(v)));
  return (actual) =>
    strings.has(String(actual)) ||
    (typeof actual === 'number' && asNumbers.has(actual)) ||
    (typeof actual === 'string' && numbers.has(Number(actual)));
}

function matchesValues(
  actual: unknown,
  filter: Filter,
  values: unknown[],
  ignoreCase: boolean,
): boolean {
  const first = values[0];
  const equal = (a: unknown, b: unknown) => compare(a, b) === 0 || String(a) === String(b);
  const list = Array.isArray(actual) ? actual.map((v) => normalise(v, ignoreCase)) : [actual];
  switch (filter.operator) {
    case 'EQUALS':
      return equal(actual, first);
    case 'NOT_EQUALS':
      return !equal(actual, first);
    case 'LESS_THAN':
      return compare(actual, first) < 0;
    case 'LESS_THAN_OR_EQUAL_TO':
      return compare(actual, first) <= 0;
    case 'GREATER_THAN':
      return compare(actual, first) > 0;
    case 'GREATER_THAN_OR_EQUAL_TO':
      return compare(actual, first) >= 0;
    case 'BETWEEN':
      return compare(actual, values[0]) >= 0 && compare(actual, values[1]) <= 0;
    case 'CONTAINS':
      return typeof actual === 'string'
        ? actual.includes(String(first))
        : list.some((v) => equal(v, first));
    case 'CONTAINS_ANY':
      return values.some((value) => list.some((v) => equal(v, value)));
    case 'CONTAINS_ALL':
      return values.every((value) => list.some((v) => equal(v, value)));
    case 'NOT_CONTAINS_ANY':
      return !values.some((value) => list.some((v) => equal(v, value)));
    case 'NOT_CONTAINS_ALL':
      return !values.every((value) => list.some((v) => equal(v, value)));
    case 'STARTS_WITH':
      return typeof actual === 'string' && actual.startsWith(String(first));
    case 'ENDS_WITH':
      return typeof actual === 'string' && actual.endsWith(String(first));
    case 'LIKE':
      return typeof actual === 'string' && likeToRegExp(String(first), ignoreCase).test(actual);
    case 'NOT_LIKE':
      return typeof actual === 'string' && !likeToRegExp(String(first), ignoreCase).test(actual);
    case 'IS_NULL':
      return actual === null || actual === undefined;
    case 'IS_NOT_NULL':
      return actual !== null && actual !== undefined;
    default:
      return false;
  }
}

export function sortEntities<T>(
  items: T[],
  sorting: QueryInput['sorting'],
  value: (item: T, field: string) => unknown = fieldValue,
): T[] {
  const sorts = (sorting ?? [])
    .filter((sort) => sort.field)
    .map((sort) => ({ field: sort.field as string, direction: sort.order === 'DESC' ? -1 : 1 }));
  if (!sorts.some((sort) => sort.field === 'id')) sorts.push({ field: 'id', direction: 1 });
  return items.sort((a, b) => {
    for (const sort of sorts) {
      const order = compare(value(a, sort.field), value(b, sort.field));
      if (order !== 0) return order * sort.direction;
    }
    return 0;
  });
}

export interface Page<T> {
  result: T[];
  pagination: { offset: number; pageSize: number; totalCount?: number };
}

export function pageOf<T>(
  items: T[],
  pagination: QueryInput['pagination'],
  defaults: { pageSize: number; max: number },
): Page<T> {
  const offset = pagination?.offset ?? 0;
  const pageSize = pagination?.pageSize ?? defaults.pageSize;
  if (!Number.isInteger(offset) || offset < 0)
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
      detail('INVALID_VALUE', 'offset must be a non-negative integer', 'pagination.offset'),
    ]);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > defaults.max) {
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
      detail(
        'INVALID_VALUE',
        `pageSize must be between 1 and ${defaults.max}`,
        'pagination.pageSize',
      ),
    ]);
  }
  const result = items.slice(offset, offset + pageSize);
  const page: Page<T> = { result, pagination: { offset, pageSize: result.length } };
  if (pagination?.fetchTotalCount) page.pagination.totalCount = items.length;
  return page;
}

/**
 * Runs a full entity query: the endpoint's selector rules (shape and operator arity only when
 * it has none), filters (deleted rows only when asked), sort, page.
 */
export function runQuery<T extends object>(
  items: Iterable<T>,
  body: unknown,
  schema: RequestSchema<Selector> = selectorShapeSchema,
  defaults = { pageSize: 20, max: 1000 },
): Page<T> {
  const selector = refuseInvalid(schema, body);
  const filters: SelectorFilter[] = selector.filters ?? [];
  const asksForDeleted = filters.some((filter) => filter.field === 'deleted');
  const matchers = filters.map(filterMatcher);
  const matched: T[] = [];
  for (const item of items) {
    if (!asksForDeleted && (item as { deleted?: boolean }).deleted === true) continue;
    if (matchers.every((matches) => matches(item))) matched.push(item);
  }
  return pageOf(sortEntities(matched, selector.sorting), selector.pagination, defaults);
}

/** A URL's query parameters as an object: a repeated parameter becomes a list. */
export function queryParams(query: URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    params[key] = values.length > 1 ? values : (values[0] as string);
  }
  return params;
}
