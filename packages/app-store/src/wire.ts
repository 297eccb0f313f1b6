// The App Store's public answers as ASO tools receive them: the iTunes Search API (search, lookup)
// and the legacy iTunes RSS top charts, which alone take a genre. Only the fields Tapwise reads
// are checked; Apple adds fields freely, so unknown ones pass through.
import { z } from 'zod';

/** One software result of /search or /lookup (wrapperType "software"). */
export const softwareResultSchema = z.looseObject({
  wrapperType: z.literal('software').optional(),
  kind: z.string().optional(),
  trackId: z.number().int().positive(),
  trackName: z.string(),
  bundleId: z.string().optional(),
  sellerName: z.string().optional(),
  artistName: z.string(),
  artworkUrl60: z.string().optional(),
  artworkUrl100: z.string().optional(),
  artworkUrl512: z.string().optional(),
  genres: z.array(z.string()).default([]),
  genreIds: z.array(z.string()).default([]),
  primaryGenreId: z.number().int(),
  primaryGenreName: z.string(),
  averageUserRating: z.number().optional(),
  userRatingCount: z.number().int().optional(),
  version: z.string().optional(),
  price: z.number().optional(),
  currency: z.string().optional(),
  formattedPrice: z.string().optional(),
  description: z.string().optional(),
  releaseDate: z.string().optional(),
  currentVersionReleaseDate: z.string().optional(),
  supportedDevices: z.array(z.string()).optional(),
});
export type SoftwareResult = z.infer<typeof softwareResultSchema>;

/** /search and /lookup: `{ resultCount, results }`; lookup of an unknown id answers 0 results. */
export const searchResponseSchema = z.looseObject({
  resultCount: z.number().int().nonnegative(),
  results: z.array(z.looseObject({ wrapperType: z.string().optional() })),
});

const label = z.looseObject({ label: z.string() });

/** One entry of /{cc}/rss/top{free,paid}applications/limit={n}/genre={id}/json. */
export const chartEntrySchema = z.looseObject({
  'im:name': label,
  'im:image': z.array(label.extend({ attributes: z.looseObject({ height: z.string() }) })),
  'im:artist': label,
  'im:price': z.looseObject({
    label: z.string(),
    attributes: z.looseObject({ amount: z.string(), currency: z.string() }),
  }),
  id: z.looseObject({
    label: z.string(),
    attributes: z.looseObject({ 'im:id': z.string(), 'im:bundleId': z.string().optional() }),
  }),
  category: z.looseObject({
    attributes: z.looseObject({ 'im:id': z.string(), label: z.string() }),
  }),
});
export type ChartEntry = z.infer<typeof chartEntrySchema>;

/** A chart feed; a feed of one entry has `entry` as an object, an empty one has none. */
export const chartFeedSchema = z.looseObject({
  feed: z.looseObject({
    entry: z.union([z.array(z.unknown()), z.unknown()]).optional(),
  }),
});
