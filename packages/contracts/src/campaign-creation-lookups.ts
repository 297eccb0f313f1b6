// Live lookups of the campaign wizard (docs/campaign-creation.md): regions and cities by name
// (v1 geo search) and keyword suggestions for the app (v1 keyword suggestions), read from Apple
// for one ad account when asked, never stored.
import { z } from 'zod';
import { CAMPAIGN_CREATION_LIMITS } from './campaign-creation';
import { keywordTextSchema } from './validation/names';

/** The geo levels below a country the wizard targets (v1 adminArea and locality). */
export const GEO_TARGET_ENTITIES = ['AdminArea', 'Locality'] as const;
export type GeoTargetEntity = (typeof GEO_TARGET_ENTITIES)[number];

const appleId = z.number().int().positive();
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid');

/** searchGeo's arguments: Apple refuses a query of one character, so Tapwise does first. */
export const geoSearchInputSchema = z.object({
  adAccountId: appleId,
  countryCode,
  query: z.string().trim().min(2, 'validation.textLength').max(50, 'validation.textLength'),
  entity: z.enum(GEO_TARGET_ENTITIES),
});
export type GeoSearchInput = z.infer<typeof geoSearchInputSchema>;

/** A region or city as the v1 geo search answers it; `id` is what ad group targeting takes. */
export interface GeoSearchResult {
  id: string;
  displayName: string;
  entity: GeoTargetEntity;
  countryOrRegion: string;
  adminArea: string | null;
  locality: string | null;
}

/** getKeywordSuggestions' arguments: popularity is scoped to the campaign's countries. */
export const keywordSuggestionsInputSchema = z.object({
  adAccountId: appleId,
  adamId: appleId,
  countries: z
    .array(countryCode)
    .min(1, 'validation.countryRequired')
    .max(CAMPAIGN_CREATION_LIMITS.countries),
  /** Terms that seed the suggestions; without them Apple suggests from the app alone. */
  seeds: z.array(keywordTextSchema).max(20).nullish(),
});
export type KeywordSuggestionsInput = z.infer<typeof keywordSuggestionsInputSchema>;

export interface KeywordSuggestionRow {
  text: string;
  /** 0-100, as v1 gives it. */
  popularity: number;
}
