// From Apple's wire answers (validated by the schemas in wire.ts) to AppStoreApp.
import type { z } from 'zod';
import { AppStoreError } from './errors.js';
import type { AppStoreApp } from './types.js';
import {
  chartEntrySchema,
  chartFeedSchema,
  searchResponseSchema,
  softwareResultSchema,
  type ChartEntry,
  type SoftwareResult,
} from './wire.js';

/** The software results of a /search or /lookup answer, in Apple's order, and its resultCount. */
export function softwareResults(body: unknown): { apps: AppStoreApp[]; resultCount: number } {
  const answer = parse(searchResponseSchema, body, 'search answer');
  const apps = answer.results
    .filter(isIosSoftware)
    .map((result) => appFromSoftware(parse(softwareResultSchema, result, 'software result')));
  return { apps, resultCount: answer.resultCount };
}

/** The entries of a top chart feed, in chart order (Apple sends one entry as an object). */
export function chartEntries(body: unknown): ChartEntry[] {
  const { entry } = parse(chartFeedSchema, body, 'chart feed').feed;
  const entries = entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
  return entries.map((item) => parse(chartEntrySchema, item, 'chart entry'));
}

export function appFromSoftware(result: SoftwareResult): AppStoreApp {
  return {
    adamId: result.trackId,
    title: result.trackName,
    developer: result.artistName,
    icon: result.artworkUrl512 ?? result.artworkUrl100 ?? result.artworkUrl60 ?? '',
    bundleId: result.bundleId ?? null,
    genres: result.genres,
    genreIds: result.genreIds.map(Number),
    primaryGenreId: result.primaryGenreId,
    primaryGenreName: result.primaryGenreName,
    // Apple omits the average, or sends 0 beside a count of 0, for an app nobody rated.
    rating:
      result.averageUserRating === undefined || result.userRatingCount === 0
        ? null
        : result.averageUserRating,
    ratingCount: result.userRatingCount ?? 0,
    version: result.version ?? null,
    price: result.price ?? 0,
    currency: result.currency ?? '',
  };
}

/** A chart entry carries no rating or version; the client enriches it from a lookup. */
export function appFromChartEntry(entry: ChartEntry): AppStoreApp {
  const largestImage = entry['im:image'].reduce<{ label: string; height: number } | null>(
    (best, image) => {
      const height = Number(image.attributes.height);
      return best === null || height > best.height ? { label: image.label, height } : best;
    },
    null,
  );
  const category = entry.category.attributes;
  return {
    adamId: Number(entry.id.attributes['im:id']),
    title: entry['im:name'].label,
    developer: entry['im:artist'].label,
    icon: largestImage?.label ?? '',
    bundleId: entry.id.attributes['im:bundleId'] ?? null,
    genres: [category.label],
    genreIds: [Number(category['im:id'])],
    primaryGenreId: Number(category['im:id']),
    primaryGenreName: category.label,
    rating: null,
    ratingCount: 0,
    version: null,
    price: Number(entry['im:price'].attributes.amount),
    currency: entry['im:price'].attributes.currency,
  };
}

/** Music, podcasts and Mac apps can slip into an answer; only iOS software is kept. */
function isIosSoftware(result: { wrapperType?: string; kind?: unknown }): boolean {
  if (result.wrapperType !== undefined && result.wrapperType !== 'software') return false;
  return result.kind === undefined || result.kind === 'software';
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new AppStoreError(
      'bad-response',
      `The App Store answered a malformed ${what}: ${parsed.error.issues[0]?.message ?? ''}`,
      null,
      { cause: parsed.error },
    );
  return parsed.data;
}
