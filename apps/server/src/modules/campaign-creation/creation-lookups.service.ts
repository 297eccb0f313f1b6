// The wizard's live lookups in Apple for one ad account of the team (docs/campaign-creation.md):
// regions and cities by name, and keyword suggestions for the promoted app. Nothing is stored.
import {
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  geoSearchInputSchema,
  keywordSuggestionsInputSchema,
  type GeoSearchResult,
  type KeywordSuggestionRow,
} from '@tapwise/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { openAppleAdsReader } from '../integrations/apple-ads-reader';

type LookupContext = { db: Database; secrets: SecretBox };

/** Enough matches to choose from while typing; a longer query narrows them (choice). */
const GEO_PAGE_SIZE = 50;
/** Apple's page limit for suggestions; the panel shows them all. */
const SUGGESTIONS_PAGE_SIZE = 100;

export async function searchGeo(
  ctx: LookupContext,
  teamId: string,
  rawInput: unknown,
): Promise<GeoSearchResult[]> {
  const input = geoSearchInputSchema.parse(rawInput);
  const reader = await openAppleAdsReader(ctx, teamId, input.adAccountId);
  const page = await reader.read(
    (account) =>
      account.geo.search({
        supplySource: 'APPSTORE',
        query: input.query,
        entity: input.entity,
        countryCode: input.countryCode,
        pageSize: GEO_PAGE_SIZE,
      }),
    MESSAGES.geoSearchFailed,
  );
  return page.result.map((location) => ({
    id: location.id,
    displayName: location.displayName,
    entity: input.entity,
    countryOrRegion: location.countryOrRegion,
    adminArea: location.adminArea ?? null,
    locality: location.locality ?? null,
  }));
}

export async function keywordSuggestions(
  ctx: LookupContext,
  teamId: string,
  rawInput: unknown,
): Promise<KeywordSuggestionRow[]> {
  const input = keywordSuggestionsInputSchema.parse(rawInput);
  const reader = await openAppleAdsReader(ctx, teamId, input.adAccountId);
  const page = await reader.read(
    (account) =>
      account.suggestions.keywords(input.adamId, {
        countriesOrRegions: input.countries,
        ...(input.seeds?.length ? { terms: input.seeds } : {}),
        pagination: { pageSize: SUGGESTIONS_PAGE_SIZE },
      }),
    MESSAGES.keywordSuggestionsFailed,
  );
  return page.result.map(({ text, popularity }) => ({ text, popularity }));
}
