// Keyword research's direct reads through the real API, a real database and the in-process Apple
// Ads sandbox (with its App Store simulation) as Apple: app details, apps for a term, rankings
// with the company's own keyword facts, ideas, the App Store answer cache, bad input, an App
// Store outage, a read-only member reading and another company's facts never mixing in.
import type { AppForKeyword, KeywordRanking, ResearchApp } from '@tapwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { keywords } from '../ads-data/ads-entities.tables';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';

let world: CreationWorld;
let keywordText: string;

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
  const [keyword] = await world.server.database.db
    .select({ text: keywords.text })
    .from(keywords)
    .where(and(eq(keywords.teamId, world.company.teamId), eq(keywords.deleted, false)))
    .limit(1);
  keywordText = keyword!.text;
}, 300_000);
afterEach(() => world.sandbox.resetFaults());
afterAll(() => world?.close());

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string; details?: Record<string, string> } }[];
}

const ask = async <Data>(
  query: string,
  variables: Record<string, unknown>,
  session: Session = world.company.session,
) => (await apiClient(world.server.url).graphql<Data>(query, variables, session)) as Answer<Data>;

const APP_META = `query($appId: [ID!]!, $location: String) {
  AppMetaData(appId: $appId, location: $location) {
    application_id title icon genres rating developer version price currency rating_count } }`;
const SEARCH = `query($term: String!, $num: Int) {
  searchForApps(term: $term, num: $num) { rank own app { application_id title } } }`;
const RANKINGS = `query($appId: ID!, $keyword: [String!]!) {
  KeywordRankings(appId: $appId, keyword: $keyword) {
    keyword appid rank popularity totalApps organicRank volume percent_sov category
    own { keywordIds localSpend currency impressions taps installs } } }`;
const STAT = `query($keyword: String!, $location: String) {
  KeywordStat(keyword: $keyword, location: $location) {
    id name localSpend currency impressions campaignId campaignName adGroupName matchType } }`;
const BIDDING = `query($keyword: String!) {
  BiddingApps(keyword: $keyword) { rank app { application_id } own { keywordIds } } }`;
const RECOMMENDATIONS = `query($appId: ID!) {
  getRecommendationList(appId: $appId) { keyword rank popularity volume organicRank } }`;
const RECOMENDS = `query($appid: ID!, $term: String) {
  KeywordRecomends(appid: $appid, term: $term) { keyword popularity } }`;

describe('AppMetaData', () => {
  it("answers an app's App Store details, to a read-only member too", async () => {
    const answer = await ask<{ AppMetaData: ResearchApp[] }>(
      APP_META,
      { appId: [String(world.adamId)] },
      world.readOnlyMember,
    );
    expect(answer.errors).toBeUndefined();
    const [app] = answer.data!.AppMetaData;
    expect(app).toMatchObject({ application_id: String(world.adamId) });
    expect(app!.title.length).toBeGreaterThan(0);
    expect(app!.genres.length).toBeGreaterThan(0);
  });

  it('answers a repeated question from the cache, without asking the App Store again', async () => {
    await ask(APP_META, { appId: [String(world.adamId)], location: 'gb' });
    // The next App Store request would fail: a cached answer never reaches it.
    world.sandbox.setFaults({ appStoreOutage: 1 });
    const again = await ask<{ AppMetaData: ResearchApp[] }>(APP_META, {
      appId: [String(world.adamId)],
      location: 'gb',
    });
    expect(again.errors).toBeUndefined();
    expect(world.sandbox.setFaults({}).appStoreOutage).toBe(1);
  });

  it('refuses an unknown app, a malformed id and an unsupported storefront', async () => {
    const unknown = await ask(APP_META, { appId: ['999999999'] });
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'No app with this id in this storefront.',
      extensions: { error: 'NOT_FOUND' },
    });
    const malformed = await ask(APP_META, { appId: ['abc'] });
    expect(malformed.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { 'appId.0': 'validation.appIdInvalid' },
    });
    const storefront = await ask(APP_META, { appId: [String(world.adamId)], location: 'zz' });
    expect(storefront.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { location: 'validation.storefrontUnsupported' },
    });
  });

  it('says the App Store is unavailable during an outage', async () => {
    world.sandbox.setFaults({ appStoreOutage: 20 });
    const answer = await ask(APP_META, { appId: [String(world.adamId)], location: 'fr' });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'The App Store did not answer. Try again in a few minutes.',
      extensions: { error: 'APP_STORE_UNAVAILABLE' },
    });
  });
});

