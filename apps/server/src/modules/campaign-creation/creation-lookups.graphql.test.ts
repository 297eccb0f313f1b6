// The wizard's live lookups through the real API, a real database and the in-process Apple Ads
// sandbox as Apple: regions and cities by name, keyword suggestions for the app, refusals of a
// short query, read-only members reading, and another company's ad account not found.
import {
  CAMPAIGN_CREATION_MESSAGES,
  type GeoSearchResult,
  type KeywordSuggestionRow,
} from '@tapwise/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { sandboxReader } from '../sync/sync-test-kit';
import { startCreationWorld, type CreationWorld } from './creation-test-world';

let world: CreationWorld;

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
}, 300_000);
afterEach(() => world.sandbox.resetFaults());
afterAll(() => world?.close());

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string; details?: unknown } }[];
}

const SEARCH_GEO = `query($adAccountId: Float!, $countryCode: String!, $query: String!,
  $entity: GeoTargetEntity!) {
  searchGeo(adAccountId: $adAccountId, countryCode: $countryCode, query: $query, entity: $entity) {
    id displayName entity countryOrRegion adminArea locality } }`;

const SUGGESTIONS = `query($adAccountId: Float!, $adamId: Float!, $countries: [String!]!,
  $seeds: [String!]) {
  getKeywordSuggestions(adAccountId: $adAccountId, adamId: $adamId, countries: $countries,
    seeds: $seeds) { text popularity } }`;

const searchGeo = async (
  variables: { countryCode: string; query: string; entity: string; adAccountId?: number },
  session: Session = world.company.session,
) =>
  (await apiClient(world.server.url).graphql<{ searchGeo: GeoSearchResult[] }>(
    SEARCH_GEO,
    { adAccountId: world.adAccountId, ...variables },
    session,
  )) as Answer<{ searchGeo: GeoSearchResult[] }>;

const suggestions = async (
  variables: { countries: string[]; seeds?: string[] },
  session: Session = world.company.session,
) =>
  (await apiClient(world.server.url).graphql<{ getKeywordSuggestions: KeywordSuggestionRow[] }>(
    SUGGESTIONS,
    { adAccountId: world.adAccountId, adamId: world.adamId, ...variables },
    session,
  )) as Answer<{ getKeywordSuggestions: KeywordSuggestionRow[] }>;

describe('searchGeo', () => {
  it("answers a country's regions matching the name, with the numeric ids targeting takes", async () => {
    const answer = await searchGeo({ countryCode: 'US', query: 'calif', entity: 'AdminArea' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.searchGeo).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        displayName: 'California, United States',
        entity: 'AdminArea',
        countryOrRegion: 'US',
        adminArea: 'CA',
        locality: null,
      },
    ]);
  });

  it('answers cities of the country only, to a read-only member too', async () => {
    const answer = await searchGeo(
      { countryCode: 'GB', query: 'cambridge', entity: 'Locality' },
      world.readOnlyMember,
    );
    expect(answer.errors).toBeUndefined();
    // The US has a Cambridge too (Massachusetts): the country narrows it out.
    expect(answer.data!.searchGeo).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        displayName: 'Cambridge, England, United Kingdom',
        entity: 'Locality',
        countryOrRegion: 'GB',
        adminArea: 'ENG',
        locality: 'Cambridge',
      },
    ]);
  });

  it('refuses a query of one character and a country code that is not two letters', async () => {
    const short = await searchGeo({ countryCode: 'US', query: 'c', entity: 'Locality' });
    expect(short.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { query: 'validation.textLength' },
    });
    const country = await searchGeo({ countryCode: 'USA', query: 'ca', entity: 'Locality' });
    expect(country.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { countryCode: 'validation.countryInvalid' },
    });
  });

  it("answers another company's ad account as not found", async () => {
    const answer = await searchGeo(
      { countryCode: 'US', query: 'calif', entity: 'AdminArea' },
      world.otherCompany,
    );
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
  });

  it('says it could not search when Apple does not answer', async () => {
    world.sandbox.setFaults({ rateLimitBurst: 10, retryAfterSeconds: 0 });
    const answer = await searchGeo({ countryCode: 'US', query: 'calif', entity: 'AdminArea' });
    expect(answer.errors?.[0]).toMatchObject({
      message: CAMPAIGN_CREATION_MESSAGES.geoSearchFailed,
      extensions: { error: 'APPLE_ADS_READ_FAILED' },
    });
  });
});

describe('getKeywordSuggestions', () => {
  it("answers Apple's suggestions for the app with their popularity, most popular first", async () => {
    const answer = await suggestions({ countries: ['US'] });
    expect(answer.errors).toBeUndefined();
    const rows = answer.data!.getKeywordSuggestions;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.text.length).toBeGreaterThan(0);
      expect(row.popularity).toBeGreaterThanOrEqual(0);
      expect(row.popularity).toBeLessThanOrEqual(100);
    }
    expect(rows[0]!.popularity).toBeGreaterThanOrEqual(rows.at(-1)!.popularity);
    expect(rows).toEqual(await suggestionsAskedOfApple(['US']));
  });

  it('answers a read-only member, and refuses an empty country list', async () => {
    const read = await suggestions({ countries: ['US'] }, world.readOnlyMember);
    expect(read.errors).toBeUndefined();
    expect(read.data!.getKeywordSuggestions.length).toBeGreaterThan(0);
    const none = await suggestions({ countries: [] });
    expect(none.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { countries: 'validation.countryRequired' },
    });
  });

  it("answers another company's ad account as not found", async () => {
    const answer = await suggestions({ countries: ['US'] }, world.otherCompany);
    expect(answer.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
  });

  it('says it could not load them when Apple does not answer', async () => {
    world.sandbox.setFaults({ rateLimitBurst: 10, retryAfterSeconds: 0 });
    const answer = await suggestions({ countries: ['US'] });
    expect(answer.errors?.[0]).toMatchObject({
      message: CAMPAIGN_CREATION_MESSAGES.keywordSuggestionsFailed,
      extensions: { error: 'APPLE_ADS_READ_FAILED' },
    });
  });
});

/** What Apple (the sandbox) answers the same question asked directly. */
async function suggestionsAskedOfApple(countries: string[]): Promise<KeywordSuggestionRow[]> {
  const page = await sandboxReader(world.sandbox)
    .forAccount(world.adAccountId)
    .suggestions.keywords(world.adamId, {
      countriesOrRegions: countries,
      pagination: { pageSize: 100 },
    });
  return page.result.map(({ text, popularity }) => ({ text, popularity }));
}
