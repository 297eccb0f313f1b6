import { describe, expect, it } from 'vitest';
import { termPopularity } from '../model/catalogue.js';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { ApiError } from '../server/api-error.js';
import { keywordSuggestions, phraseSuggestions } from './keyword-suggestions.js';
import { targetCpaSuggestion } from './target-cpa-suggestion.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;
const store = new SandboxStore(42, () => NOW);
seedScenario(store, 'demo');
const adamId = store.accountApps.get(ACCOUNT)?.[0] ?? 0;
const filters = [
  { field: 'promotedObjectId', operator: 'EQUALS', value: [String(adamId)] },
  { field: 'promotedObjectType', operator: 'EQUALS', value: ['APPSTORE_APP'] },
];

describe('keyword suggestions', () => {
  it('suggests category terms the app does not target yet, most popular first', () => {
    const targeted = new Set(
      [...store.keywords.values()]
        .filter((k) => store.campaigns.get(k.campaignId)?.promotedObjectId === String(adamId))
        .map((k) => k.text),
    );
    const page = keywordSuggestions(store, ACCOUNT, {
      filters: [...filters, { field: 'countryOrRegion', operator: 'EQUALS', value: ['GB'] }],
      pagination: { pageSize: 1000 },
    });
    expect(page.result.length).toBeGreaterThan(20);
    for (const [index, suggestion] of page.result.entries()) {
      expect(targeted.has(suggestion.text)).toBe(false);
      expect(suggestion.popularity).toBe(termPopularity(suggestion.text, 'GB'));
      if (index > 0)
        expect(suggestion.popularity).toBeLessThanOrEqual(
          page.result[index - 1]?.popularity ?? 100,
        );
    }
    expect(page.pagination.totalCount).toBe(page.result.length);
  });

  it('pages by 20 by default and refuses pages over 1000', () => {
    expect(keywordSuggestions(store, ACCOUNT, { filters }).result).toHaveLength(20);
    expect(() =>
      keywordSuggestions(store, ACCOUNT, { filters, pagination: { pageSize: 1001 } }),
    ).toThrow(ApiError);
  });
});

describe('phrase suggestions', () => {
  it('proposes the category heads and rivals, or searches every vocabulary for a phrase', () => {
    const suggested = phraseSuggestions(store, ACCOUNT, { filters, pagination: { pageSize: 100 } });
    expect(suggested.result.length).toBeGreaterThan(5);
    const searched = phraseSuggestions(store, ACCOUNT, {
      filters: [
        ...filters,
        { field: 'queryType', operator: 'EQUALS', value: ['SEARCH'] },
        { field: 'phrase', operator: 'CONTAINS', value: ['recipes'] },
      ],
    });
    expect(searched.result.length).toBeGreaterThan(0);
    expect(searched.result.every((row) => row.phrase.includes('recipes'))).toBe(true);
    expect(() =>
      phraseSuggestions(store, ACCOUNT, {
        filters: [...filters, { field: 'queryType', operator: 'EQUALS', value: ['SEARCH'] }],
      }),
    ).toThrow(ApiError);
  });
});

describe('target-CPA suggestion', () => {
  it('answers one suggestion in the account currency for the asked storefronts', () => {
    const answer = targetCpaSuggestion(store, ACCOUNT, {
      filters: [...filters, { field: 'countryOrRegion', operator: 'IN', value: ['US', 'GB'] }],
    });
    expect(answer.result).toMatchObject({
      promotedObjectId: String(adamId),
      countryOrRegion: ['US', 'GB'],
      suggestedTargetCPA: { currency: 'USD' },
    });
    expect(Number(answer.result.suggestedTargetCPA.amount)).toBeGreaterThan(0);
  });
});
