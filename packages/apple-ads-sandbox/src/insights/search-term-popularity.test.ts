import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POPULARITY_FIELDS } from '@tapwise/apple-ads-schemas';
import { termPopularity } from '../model/catalogue.js';
import { ApiError } from '../server/api-error.js';
import { periodPopularity, searchTermPopularity } from './search-term-popularity.js';

// Wednesday 2026-03-18 12:00 UTC: the week of Sunday 03-08 is the latest published one.
const NOW = Date.UTC(2026, 2, 18, 12);

function query(body: Record<string, unknown>) {
  return searchTermPopularity(body, NOW);
}

const weekly = {
  timeRange: { start: '2026-02-01', end: '2026-03-18', granularity: 'WEEKLY_SUN_SAT' },
  filters: [
    { field: 'countryOrRegion', operator: 'EQUALS', value: 'US' },
    { field: 'genre', operator: 'EQUALS', value: 'PRODUCTIVITY_UTILITIES' },
  ],
  pagination: { pageSize: 5000 },
  fields: [...POPULARITY_FIELDS],
};

describe('search-term popularity', () => {
  it('ranks each genre by popularity, with 1-5 as the fifth of 1-100', () => {
    const rows = query(weekly).result.rows.filter((row) => row.week === '2026-03-15');
    expect(rows.length).toBeGreaterThan(100);
    rows.forEach((row, index) => {
      expect(row.rankInGenre).toBe(index + 1);
      expect(row.searchPopularity1to5).toBe(Math.ceil((row.searchPopularity1to100 ?? 0) / 20));
      if (index > 0)
        expect(row.searchPopularity1to100).toBeLessThanOrEqual(
          rows[index - 1]?.searchPopularity1to100 ?? 100,
        );
    });
    expect(rows[0]?.searchPopularityInGenre).toBe(100);
  });

  it('serves only weeks published by the Monday after, dated the Sunday after the week', () => {
    const weeks = [...new Set(query(weekly).result.rows.map((row) => row.week))].sort();
    expect(weeks[0]).toBe('2026-02-08');
    expect(weeks.at(-1)).toBe('2026-03-15');
    for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('serves MONTHLY snapshots labelled YYYY-MM once the month is refreshed', () => {
    const rows = query({
      ...weekly,
      timeRange: { start: '2025-12-01', end: '2026-03-18', granularity: 'MONTHLY' },
    }).result.rows;
    expect([...new Set(rows.map((row) => row.month))].sort()).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('stays within two points of the popularity that drives delivery', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('task manager', 'best photo editor', 'sudoku', 'free budget app'),
        fc.constantFrom('US', 'GB', 'DE', 'JP'),
        fc.integer({ min: 19_000, max: 21_000 }),
        (term, country, day) => {
          const popularity = periodPopularity(term, country, day);
          expect(popularity).toBeGreaterThanOrEqual(1);
          expect(popularity).toBeLessThanOrEqual(100);
          expect(Math.abs(popularity - termPopularity(term, country))).toBeLessThanOrEqual(2);
        },
      ),
    );
  });

  it('filters by search term and sorts by the requested fields', () => {
    const rows = query({
      ...weekly,
      filters: [
        { field: 'countryOrRegion', operator: 'IN', value: ['US', 'GB'] },
        { field: 'searchTerm', operator: 'CONTAINS', value: 'planner' },
      ],
      sorting: [{ field: 'searchPopularity1to100', order: 'DESC' }],
    }).result.rows;
    expect(rows.every((row) => row.searchTerm.includes('planner'))).toBe(true);
    expect(new Set(rows.map((row) => row.countryOrRegion))).toEqual(new Set(['US', 'GB']));
  });

  it('rejects a missing granularity, a non-UTC zone, three sort fields and pages over 5000', () => {
    const bad = [
      { timeRange: { start: '2026-02-01', end: '2026-03-01' } },
      { ...weekly, timeRange: { ...weekly.timeRange, timeZone: 'ORTZ' } },
      {
        ...weekly,
        sorting: [
          { field: 'genre', order: 'ASC' },
          { field: 'searchTerm', order: 'ASC' },
          { field: 'week', order: 'ASC' },
        ],
      },
      { ...weekly, pagination: { pageSize: 5001 } },
    ];
    for (const body of bad) expect(() => query(body)).toThrow(ApiError);
  });

  it('asks for narrower filters instead of building millions of rows', () => {
    expect(() =>
      query({
        timeRange: { start: '2025-01-01', end: '2026-03-18', granularity: 'WEEKLY_SUN_SAT' },
      }),
    ).toThrow(/narrow/);
  });
});
