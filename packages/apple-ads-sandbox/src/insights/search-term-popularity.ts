// Search-term popularity insights (POST /insights/apps/search-term-popularity/query): weekly
// (Sunday-Saturday) or monthly snapshots of every term the catalogue knows, per storefront and
// genre. Popularity is the model's own termPopularity moved by the same seasonality that drives
// delivery, so a term's insight and its keyword's traffic rise and fall together.
import {
  CATEGORIES,
  COUNTRY_VOLUME,
  categoryVocabulary,
  popularity1to5,
  termPopularity,
} from '../model/catalogue.js';
import { DAY_MS, HOUR_MS, isoDateOfDay, monthStart, weekStartSunday } from '../model/calendar.js';
import { popularityForSearches, searchesPerDay, seasonOf } from '../model/delivery.js';
import { hashString } from '../model/hash.js';
import { ApiError, detail } from '../server/api-error.js';
import { matchesFilter } from '../server/entity-query.js';
import { POPULARITY_FIELDS, searchTermPopularityRequestSchema } from '@tapwise/apple-ads-schemas';
import { refuseInvalid } from '../server/entity-query.js';
import { filterValues, insightPage, insightRange } from './insight-request.js';

export interface SearchTermPopularityRow {
  week?: string;
  month?: string;
  countryOrRegion: string;
  genre: string;
  searchTerm: string;
  rankInGenre: number;
  searchPopularityInGenre: number;
  searchPopularity1to100: number;
  searchPopularity1to5: number;
}

const RETAINED_WEEKS = 65;
const RETAINED_MONTHS = 15;
/** Beyond this the sandbox asks for narrower filters instead of building millions of rows. */
export const MAX_POPULARITY_ROWS = 200_000;
const DEFAULT_SORTING = [
  { field: 'genre', order: 'ASC' as const },
  { field: 'rankInGenre', order: 'ASC' as const },
];

interface Period {
  label: string;
  /** A day inside the period whose seasonality stands for it. */
  midDay: number;
}

export function searchTermPopularity(body: unknown, nowMs: number) {
  const input = refuseInvalid(searchTermPopularityRequestSchema, body);
  const range = insightRange(input.timeRange);
  const page = {
    offset: input.pagination?.offset ?? 0,
    pageSize: input.pagination?.pageSize ?? 100,
  };
  const sorting = input.sorting ?? [];
  const filters = input.filters ?? [];
  const weekly = range.granularity === 'WEEKLY_SUN_SAT';
  const periods = weekly
    ? publishedWeeks(range.startDay, range.endDay, nowMs)
    : publishedMonths(range.startDay, range.endDay, nowMs);
  const countries = filterValues(filters, 'countryOrRegion') ?? Object.keys(COUNTRY_VOLUME);
  const genres = filterValues(filters, 'genre');
  const categories = CATEGORIES.filter((category) => !genres || genres.includes(category.genre));
  const estimate =
    periods.length *
    countries.length *
    categories.reduce((sum, category) => sum + categoryVocabulary(category).length, 0);
  if (estimate > MAX_POPULARITY_ROWS)
    throw new ApiError(400, 'INVALID_REQUEST', 'Too many rows: narrow the request', [
      detail(
        'INVALID_VALUE',
        `the request spans ${estimate} rows; narrow it with countryOrRegion or genre filters or a shorter timeRange`,
        'filters',
      ),
    ]);
  const rows: SearchTermPopularityRow[] = [];
  for (const period of periods)
    for (const country of countries)
      for (const category of categories)
        for (const row of genreRanking(
          category.genre,
          categoryVocabulary(category),
          country,
          period.midDay,
        )) {
          const dated: SearchTermPopularityRow = weekly
            ? { week: period.label, ...row }
            : { month: period.label, ...row };
          if (filters.every((filter) => matchesFilter(dated, filter))) rows.push(dated);
        }
  const answer = insightPage(rows, sorting.length > 0 ? sorting : DEFAULT_SORTING, page);
  const unasked = POPULARITY_FIELDS.filter((field) => !input.fields?.includes(field));
  return { ...answer, result: { rows: answer.result.rows.map((row) => omit(row, unasked)) } };
}

type Popularity = (typeof POPULARITY_FIELDS)[number];

/** The row without the metrics `fields` did not ask for (searchtermpopularityrow.md). */
function omit(
  row: SearchTermPopularityRow,
  fields: readonly string[],
): Omit<SearchTermPopularityRow, Popularity> & Partial<Pick<SearchTermPopularityRow, Popularity>> {
  const kept = Object.entries(row).filter(([field]) => !fields.includes(field));
  return Object.fromEntries(kept) as Omit<SearchTermPopularityRow, Popularity>;
}

/** One genre's terms in one storefront, ranked by popularity in the period. */
export function genreRanking(
  genre: string,
  terms: readonly string[],
  country: string,
  midDay: number,
): Omit<SearchTermPopularityRow, 'week' | 'month'>[] {
  const scored = terms.map((searchTerm) => ({
    searchTerm,
    popularity: periodPopularity(searchTerm, country, midDay),
  }));
  scored.sort((a, b) => b.popularity - a.popularity || (a.searchTerm < b.searchTerm ? -1 : 1));
  const top = scored[0]?.popularity ?? 1;
  return scored.map((term, index) => ({
    countryOrRegion: country,
    genre,
    searchTerm: term.searchTerm,
    rankInGenre: index + 1,
    searchPopularityInGenre: Math.max(1, Math.round((100 * term.popularity) / top)),
    searchPopularity1to100: term.popularity,
    searchPopularity1to5: popularity1to5(term.popularity),
  }));
}

/** termPopularity shifted by the searches' seasonality on the period's middle day. */
export function periodPopularity(term: string, country: string, midDay: number): number {
  const searches =
    searchesPerDay(termPopularity(term, country)) * seasonOf(hashString(term), midDay);
  return popularityForSearches(searches);
}

/** Weeks (Sunday-Saturday) touching the range, published the Monday after at 07:00 UTC. */
function publishedWeeks(startDay: number, endDay: number, nowMs: number): Period[] {
  const published = (week: number) => nowMs >= (week + 8) * DAY_MS + 7 * HOUR_MS;
  let latest = weekStartSunday(Math.floor(nowMs / DAY_MS));
  while (!published(latest)) latest -= 7;
  const periods: Period[] = [];
  for (let week = weekStartSunday(startDay); week <= endDay; week += 7) {
    if (published(week) && week > latest - RETAINED_WEEKS * 7)
      // `week` is the Sunday after the completed week (searchtermpopularityrow.md).
      periods.push({ label: isoDateOfDay(week + 7), midDay: week + 3 });
  }
  return periods;
}

/** Calendar months touching the range, refreshed on the 5th of the month after. */
function publishedMonths(startDay: number, endDay: number, nowMs: number): Period[] {
  const today = Math.floor(nowMs / DAY_MS);
  const periods: Period[] = [];
  const monthsBack = (day: number) => {
    const date = new Date(day * DAY_MS);
    const now = new Date(today * DAY_MS);
    return (
      (now.getUTCFullYear() - date.getUTCFullYear()) * 12 + now.getUTCMonth() - date.getUTCMonth()
    );
  };
  for (let month = monthStart(startDay); month <= endDay; month = nextMonth(month)) {
    const published = today >= nextMonth(month) + 4;
    if (published && monthsBack(month) <= RETAINED_MONTHS)
      periods.push({ label: isoDateOfDay(month).slice(0, 7), midDay: month + 14 });
  }
  return periods;
}

function nextMonth(day: number): number {
  return monthStart(day + 32);
}
