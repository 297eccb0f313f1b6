// The facts keyword research shows about terms and apps, computed once for every operation, data
// request and tracked keyword (docs/keyword-research.md "Sources"): popularity and ideas from
// Apple Ads v1, ranks and apps from the App Store, and the company's own keyword facts. Each
// function takes its sources (ResearchSources) so the App Store and Apple Ads behind them are the
// company's own; `openResearch` opens them for a team.
import type { AppStoreApp, AppStoreClient, StorefrontQuery } from '@tapwise/app-store';
import {
  addDays,
  utcToday,
  type AppForKeyword,
  type KeywordRanking,
  type OwnKeywordFacts,
  type ResearchApp,
  type ResearchLocale,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import { ratesOver, reportingCurrencyOf } from '../currencies/exchange-rates.service';
import type { AppContext } from '../app-context';
import { openAppleAdsReader, type AppleAdsReader } from '../integrations/apple-ads-reader';
import { appStoreFor } from './app-store-source';
import {
  adAccountsForApp,
  keywordFacts,
  appsOfAdAccount,
  ownAppIds,
  type KeywordFactRow,
} from './own-keyword-facts.repository';

/** How many App Store search results research reads: Apple answers at most 200. */
export const SEARCH_DEPTH = 200;
/** Weeks of popularity asked for; the latest published week among them is used. */
const POPULARITY_LOOKBACK_DAYS = 35;

/** What research reads for one company: its App Store, its Apple Ads (one ad account) and apps. */
export interface ResearchSources {
  db: Database;
  teamId: string;
  appStore: AppStoreClient;
  /** The ad account that promotes the app asked about, else the company's first. */
  appleAds: AppleAdsReader;
  /** The adamIds the company promotes. */
  ownApps: ReadonlySet<number>;
  /** The adamIds appleAds' ad account promotes: Apple answers about an app through its account. */
  accountApps: ReadonlySet<number>;
  now: Date;
}

/**
 * Opens the company's sources; Apple Ads answers through the ad account promoting `appId`, else
 * its first. Without an integration or ad account research is refused (BAD_REQUEST).
 */
export async function openResearch(
  ctx: Pick<AppContext, 'db' | 'config' | 'secrets'>,
  teamId: string,
  appId: number | null,
): Promise<ResearchSources> {
  const appStore = await appStoreFor(ctx, teamId);
  const [adAccountId] = await adAccountsForApp(ctx.db, teamId, appId);
  if (adAccountId === undefined)
    throw new AppError('BAD_REQUEST', 'Keyword research needs an Apple Ads ad account.');
  const [appleAds, ownApps, accountApps] = await Promise.all([
    openAppleAdsReader(ctx, teamId, adAccountId),
    ownAppIds(ctx.db, teamId),
    appsOfAdAccount(ctx.db, teamId, adAccountId),
  ]);
  return { db: ctx.db, teamId, appStore, appleAds, ownApps, accountApps, now: new Date() };
}

/** A window of days (YYYY-MM-DD, inclusive) the company's own facts are summed over. */
export interface ResearchWindow {
  startDate: string;
  endDate: string;
}

/** The default window: the last 30 days, today included. */
export function lastThirtyDays(now: Date): ResearchWindow {
  const today = utcToday(now);
  return { startDate: addDays(today, -29), endDate: today };
}

export function storefrontOf(locale: ResearchLocale): StorefrontQuery {
  return { country: locale.location, language: locale.language, device: locale.device };
}

// ---------------------------------------------------------------------------------------------
// Volume: estimated daily searches from popularity.

/**
 * Relative search volume of the largest storefronts against the US (1); others count as 0.08.
 * An estimate from the storefronts' shares of App Store searches.
 */
const STOREFRONT_VOLUME: Readonly<Record<string, number>> = {
  us: 1, gb: 0.32, ca: 0.22, de: 0.3, fr: 0.26, au: 0.16, jp: 0.4, kr: 0.14, es: 0.15, it: 0.14,
  mx: 0.12, br: 0.18, in: 0.2, cn: 0.5, nl: 0.08, se: 0.06, ch: 0.06, tr: 0.1, sa: 0.08,
}; // prettier-ignore
const OTHER_STOREFRONT_VOLUME = 0.08;

/**
 * Estimated daily searches for a term in a storefront. Apple's popularity is logarithmic in
 * searches: a term of popularity p is searched about 2·e^(0.075·p) times a day in the US (5 at
 * popularity 12, 3,600 at 100), scaled by the storefront's volume relative to the US.
 */
export function estimatedDailySearches(
  popularity: number | null,
  storefront: string,
): number | null {
  if (popularity === null) return null;
  const share = STOREFRONT_VOLUME[storefront] ?? OTHER_STOREFRONT_VOLUME;
  return Math.max(1, Math.round(2 * Math.exp(0.075 * popularity) * share));
}

// ---------------------------------------------------------------------------------------------
// Apple Ads: popularity, share of voice, keyword ideas.

export interface TermPopularity {
  /** 1-100 in the storefront's latest published week. */
  popularity: number;
  /** Apple's genre the term is most popular in (e.g. HEALTH_FITNESS). */
  genre: string;
}

/** Lower-cased term → popularity in the storefront's latest week; terms Apple has not are absent. */
export async function popularityOf(
  sources: ResearchSources,
  terms: readonly string[],
  storefront: string,
): Promise<Map<string, TermPopularity>> {
  const asked = [...new Set(terms.map((term) => term.toLowerCase()))];
  const result = new Map<string, TermPopularity>();
  if (asked.length === 0) return result;
  const today = utcToday(sources.now);
  const page = await sources.appleAds.read(
    (account) =>
      account.insights.searchTermPopularity({
        timeRange: {
          start: addDays(today, -POPULARITY_LOOKBACK_DAYS),
          end: addDays(today, -1),
          granularity: 'WEEKLY_SUN_SAT',
        },
        filters: [
          { field: 'countryOrRegion', operator: 'EQUALS', value: storefront.toUpperCase() },
          { field: 'searchTerm', operator: 'IN', value: asked },
        ],
        fields: ['searchPopularity1to100'],
        sorting: [{ field: 'week', order: 'DESC' }],
        pagination: { pageSize: 5000 },
      }),
    'Apple Ads did not answer the popularity of these terms. Try again later.',
  );
  const latestWeek = page.rows[0]?.week;
  for (const row of page.rows) {
    if (row.week !== latestWeek) continue;
    const term = row.searchTerm.toLowerCase();
    const known = result.get(term);
    if (!known || row.searchPopularity1to100 > known.popularity)
      result.set(term, { popularity: row.searchPopularity1to100, genre: row.genre });
  }
  return result;
}

/**
 * Lower-cased term → the app's share of voice 0-100: its average impression share over the
 * impression share window (the middle of Apple's low-high band). Only the company's own apps have one.
 */
export async function shareOfVoiceOf(
  sources: ResearchSources,
  adamId: number,
  terms: readonly string[],
  storefront: string,
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (!sources.ownApps.has(adamId) || terms.length === 0) return result;
  const asked = new Set(terms.map((term) => term.toLowerCase()));
  const window = impressionShareWindow(sources.now);
  const sums = new Map<string, { share: number; days: number }>();
  const page = await sources.appleAds.read(
    (account) =>
      account.insights.impressionShare({
        timeRange: { ...window, granularity: 'DAILY' },
        filters: [
          { field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) },
          { field: 'countryOrRegion', operator: 'EQUALS', value: storefront.toUpperCase() },
          { field: 'searchTerm', operator: 'IN', value: [...asked] },
        ],
        pagination: { pageSize: 10_000 },
      }),
    'Apple Ads did not answer the share of voice of these terms. Try again later.',
  );
  for (const row of page.rows) {
    const term = row.searchTerm.toLowerCase();
    if (!asked.has(term)) continue;
    const sum = sums.get(term) ?? { share: 0, days: 0 };
    sum.share += (row.lowImpressionShare + row.highImpressionShare) / 2;
    sum.days += 1;
    sums.set(term, sum);
  }
  for (const [term, sum] of sums) result.set(term, Math.round((sum.share / sum.days) * 1000) / 10);
  return result;
}

