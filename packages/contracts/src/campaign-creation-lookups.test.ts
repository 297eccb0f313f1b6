import { describe, expect, it } from 'vitest';
import { geoSearchInputSchema, keywordSuggestionsInputSchema } from './campaign-creation-lookups';
import { issuesAt } from './validation/testing';

describe('campaign creation lookups', () => {
  it('searches geo with 2 characters or more, in one country given by its code', () => {
    const search = { adAccountId: 1, countryCode: 'US', query: 'ca', entity: 'AdminArea' };
    expect(issuesAt(geoSearchInputSchema, search)).toEqual([]);
    expect(issuesAt(geoSearchInputSchema, { ...search, query: ' c ' })).toEqual([
      { path: ['query'], message: 'validation.textLength' },
    ]);
    expect(issuesAt(geoSearchInputSchema, { ...search, countryCode: 'us' })).toEqual([
      { path: ['countryCode'], message: 'validation.countryInvalid' },
    ]);
  });

  it('asks suggestions for at least one country, seeds optional', () => {
    const request = { adAccountId: 1, adamId: 2, countries: ['US'] };
    expect(issuesAt(keywordSuggestionsInputSchema, request)).toEqual([]);
    expect(issuesAt(keywordSuggestionsInputSchema, { ...request, seeds: ['puzzle'] })).toEqual([]);
    expect(issuesAt(keywordSuggestionsInputSchema, { ...request, countries: [] })).toEqual([
      { path: ['countries'], message: 'validation.countryRequired' },
    ]);
  });
});
