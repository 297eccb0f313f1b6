// Geo search over the static gazetteer: GET /search/geo by name (query, entity, countrycode) and
// POST /search/geo by id or legacy id, the requests checked by the shared schemas of
// @tapwise/apple-ads-schemas (geo.ts). Postal codes are a Maps entity; the gazetteer has none.
import {
  geoSearchParamsSchema,
  geoSearchPostSchema,
  type GeoEntityType,
} from '@tapwise/apple-ads-schemas';
import { queryParams, refuseInvalid } from '../server/entity-query.js';
import { GEO_LOCATIONS, type GeoLocation } from './geo-dataset.js';

const DEFAULT_PAGE_SIZE = 20;
/** With an entity below Country and no countrycode, the search reads the US. */
const SUB_NATIONAL: readonly GeoEntityType[] = ['AdminArea', 'Locality', 'PostalCode'];
/** MAPS excludes countries and reads the US and Canada only; APPSTORE excludes postal codes. */
const SUPPLY: Record<string, (location: GeoLocation) => boolean> = {
  APPSTORE: (location) => location.entity !== 'PostalCode',
  MAPS: (location) =>
    location.entity !== 'Country' && ['US', 'CA'].includes(location.countryOrRegion),
};

function pageOf(locations: GeoLocation[], offset = 0, pageSize = DEFAULT_PAGE_SIZE) {
  return {
    result: locations.slice(offset, offset + pageSize),
    pagination: { totalCount: locations.length, offset, pageSize },
  };
}

/** The gazetteer has no soft-blocked geos, so `eligible=true` leaves every match in. */
export function searchGeoByName(query: URLSearchParams) {
  const params = refuseInvalid(geoSearchParamsSchema, queryParams(query));
  const country =
    params.countrycode ?? (params.entity && SUB_NATIONAL.includes(params.entity) ? 'US' : null);
  const needle = params.query === '*' ? null : (params.query?.trim().toLowerCase() ?? null);
  const matches = GEO_LOCATIONS.filter(
    (location) =>
      SUPPLY[params.supplySource]?.(location) &&
      (params.entity === undefined || location.entity === params.entity) &&
      (country === null || location.countryOrRegion === country) &&
      (needle === null || location.displayName.toLowerCase().includes(needle)),
  );
  return pageOf(matches, params.offset, params.pageSize);
}

/** Unlike the GET, the POST answers every geo asked for, whatever the supply source. */
export function searchGeoByIds(body: unknown) {
  const request = refuseInvalid(geoSearchPostSchema, body);
  const found = new Map<string, GeoLocation>();
  for (const { entity, id, legacyId } of request.geoRequest) {
    const location = GEO_LOCATIONS.find(
      (candidate) =>
        candidate.entity === entity &&
        (id != null
          ? candidate.id === id
          : candidate.legacyId.toLowerCase() === legacyId?.toLowerCase()),
    );
    if (location) found.set(location.id, location);
  }
  const locations = [...found.values()].sort((a, b) => (a.displayName < b.displayName ? -1 : 1));
  return pageOf(locations, request.pagination?.offset, request.pagination?.pageSize);
}
