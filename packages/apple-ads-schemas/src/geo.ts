// Geo search: GET /search/geo by name (searches-for-a-list-of-geo-locations.md) and POST
// /search/geo by id or legacy id (gets-a-list-of-geo-locations.md, geosearchpostrequest.md,
// georequest.md, geosearchpagination.md). Query parameters arrive as strings from a URL and as
// numbers and booleans from the client; both spellings are read.
import { z } from 'zod';
import type { RequestSchema } from './selector';

export const GEO_ENTITIES = ['Country', 'AdminArea', 'Locality', 'PostalCode'] as const;
export type GeoEntityType = (typeof GEO_ENTITIES)[number];
const SUPPLY_SOURCES = ['APPSTORE', 'MAPS'] as const;

/** Choice: pages of up to 1000 rows, as entity queries (the pages give the default 20 only). */
const PAGE_SIZE_MAX = 1000;
/** Below two characters Apple answers MIN_QUERY_LENGTH. */
const MIN_QUERY_LENGTH = 2;

const entity = z.enum(GEO_ENTITIES, `entity must be one of ${GEO_ENTITIES.join(', ')}`);

/** supplySource is "case-insensitive": read in any case, answered upper case. */
const supplySource = z
  .string('supplySource is required: APPSTORE or MAPS')
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(SUPPLY_SOURCES, 'supplySource must be APPSTORE or MAPS'));

const integer = (field: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number<unknown>()
    .int(`${field} must be an integer`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

export const geoSearchParamsSchema = z.strictObject({
  supplySource,
  query: z
    .string()
    .refine((value) => value === '*' || value.trim().length >= MIN_QUERY_LENGTH, {
      message: `query needs at least ${MIN_QUERY_LENGTH} characters (or * for every geo)`,
      params: { violation: 'MIN_QUERY_LENGTH' },
    })
    .optional(),
  entity: entity.optional(),
  countrycode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countrycode is an ISO 3166-1 alpha-2 code')
    .transform((value) => value.toUpperCase())
    .optional(),
  eligible: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: 'eligible is true or false',
    })
    .optional(),
  offset: integer('offset', 0).optional(),
  pageSize: integer('pageSize', 1, PAGE_SIZE_MAX).optional(),
});
export type GeoSearchParams = z.infer<typeof geoSearchParamsSchema>;

const geoRequest = z
  .strictObject({
    entity,
    id: z.string('id is a numeric string').regex(/^\d+$/, 'id is a numeric string').nullish(),
    legacyId: z.string('legacyId is a pipe-delimited string').min(2).nullish(),
  })
  .refine((request) => (request.id == null) !== (request.legacyId == null), {
    message: 'give either id or legacyId, not both (georequest.md)',
  });

const geoSearchPost = z.strictObject({
  geoRequest: z.array(geoRequest).min(1, 'geoRequest lists at least one geo'),
  supplySource,
  pagination: z
    .strictObject({
      offset: integer('pagination.offset', 0).optional(),
      pageSize: integer('pagination.pageSize', 1, PAGE_SIZE_MAX).optional(),
      totalCount: z.int().optional(),
    })
    .nullish(),
});
export type GeoSearchPost = z.infer<typeof geoSearchPost>;
export const geoSearchPostSchema: RequestSchema<GeoSearchPost> = geoSearchPost;