export interface KeywordIdea {
  term: string;
  popularity: number;
}

/**
 * Keyword ideas for an app, most popular first: Apple's v1 keyword suggestions for it (for an app
 * the company does not promote, seeded with its title and category through one of its own apps),
 * then the most popular terms of the genre most of them belong to. `seeds` narrows the suggestions
 * to those terms' neighbourhood.
 */
export async function keywordIdeasForApp(
  sources: ResearchSources,
  app: AppStoreApp,
  storefront: string,
  limit: number,
  seeds?: readonly string[],
): Promise<KeywordIdea[]> {
  // Apple suggests keywords for an app its ad account promotes; a rival's ideas are asked
  // through one of the account's own apps, seeded with the rival's words.
  const own = sources.accountApps.has(app.adamId);
  const promoted = own ? app.adamId : [...sources.accountApps][0];
  const suggested =
    promoted === undefined
      ? []
      : (
          await sources.appleAds.read(
            (account) =>
              account.suggestions.keywords(promoted, {
                countriesOrRegions: [storefront.toUpperCase()],
                ...(seeds ? { terms: [...seeds] } : own ? {} : { terms: seedsOf(app) }),
                pagination: { pageSize: Math.min(limit, 1000) },
              }),
            'Apple Ads did not answer keyword suggestions for this app. Try again later.',
          )
        ).result;
  const ideas = new Map(suggested.map((idea) => [idea.text.toLowerCase(), idea.popularity]));
  if (ideas.size < limit) {
    const genre = await mainGenreOf(sources, [...ideas.keys()], storefront);
    if (genre)
      for (const row of await genreTerms(sources, genre, storefront, limit))
        if (!ideas.has(row.term)) ideas.set(row.term, row.popularity);
  }
  return [...ideas]
    .map(([term, popularity]) => ({ term, popularity }))
    .sort((a, b) => b.popularity - a.popularity || a.term.localeCompare(b.term))
    .slice(0, limit);
}

