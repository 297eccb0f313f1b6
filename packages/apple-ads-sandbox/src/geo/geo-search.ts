// Geo search over the static gazetteer: GET /search/geo by name (query, entity, countrycode) and
// POST /search/geo by id or legacy id. supplySource is required (APPSTORE or MAPS, any case);
// postal codes are a Maps entity, and the gazetteer has none.
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { GEO_LOCATIONS, type GeoEntity, type GeoLocation } from './geo-dataset.js';

const ENTITIES: readonly GeoEntity[] = ['Country', 'AdminArea', 'Locality', 'PostalCode'];
const SUPPLY_SOURCES = ['APPSTORE', 'MAPS'];
const PAGE = { pageSize: 20, max: 1000 };

function entityOf(value: unknown, field: string, details: ErrorDetail[]): GeoEntity | null {
  const entity = ENTITIES.find(
    (candidate) => typeof value === 'string' && candidate.toLowerCase() === value.toLowerCase(),
  );
  if (!entity)
    details.push(detail('INVALID_VALUE', `entity must be one of ${ENTITIES.join(', ')}`, field));
  return entity ?? null;
}

function supplySourceOf(value: unknown, details: ErrorDetail[]): string {
  const supplySource = typeof value === 'string' ? value.toUpperCase() : '';
  if (!SUPPLY_SOURCES.includes(supplySource))
    details.push(
      detail('INVALID_VALUE', 'supplySource is required: APPSTORE or MAPS', 'supplySource'),
    );
  return supplySource;
}

function pageOf(
  locations: GeoLocation[],
  offsetValue: unknown,
  pageSizeValue: unknown,
  details: ErrorDetail[],
) {
  const offset = offsetValue === undefined || offsetValue === null ? 0 : Number(offsetValue);
  const pageSize =
    pageSizeValue === undefined || pageSizeValue === null ? PAGE.pageSize : Number(pageSizeValue);
  if (!Number.isInteger(offset) || offset < 0)
    details.push(detail('INVALID_VALUE', 'offset must be a non-negative integer', 'offset'));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE.max)
    details.push(detail('INVALID_VALUE', `pageSize must be between 1 and ${PAGE.max}`, 'pageSize'));
  if (details.length > 0)
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', details);
  return {
    result: locations.slice(offset, offset + pageSize),
    pagination: { totalCount: locations.length, offset, pageSize },
  };
}

export function searchGeoByName(query: URLSearchParams) {
  const details: ErrorDetail[] = [];
  supplySourceOf(query.get('supplySource'), details);
  const text = query.get('query');
  if (text !== null && text.trim().length < 2)
    details.push(detail('INVALID_VALUE', 'query needs at least two characters', 'query'));
  const entityParam = query.get('entity');
  const entity = entityParam === null ? null : entityOf(entityParam, 'entity', details);
  const country = query.get('countrycode')?.toUpperCase() ?? null;
  const needle = text?.trim().toLowerCase() ?? null;
  const matches = GEO_LOCATIONS.filter(
    (location) =>
      (entity === null || location.entity === entity) &&
      (country === null || location.countryOrRegion === country) &&
      (needle === null || location.displayName.toLowerCase().includes(needle)),
  );
  return pageOf(matches, query.get('offset'), query.get('pageSize'), details);
}

export function searchGeoByIds(body: unknown) {
  const input = (body ?? {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  supplySourceOf(input.supplySource, details);
  const requests = input.geoRequest;
  if (!Array.isArray(requests) || requests.length === 0)
    details.push(detail('FIELD_REQUIRED', 'geoRequest must be a non-empty array', 'geoRequest'));
  const found = new Map<string, GeoLocation>();
  for (const [index, request] of (Array.isArray(requests) ? requests : []).entries()) {
    const { entity: entityValue, id, legacyId } = (request ?? {}) as Record<string, unknown>;
    const entity = entityOf(entityValue, `geoRequest[${index}].entity`, details);
    if ((id === undefined || id === null) === (legacyId === undefined || legacyId === null)) {
      details.push(
        detail('INVALID_VALUE', 'give exactly one of id and legacyId', `geoRequest[${index}]`),
      );
      continue;
    }
    const location = GEO_LOCATIONS.find(
      (candidate) =>
        candidate.entity === entity &&
        (id !== undefined && id !== null
          ? candidate.id === String(id)
          : candidate.legacyId.toLowerCase() === String(legacyId).toLowerCase()),
    );
    if (location) found.set(location.id, location);
  }
  const pagination = (input.pagination ?? {}) as Record<string, unknown>;
  const locations = [...found.values()].sort((a, b) => (a.displayName < b.displayName ? -1 : 1));
  return pageOf(locations, pagination.offset, pagination.pageSize, details);
}
