import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryOf, categoryVocabulary, termPopularity } from '../model/catalogue.js';
import {
  createMapsAccount,
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
let maps: number;
let brandId: string;
// A Finance app of the USD account, promoted in the US.
const adamId = '1727975571';

beforeAll(async () => {
  api = await startTestApi();
  ({ maps, brandId } = await createMapsAccount(api));
});
afterAll(() => api.sandbox.close());

const query =
  (path: string) =>
  (filters: unknown[], extra: Record<string, unknown> = {}, context?: number) =>
    api.call('POST', `/suggestions/${path}/query`, { body: { filters, ...extra }, context });
const suggestCategories = query('categories');
const suggestPhrases = query('phrases');
const suggestKeywords = query('keywords');
const suggestTargetCpa = query('target-cpas');
const filter = (field: string, value: string[], operator = 'EQUALS') => ({
  field,
  operator,
  value,
});
const app = [filter('promotedObjectId', [adamId]), filter('promotedObjectType', ['APPSTORE_APP'])];
const brand = () => [
  filter('promotedObjectId', [brandId]),
  filter('promotedObjectType', ['BUSINESS_BRAND']),
];
const suggestion = filter('queryType', ['SUGGESTION']);
const search = filter('queryType', ['SEARCH']);
const column = (response: Json, name: string) => response.body.result.map((row: Json) => row[name]);
const invalid = (response: Json, field: string) => expectRefused(response, 'INVALID_VALUE', field);
const missing = (response: Json) => expectRefused(response, 'MISSING_REQUIRED_FILTER', 'filters');
const appOfCatalogue = () => api.sandbox.store.appsByAdamId.get(Number(adamId))!;

describe('category suggestions', () => {
  it("suggests an app's App Store category with its popularity", async () => {
    const response = await suggestCategories([...app, suggestion]);
    expect(response).toEqual({
      status: 200,
      body: {
        result: [{ category: 'Finance', popularity: termPopularity('finance', 'US') }],
        pagination: { offset: 0, pageSize: 1, totalCount: 1 },
      },
    });
  });

  it("suggests a delegated brand's business categories with their parents, most popular first", async () => {
    const response = await suggestCategories([...brand(), suggestion], {}, maps);
    expect(column(response, 'category').sort()).toEqual(['Retail', 'Shopping']);
    const [first, second] = response.body.result;
    expect(first.popularity).toBeGreaterThanOrEqual(second.popularity);
  });

  it('searches names: IN for exact names, LIKE for part of a name; sorts and pages', async () => {
    const named = await suggestCategories(
      [search, filter('category', ['Productivity', 'Business'], 'IN')],
      { sorting: [{ field: 'category', order: 'DESC' }] },
    );
    expect(column(named, 'category')).toEqual(['Productivity', 'Business']);
    expect(named.body.pagination).toEqual({ offset: 0, pageSize: 2, totalCount: 2 });
    const partial = await suggestCategories([search, filter('category', ['prod'], 'LIKE')]);
    expect(column(partial, 'category')).toEqual(['Productivity']);
    const paged = await suggestCategories([search, filter('category', ['e'], 'LIKE')], {
      pagination: { offset: 1, pageSize: 2 },
    });
    expect(paged.body.pagination).toMatchObject({ offset: 1, pageSize: 2 });
    expect(paged.body.pagination.totalCount).toBeGreaterThan(3);
  });

  it('needs queryType, then the filters of its route', async () => {
    missing(await suggestCategories([]));
    missing(await suggestCategories([suggestion]));
    missing(await suggestCategories([search]));
    invalid(await suggestCategories([filter('queryType', ['BROWSE'])]), 'filters');
    invalid(
      await suggestCategories([
        suggestion,
        filter('promotedObjectId', ['1']),
        filter('promotedObjectType', ['CAMPAIGN']),
      ]),
      'filters',
    );
    invalid(
      await suggestCategories([search, filter('category', ['Finance'])]),
      'filters.1.operator',
    );
    invalid(
      await suggestCategories([{ field: 'queryType', operator: 'EQUALS', value: 'SEARCH' }]),
      'filters.0.value',
    );
    invalid(await suggestCategories([filter('countryOrRegion', ['US'])]), 'filters.0.field');
    invalid(
      await suggestCategories([search, filter('category', ['x'], 'IN')], {
        sorting: [{ field: 'name', order: 'ASC' }],
      }),
      'sorting.0.field',
    );
    invalid(
      await suggestCategories([search, filter('category', ['x'], 'IN')], {
        pagination: { pageSize: 1001 },
      }),
      'pagination.pageSize',
    );
  });

  it('refuses an app or brand the account does not promote', async () => {
    const [, eurAccount] = api.accountIds;
    invalid(await suggestCategories([...app, suggestion], {}, eurAccount), 'filters');
    invalid(await suggestCategories([...brand(), suggestion]), 'filters');
  });
});

describe('phrase suggestions', () => {
  it("proposes an app's category heads and rival names, popular first, in its storefront", async () => {
    const response = await suggestPhrases([...app, suggestion], { pagination: { pageSize: 1000 } });
    const heads = categoryOf(appOfCatalogue()).heads;
    expect(column(response, 'phrase')).toEqual(expect.arrayContaining([...heads]));
    expect(response.body.pagination).toEqual({
      offset: 0,
      pageSize: response.body.result.length,
      totalCount: response.body.result.length,
    });
    const popularity = column(response, 'popularity');
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    for (const row of response.body.result)
      expect(row.popularity).toBe(termPopularity(row.phrase, 'US'));
  });

  it("proposes a delegated brand's business categories", async () => {
    const response = await suggestPhrases([...brand(), suggestion], {}, maps);
    expect(column(response, 'phrase').sort()).toEqual(['retail', 'shopping']);
  });

  it('SEARCH gives the popularity of phrases named with IN and finds phrases with LIKE', async () => {
    const named = await suggestPhrases(
      [search, filter('phrase', ['best budget app', 'invoice'], 'IN')],
      { sorting: [{ field: 'phrase' }] },
    );
    expect(named).toEqual({
      status: 200,
      body: {
        result: [
          { phrase: 'best budget app', popularity: termPopularity('best budget app', 'US') },
          { phrase: 'invoice', popularity: termPopularity('invoice', 'US') },
        ],
        pagination: { offset: 0, pageSize: 2, totalCount: 2 },
      },
    });
    const liked = await suggestPhrases([search, filter('phrase', ['RECIPES'], 'LIKE')]);
    expect(liked.body.result.length).toBeGreaterThan(1);
    expect(column(liked, 'phrase').every((phrase: string) => phrase.includes('recipes'))).toBe(
      true,
    );
  });

  it('takes queryType and the filters of its route, with the operators of the page', async () => {
    missing(await suggestPhrases([]));
    missing(await suggestPhrases([...app]));
    missing(await suggestPhrases([suggestion, filter('promotedObjectId', [adamId])]));
    missing(await suggestPhrases([search]));
    invalid(
      await suggestPhrases([search, filter('phrase', ['meal'], 'STARTS_WITH')]),
      'filters.1.operator',
    );
    invalid(
      await suggestPhrases([...app, suggestion, filter('countryOrRegion', ['US'])]),
      'filters.3.field',
    );
    invalid(
      await suggestPhrases([...app, suggestion], { sorting: [{ field: 'text' }] }),
      'sorting.0.field',
    );
    invalid(await suggestPhrases([...app, suggestion], {}, api.accountIds[1]), 'filters');
  });
});

describe('keyword suggestions', () => {
  it('suggests category keywords the app does not target yet, popular first, 20 a page', async () => {
    const targeted = new Set(
      [...api.sandbox.store.keywords.values()]
        .filter((k) => api.sandbox.store.campaigns.get(k.campaignId)?.promotedObjectId === adamId)
        .map((k) => k.text),
    );
    const vocabulary = categoryVocabulary(categoryOf(appOfCatalogue()));
    const expected = vocabulary.filter((text) => !targeted.has(text));
    const response = await suggestKeywords(app);
    expect(response.body.pagination).toEqual({
      offset: 0,
      pageSize: 20,
      totalCount: expected.length,
    });
    for (const [index, row] of response.body.result.entries()) {
      expect(expected).toContain(row.text);
      expect(row.popularity).toBe(termPopularity(row.text, 'US'));
      if (index > 0)
        expect(row.popularity).toBeLessThanOrEqual(response.body.result[index - 1].popularity);
    }
  });

  it('seeds suggestions with terms IN and scores them in the countriesOrRegions IN', async () => {
    const response = await suggestKeywords(
      [
        ...app,
        filter('terms', ['Recipes', 'invoice'], 'IN'),
        filter('countriesOrRegions', ['GB', 'DE'], 'IN'),
      ],
      { pagination: { pageSize: 1000 }, sorting: [{ field: 'text', order: 'ASC' }] },
    );
    const texts = column(response, 'text');
    expect(texts).toContain('recipes');
    expect(texts).toContain('invoice');
    expect(texts).toEqual([...texts].sort());
    for (const row of response.body.result) {
      expect(row.text.includes('recipes') || row.text.includes('invoice')).toBe(true);
      expect(row.popularity).toBe(
        Math.max(termPopularity(row.text, 'GB'), termPopularity(row.text, 'DE')),
      );
    }
  });

  it("takes the page's fields: promotedObjectId, promotedObjectType EQUALS, terms and countriesOrRegions IN", async () => {
    missing(await suggestKeywords([]));
    missing(await suggestKeywords([filter('promotedObjectId', [adamId])]));
    invalid(await suggestKeywords([...app, filter('countryOrRegion', ['US'])]), 'filters.2.field');
    invalid(await suggestKeywords([...app, filter('terms', ['notes'])]), 'filters.2.operator');
    invalid(
      await suggestKeywords([...app, filter('countriesOrRegions', ['US'], 'CONTAINS_ANY')]),
      'filters.2.operator',
    );
    invalid(
      await suggestKeywords([filter('promotedObjectId', [adamId, '1']), app[1]]),
      'filters.0.value',
    );
    invalid(
      await suggestKeywords([...app, { field: 'terms', operator: 'IN', value: [] }]),
      'filters.2.value',
    );
    invalid(
      await suggestKeywords([
        filter('promotedObjectId', [brandId]),
        filter('promotedObjectType', ['BUSINESS_BRAND']),
      ]),
      'filters',
    );
    invalid(await suggestKeywords(app, { sorting: [{ field: 'phrase' }] }), 'sorting.0.field');
    invalid(
      await suggestKeywords(app, { sorting: [{ field: 'text', order: 'UP' }] }),
      'sorting.0.order',
    );
    invalid(await suggestKeywords(app, { pagination: { offset: -1 } }), 'pagination.offset');
    invalid(await suggestKeywords(app, { pagination: { pageSize: 1001 } }), 'pagination.pageSize');
    expectRefused(await suggestKeywords(app, { fields: ['text'] }), 'INVALID_FIELD', 'fields');
    expectRefused(
      await suggestKeywords([{ ...app[0], values: ['1'] }, app[1]]),
      'INVALID_FIELD',
      'filters.0.values',
    );
  });

  it('refuses an app the account does not promote', async () => {
    invalid(await suggestKeywords(app, {}, api.accountIds[1]), 'filters');
  });
});

describe('target-CPA suggestion', () => {
  it('answers one suggestion: the market with the highest cost per install, in the account currency', async () => {
    const response = await suggestTargetCpa(app);
    expect(response).toEqual({
      status: 200,
      body: {
        result: {
          promotedObjectId: adamId,
          suggestedTargetCPA: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
          countryOrRegion: [expect.stringMatching(/^[A-Z]{2}$/)],
          appCategory: 'Finance',
        },
        pagination: null,
      },
    });
    expect(Number(response.body.result.suggestedTargetCPA.amount)).toBeGreaterThan(0);
    const scoped = await suggestTargetCpa([...app, filter('countryOrRegion', ['JP'], 'IN')]);
    expect(scoped.body.result.countryOrRegion).toEqual(['JP']);
  });

  it('takes promotedObjectId, promotedObjectType APPSTORE_APP and countryOrRegion IN; sorts nothing', async () => {
    missing(await suggestTargetCpa([]));
    invalid(
      await suggestTargetCpa([...app, filter('countryOrRegion', ['US'])]),
      'filters.2.operator',
    );
    invalid(
      await suggestTargetCpa([...app, filter('countriesOrRegions', ['US'], 'IN')]),
      'filters.2.field',
    );
    invalid(
      await suggestTargetCpa([
        filter('promotedObjectId', [brandId]),
        filter('promotedObjectType', ['BUSINESS_BRAND']),
      ]),
      'filters',
    );
    invalid(await suggestTargetCpa(app, { sorting: [{ field: 'popularity' }] }), 'sorting.0.field');
    invalid(await suggestTargetCpa(app, {}, api.accountIds[1]), 'filters');
  });
});
