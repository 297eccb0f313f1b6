// Answers shaped like Apple's, built from recorded samples so tests vary only what they check.
// recorded-lookup.json: a real /lookup answer for Facebook in the US storefront (Dec 2023), as kept
// in a public Swift package's test fixture; screenshots, devices and languages trimmed.
// recorded-top-chart.json: a real legacy RSS entry (Instagram, US, Oct 2017) from a public
// project's fixture, in a top-free feed envelope trimmed to its usual fields.
// /search answers have the same `{ resultCount, results }` shape as /lookup, so one sample serves both.
import recordedChart from './recorded-top-chart.json' with { type: 'json' };
import recordedLookup from './recorded-lookup.json' with { type: 'json' };

type Json = Record<string, unknown>;

const recordedSoftware = recordedLookup.results[0] as Json;
const recordedEntry = recordedChart.feed.entry[0] as unknown as Json;

/** A software result as /search or /lookup sends it; `adamId` sets trackId, names follow it. */
export function softwareResult(adamId = 284882215, overrides: Json = {}): Json {
  return {
    ...structuredClone(recordedSoftware),
    trackId: adamId,
    trackName: adamId === 284882215 ? 'Facebook' : `App ${adamId}`,
    bundleId: adamId === 284882215 ? 'com.facebook.Facebook' : `com.example.app${adamId}`,
    ...overrides,
  };
}

/** A /search or /lookup answer; resultCount counts every result, as Apple's does. */
export function resultsAnswer(results: Json[], resultCount = results.length): Json {
  return { resultCount, results };
}

/** A top chart entry for an app id; the rest is the recorded Instagram entry. */
export function chartEntry(adamId = 389801252, overrides: Json = {}): Json {
  const entry = structuredClone(recordedEntry) as Json & {
    'im:name': { label: string };
    id: { label: string; attributes: Record<string, string> };
  };
  if (adamId !== 389801252) {
    entry['im:name'].label = `Chart app ${adamId}`;
    entry.id.attributes['im:id'] = String(adamId);
    entry.id.attributes['im:bundleId'] = `com.example.chart${adamId}`;
  }
  return { ...entry, ...overrides };
}

/** A chart feed: Apple sends a single entry as an object and no `entry` for an empty chart. */
export function chartFeed(entries: Json[]): Json {
  const feed: Json = { ...structuredClone(recordedChart.feed) };
  if (entries.length === 0) delete feed.entry;
  else feed.entry = entries.length === 1 ? entries[0] : entries;
  return { feed };
}