describe('searchForApps', () => {
  it("answers the storefront's search results in order, marking the company's apps", async () => {
    const answer = await ask<{ searchForApps: AppForKeyword[] }>(SEARCH, { term: keywordText });
    expect(answer.errors).toBeUndefined();
    const apps = answer.data!.searchForApps;
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.length).toBeLessThanOrEqual(100);
    expect(apps.map((row) => row.rank)).toEqual(apps.map((_, index) => index + 1));
  });

  it('refuses another num than 100 and an empty term', async () => {
    const num = await ask(SEARCH, { term: keywordText, num: 50 });
    expect(num.errors?.[0]).toMatchObject({ extensions: { error: 'BAD_REQUEST' } });
    const empty = await ask(SEARCH, { term: '  ' });
    expect(empty.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { term: 'validation.required' },
    });
  });
});

describe('KeywordRankings', () => {
  it("ranks terms for the app with popularity, volume, App Store rank and the company's facts", async () => {
    const ideas = await ask<{ getRecommendationList: KeywordRanking[] }>(RECOMMENDATIONS, {
      appId: String(world.adamId),
    });
    const idea = ideas.data!.getRecommendationList[0]!.keyword;
    const answer = await ask<{ KeywordRankings: KeywordRanking[] }>(RANKINGS, {
      appId: String(world.adamId),
      keyword: [keywordText, idea, 'zzzz unknown term'],
    });
    expect(answer.errors).toBeUndefined();
    const [bidOn, popular, unknown] = answer.data!.KeywordRankings;
    expect(bidOn).toMatchObject({ keyword: keywordText, appid: String(world.adamId), rank: 1 });
    expect(bidOn!.totalApps).toBeGreaterThan(0);
    expect(bidOn!.own!.keywordIds.length).toBeGreaterThan(0);
    expect(bidOn!.own!.currency).toBe(world.currency);
    expect(popular).toMatchObject({ keyword: idea, rank: 2 });
    expect(popular!.popularity).toBeGreaterThan(0);
    expect(popular!.volume).toBeGreaterThan(0);
    expect(popular!.category).not.toBeNull();
    expect(unknown).toMatchObject({ rank: 3, popularity: null, volume: null, own: null });
  });
});

describe('KeywordStat and BiddingApps', () => {
  it("lists the company's keywords with the text, and none of them to another company", async () => {
    const own = await ask<{ KeywordStat: { id: string; name: string }[] }>(STAT, {
      keyword: keywordText.toUpperCase(),
    });
    expect(own.errors).toBeUndefined();
    expect(own.data!.KeywordStat.length).toBeGreaterThan(0);
    expect(own.data!.KeywordStat.every((row) => row.name === keywordText.toLowerCase())).toBe(true);
    const other = await ask<{ KeywordStat: unknown[] }>(
      STAT,
      { keyword: keywordText },
      world.otherCompany,
    );
    expect(other.errors).toBeUndefined();
    expect(other.data!.KeywordStat).toEqual([]);
  });

  it('answers the apps competing for a term; another company without Apple Ads is refused', async () => {
    const answer = await ask<{ BiddingApps: { rank: number }[] }>(BIDDING, {
      keyword: keywordText,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.BiddingApps.length).toBeGreaterThan(0);
    const other = await ask(BIDDING, { keyword: keywordText }, world.otherCompany);
    expect(other.errors?.[0]).toMatchObject({
      message: 'Keyword research needs an Apple Ads integration: add one in Settings first.',
      extensions: { error: 'BAD_REQUEST' },
    });
  });
});

describe('recommendations', () => {
  it('ranks keyword ideas for the app, most popular first', async () => {
    const answer = await ask<{ getRecommendationList: KeywordRanking[] }>(RECOMMENDATIONS, {
      appId: String(world.adamId),
    });
    expect(answer.errors).toBeUndefined();
    const list = answer.data!.getRecommendationList;
    expect(list.length).toBeGreaterThan(5);
    const popularity = list.map((row) => row.popularity ?? 0);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const seeded = await ask<{ KeywordRecomends: KeywordRanking[] }>(RECOMENDS, {
      appid: String(world.adamId),
      term: keywordText,
    });
    expect(seeded.errors).toBeUndefined();
  });
});