/** Words an app is found by: its title's words and its category's name. */
function seedsOf(app: AppStoreApp): string[] {
  const words = `${app.title} ${app.primaryGenreName}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  return [...new Set(words)].slice(0, 10);
}

async function mainGenreOf(sources: ResearchSources, terms: string[], storefront: string) {
  const counts = new Map<string, number>();
  for (const { genre } of (await popularityOf(sources, terms, storefront)).values())
    counts.set(genre, (counts.get(genre) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** A genre's most popular terms in the storefront's latest week. */
async function genreTerms(
  sources: ResearchSources,
  genre: string,
  storefront: string,
  limit: number,
): Promise<KeywordIdea[]> {
  const today = utcToday(sources.now);
  const page = await sources.appleAds.read(
    (account) =>
      account.insights.searchTermPopularity({
        timeRange: {
          start: addDays(today, -7),
          end: addDays(today, -1),
          granularity: 'WEEKLY_SUN_SAT',
        },
        filters: [
          { field: 'countryOrRegion', operator: 'EQUALS', value: storefront.toUpperCase() },
          { field: 'genre', operator: 'EQUALS', value: genre },
        ],
        sorting: [
          { field: 'week', order: 'DESC' },
          { field: 'rankInGenre', order: 'ASC' },
        ],
        pagination: { pageSize: Math.min(limit, 5000) },
      }),
    'Apple Ads did not answer the popular terms of this category. Try again later.',
  );
  return page.rows.map((row) => ({
    term: row.searchTerm.toLowerCase(),
    popularity: row.searchPopularity1to100,
  }));
}

// ---------------------------------------------------------------------------------------------
// The App Store: apps and ranks.

/** An App Store app as research shows it. */
export function researchAppOf(app: AppStoreApp): ResearchApp {
  return {
    application_id: String(app.adamId),
    title: app.title,
    icon: app.icon,
    genres: app.genres,
    rating: app.rating,
    developer: app.developer,
    version: app.version,
    price: app.price,
    currency: app.currency,
    rating_count: app.ratingCount,
    power: null,
    in_apps: null,
  };
}

/** The storefront's search results for a term, each app marked when it is the company's. */
export async function appsForTerm(
  sources: ResearchSources,
  term: string,
  locale: ResearchLocale,
  limit = SEARCH_DEPTH,
): Promise<{ apps: AppForKeyword[]; totalApps: number }> {
  const result = await sources.appStore.search(term, { ...storefrontOf(locale), limit });
  return {
    totalApps: result.totalApps,
    apps: result.apps.map((app, index) => ({
      rank: index + 1,
      own: sources.ownApps.has(app.adamId),
      app: researchAppOf(app),
    })),
  };
}

/** Where an app ranks for a term (null when not in the first 200) and how many apps the term has. */
export async function organicRankOf(
  sources: ResearchSources,
  adamId: number,
  term: string,
  locale: ResearchLocale,
): Promise<{ organicRank: number | null; totalApps: number }> {
  const result = await sources.appStore.search(term, {
    ...storefrontOf(locale),
    limit: SEARCH_DEPTH,
  });
  const index = result.apps.findIndex((app) => app.adamId === adamId);
  return { organicRank: index < 0 ? null : index + 1, totalApps: result.totalApps };
}

// ---------------------------------------------------------------------------------------------
// The company's own facts.

/**
 * Lower-cased text → the company's facts for its keywords with that text over the window (in
 * campaigns running in `storefront` when given); see `ownFactsBy` for the money.
 */
export async function ownFactsOf(
  sources: Pick<ResearchSources, 'db' | 'teamId'>,
  terms: readonly string[],
  window: ResearchWindow,
  storefront?: string,
): Promise<Map<string, OwnKeywordFacts>> {
  const rows = await keywordFacts(sources.db, sources.teamId, terms, window, storefront);
  return ownFactsBy(sources, rows, (row) => row.text, window);
}

/**
 * The company's facts of `rows` grouped by `keyOf`. Money is in the keywords' ad-account
 * currency, or in the company's reporting currency when they differ (at the window's last day's
 * rate; money without a rate is left out).
 */
export async function ownFactsBy<K>(
  sources: Pick<ResearchSources, 'db' | 'teamId'>,
  rows: readonly KeywordFactRow[],
  keyOf: (row: KeywordFactRow) => K,
  window: ResearchWindow,
): Promise<Map<K, OwnKeywordFacts>> {
  const groups = new Map<K, KeywordFactRow[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  const mixed = new Set(rows.map((row) => row.currency)).size > 1;
  const reporting = mixed ? await reportingCurrencyOf(sources.db, sources.teamId) : null;
  const rates = mixed
    ? await ratesOver(sources.db, { start: window.endDate, end: window.endDate })
    : null;
  const result = new Map<K, OwnKeywordFacts>();
  for (const [key, group] of groups) {
    const currency = reporting ?? group[0]!.currency;
    const spendMicros = group.reduce(
      (sum, row) =>
        sum + row.localSpendMicros * (rates?.factorOn(row.currency, currency, window.endDate) ?? 0),
      0,
    );
    result.set(key, {
      keywordIds: group.map((row) => String(row.keywordId)),
      localSpend: ((rates ? spendMicros : sumOf(group, 'localSpendMicros')) / 1_000_000).toFixed(2),
      currency,
      impressions: sumOf(group, 'impressions'),
      taps: sumOf(group, 'taps'),
      installs: sumOf(group, 'installs'),
    });
  }
  return result;
}

const sumOf = (
  rows: KeywordFactRow[],
  field: 'impressions' | 'taps' | 'installs' | 'localSpendMicros',
) => rows.reduce((sum, row) => sum + row[field], 0);

// ---------------------------------------------------------------------------------------------
// A keyword ranking: everything above about terms for one app.

export interface RankTermsQuestion {
  appId: number | null;
  terms: readonly string[];
  locale: ResearchLocale;
  window: ResearchWindow;
  /**
   * Search the App Store for each term (organic rank, total apps). One request per term: the
   * background requests do it, quick lists of ideas leave the two numbers null.
   */
  withSearch: boolean;
  /** The terms' Apple Ads facts read beforehand for a longer list (termFactsOf); else read here. */
  known?: TermFacts;
  /** False leaves percent_sov null and skips its Apple Ads read (a caller that never shows it). */
  withShareOfVoice?: boolean;
}

/** Popularity and the app's share of voice of terms, by lower-cased term. */
export interface TermFacts {
  popularity: Map<string, TermPopularity>;
  shares: Map<string, number>;
}

/**
 * The Apple Ads facts of terms in two reads, so a request ranking its terms in steps reads them
 * once rather than once per step.
 */
export async function termFactsOf(
  sources: ResearchSources,
  appId: number | null,
  terms: readonly string[],
  storefront: string,
): Promise<TermFacts> {
  const [popularity, shares] = await Promise.all([
    popularityOf(sources, terms, storefront),
    appId === null ? new Map<string, number>() : shareOfVoiceOf(sources, appId, terms, storefront),
  ]);
  return { popularity, shares };
}

/** Each term's ranking for the app, in the order given (rank = position). */
export async function rankTerms(
  sources: ResearchSources,
  question: RankTermsQuestion,
): Promise<KeywordRanking[]> {
  const { appId, terms, locale, window } = question;
  // The terms' searches and the Apple Ads reads go out together: a step waits for the slowest
  // answer, not for their sum (against Apple the App Store's rate limiter still spaces searches).
  const [{ popularity, shares }, own, searches] = await Promise.all([
    question.known ??
      termFactsOf(
        sources,
        question.withShareOfVoice === false ? null : appId,
        terms,
        locale.location,
      ),
    ownFactsOf(sources, terms, window, locale.location),
    question.withSearch
      ? Promise.all(terms.map((keyword) => organicRankOf(sources, appId ?? 0, keyword, locale)))
      : null,
  ]);
  const rankings: KeywordRanking[] = [];
  for (const [index, keyword] of terms.entries()) {
    const key = keyword.toLowerCase();
    const search = searches?.[index] ?? null;
    const termPopularity = popularity.get(key) ?? null;
    rankings.push({
      keyword,
      appid: appId === null ? null : String(appId),
      rank: index + 1,
      popularity: termPopularity?.popularity ?? null,
      totalApps: search?.totalApps ?? null,
      organicRank: search?.organicRank ?? null,
      totalDownloads: null,
      volume: estimatedDailySearches(termPopularity?.popularity ?? null, locale.location),
      percent_sov: shares.get(key) ?? null,
      noOfKeywords: null,
      category: termPopularity?.genre ?? null,
      own: own.get(key) ?? null,
    });
  }
  return rankings;
}
