// Geo search (v1-maps-locations-and-geo.md): locations by name (GET /search/geo) or by id and
// legacy id (POST /search/geo, a read Apple models as a POST, so it is retried like one). A
// request that breaks the pages' rules is refused before it is sent.
import {
  geoSearchParamsSchema,
  geoSearchPostSchema,
  requireValid,
  type GeoEntityType,
} from '@tapwise/apple-ads-schemas';
import type { AccountCall } from './account-call.js';
import type { Page } from './types.js';

export type GeoEntity = GeoEntityType;
export type GeoSupplySource = 'APPSTORE' | 'MAPS';

export interface GeoLocation {
  /** Numeric string: the value for ad group geo targeting. */
  id: string;
  /** Pipe-delimited hierarchy: US, US|CA, US|CA|San Francisco. */
  legacyId: string;
  entity: GeoEntity | (string & {});
  displayName: string;
  countryOrRegion: string;
  adminArea?: string;
  locality?: string;
  postalCode?: string;
  eligibility?: { blockedGroups?: { supplySource: string[]; reasons: string[] }[] };
}

export interface GeoSearch {
  supplySource: GeoSupplySource;
  /** At least two characters when given; omitted or * = every match. */
  query?: string;
  entity?: GeoEntity;
  /** ISO 3166-1 alpha-2; Apple reads the US below country level when omitted. */
  countryCode?: string;
  eligible?: boolean;
  offset?: number;
  pageSize?: number;
}

export type GeoLookup = { entity: GeoEntity } & ({ id: string } | { legacyId: string });

export interface GeoOperations {
  search(search: GeoSearch): Promise<Page<GeoLocation>>;
  lookup(
    requests: GeoLookup[],
    options: { supplySource: GeoSupplySource; offset?: number; pageSize?: number },
  ): Promise<Page<GeoLocation>>;
}

export function geoOperations(call: AccountCall): GeoOperations {
  return {
    search: async (search) => {
      const params = {
        supplySource: search.supplySource,
        query: search.query,
        entity: search.entity,
        countrycode: search.countryCode,
        eligible: search.eligible,
        offset: search.offset,
        pageSize: search.pageSize,
      };
      requireValid('GET /search/geo', geoSearchParamsSchema, params);
      return call('GET', '/search/geo', undefined, params);
    },
    lookup: async (requests, options) => {
      const body = {
        geoRequest: requests,
        supplySource: options.supplySource,
        pagination: { offset: options.offset ?? 0, pageSize: options.pageSize ?? 20 },
      };
      requireValid('POST /search/geo', geoSearchPostSchema, body);
      return call('POST', '/search/geo', body, undefined, { read: true });
    },
  };
}
