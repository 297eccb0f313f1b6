// Keyword research's direct reads (docs/keyword-research.md "GraphQL"): app details, apps for a
// term, rankings of terms for an app, the company's keywords with a text, the apps bidding on a
// term and keyword ideas. Inputs are checked with the contracts' schemas here, at the boundary.
import type { AppStoreApp, AppStoreClient } from '@tapwise/app-store';
import {
  appStoreIdSchema,
  dateRangeSchema,
  KEYWORD_SEARCH_RESULT_COUNT,
  researchLocaleSchema,
  researchTermSchema,
  type AppForKeyword,
  type KeywordRanking,
  type OwnKeywordFacts,
  type ResearchApp,
  type ResearchLocale,
} from '@tapwise/contracts';
import { z } from 'zod';
import { withoutNulls } from '../../platform/graphql/common-types';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { appStoreFor } from './app-store-source';
import {
  appsForTerm,
  keywordIdeasForApp,
  lastThirtyDays,
  openResearch,
  ownFactsBy,
  rankTerms,
  researchAppOf,
  storefrontOf,
  type ResearchSources,
  type ResearchWindow,
} from './keyword-facts';
import { keywordFacts } from './own-keyword-facts.repository';

type ResearchContext = Pick<AppContext, 'db' | 'config' | 'secrets'>;

/** The most terms one KeywordRankings question ranks: each is one App Store search. */
const MAX_RANKED_TERMS = 50;
/** Apps shown as bidding on a term: the first page of its search results. */
const BIDDING_APPS = 10;
/** Ideas a recommendation list ranks. */
const RECOMMENDED_TERMS = 50;

export const UNKNOWN_APP_MESSAGE = 'No app with this id in this storefront.';

const windowSchema = z
  .object({ startDate: z.string().optional(), endDate: z.string().optional() })
  .transform((window, zodCtx): ResearchWindow | undefined => {
    if (!window.startDate && !window.endDate) return undefined;
    const range = dateRangeSchema.safeParse({
      start: window.startDate ?? window.endDate,
      end: window.endDate ?? window.startDate,
    });
    if (!range.success) {
      for (const issue of range.error.issues)
        zodCtx.addIssue({ code: 'custom', message: issue.message, path: ['endDate'] });
      return z.NEVER;
    }
    return { startDate: range.data.start, endDate: range.data.end };
  });

const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> =>
  schema.parse(withoutNulls(input));

/** The apps of a storefront by id; an id the storefront does not have is NOT_FOUND. */
async function appsById(
  appStore: AppStoreClient,
  adamIds: readonly number[],
  locale: ResearchLocale,
): Promise<AppStoreApp[]> {
  const found = await appStore.lookup(adamIds, storefrontOf(locale));
  const byId = new Map(found.map((app) => [app.adamId, app]));
  return adamIds.map((adamId) => {
    const app = byId.get(adamId);
    if (!app) throw new AppError('NOT_FOUND', UNKNOWN_APP_MESSAGE);
    return app;
  });
}

export async function appMetaData(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<ResearchApp[]> {
  const { appId, ...locale } = parse(
    researchLocaleSchema.extend({ appId: z.array(appStoreIdSchema).min(1).max(100) }),
    input,
  );
  const appStore = await appStoreFor(ctx, teamId);
  return (await appsById(appStore, appId.map(Number), locale)).map(researchAppOf);
}

export async function searchForApps(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<AppForKeyword[]> {
  const { term, num, ...locale } = parse(
    researchLocaleSchema.extend({ term: researchTermSchema, num: z.number().optional() }),
    input,
  );
  if (num !== undefined && num !== KEYWORD_SEARCH_RESULT_COUNT)
    throw new AppError('BAD_REQUEST', `num must be ${KEYWORD_SEARCH_RESULT_COUNT}.`);
  const sources = await openResearch(ctx, teamId, null);
  return (await appsForTerm(sources, term, locale, KEYWORD_SEARCH_RESULT_COUNT)).apps;
}

export async function keywordRankings(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<KeywordRanking[]> {
  const { appId, keyword, startDate, endDate, ...locale } = parse(
    researchLocaleSchema.extend({
      appId: appStoreIdSchema,
      keyword: z.array(researchTermSchema).min(1).max(MAX_RANKED_TERMS),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
    }),
    input,
  );
  const window = parse(windowSchema, { startDate, endDate });
  const sources = await openResearch(ctx, teamId, Number(appId));
  await appsById(sources.appStore, [Number(appId)], locale);
  return rankTerms(sources, {
    appId: Number(appId),
    terms: [...new Set(keyword)],
    locale,
    window: window ?? lastThirtyDays(sources.now),
    withSearch: true,
  });
}

export interface KeywordStatRow {
  id: string;
  name: string;
  localSpend: string;
  impressions: number;
  taps: number;
  installs: number;
  goalEventCount: number | null;
  currency: string;
  adGroupId: string;
  adGroupName: string;
  campaignId: string;
  campaignName: string;
  matchType: string;
}

/** The company's keywords with this text in campaigns of the storefront, with their facts. */
export async function keywordStat(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<KeywordStatRow[]> {
  const { keyword, location, startDate, endDate } = parse(
    researchLocaleSchema.pick({ location: true }).extend({
      keyword: researchTermSchema,
      startDate: z.string().optional(),
      endDate: z.string().optional(),
    }),
    input,
  );
  const window = parse(windowSchema, { startDate, endDate }) ?? lastThirtyDays(new Date());
  const rows = await keywordFacts(ctx.db, teamId, [keyword], window, location);
  return rows.map((row) => ({
    id: String(row.keywordId),
    name: row.text,
    localSpend: (row.localSpendMicros / 1_000_000).toFixed(2),
    impressions: row.impressions,
    taps: row.taps,
    installs: row.installs,
    // Goal events are not synced per keyword yet.
    goalEventCount: null,
    currency: row.currency,
    adGroupId: String(row.adGroupId),
    adGroupName: row.adGroupName,
    campaignId: String(row.campaignId),
    campaignName: row.campaignName,
    matchType: row.matchType,
  }));
}

export interface BiddingAppRow {
  rank: number;
  app: ResearchApp;
  own: OwnKeywordFacts | null;
}

/**
 * The apps competing for a term: the first of its search results (the apps that rank for it bid
 * on it most); the company's own apps among them carry its keyword facts for the term.
 */
export async function biddingApps(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<BiddingAppRow[]> {
  const { keyword, startDate, endDate, ...locale } = parse(
    researchLocaleSchema.extend({
      keyword: researchTermSchema,
      startDate: z.string().optional(),
      endDate: z.string().optional(),
    }),
    input,
  );
  const sources = await openResearch(ctx, teamId, null);
  const window = parse(windowSchema, { startDate, endDate }) ?? lastThirtyDays(sources.now);
  const [{ apps }, rows] = await Promise.all([
    appsForTerm(sources, keyword, locale, BIDDING_APPS),
    keywordFacts(ctx.db, teamId, [keyword], window, locale.location),
  ]);
  const ownByApp = await ownFactsBy(sources, rows, (row) => String(row.adamId), window);
  return apps.map(({ rank, app }) => ({
    rank,
    app,
    own: ownByApp.get(app.application_id) ?? null,
  }));
}

async function rankedIdeas(
  sources: ResearchSources,
  app: AppStoreApp,
  locale: ResearchLocale,
  seeds?: string[],
): Promise<KeywordRanking[]> {
  const ideas = await keywordIdeasForApp(sources, app, locale.location, RECOMMENDED_TERMS, seeds);
  const rankings = await rankTerms(sources, {
    appId: app.adamId,
    terms: ideas.map((idea) => idea.term),
    locale,
    window: lastThirtyDays(sources.now),
    withSearch: false,
  });
  // Suggestions carry their own popularity; the list ranks by this week's, as its rows show.
  return rankings
    .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))
    .map((ranking, index) => ({ ...ranking, rank: index + 1 }));
}

/** Keyword ideas for an app near a term, ranked by popularity (spec's KeywordRecomends). */
export async function keywordRecommends(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<KeywordRanking[]> {
  const { appid, country, term } = parse(
    z.object({
      appid: appStoreIdSchema,
      country: researchLocaleSchema.shape.location,
      term: researchTermSchema.optional(),
    }),
    input,
  );
  const locale = researchLocaleSchema.parse({ location: country });
  const sources = await openResearch(ctx, teamId, Number(appid));
  const [app] = await appsById(sources.appStore, [Number(appid)], locale);
  return rankedIdeas(sources, app!, locale, term ? [term] : undefined);
}

/** Apple's suggestions and the category's terms for an app, ranked by popularity. */
export async function recommendationList(
  ctx: ResearchContext,
  teamId: string,
  input: unknown,
): Promise<KeywordRanking[]> {
  const { appId, ...locale } = parse(
    researchLocaleSchema.extend({ appId: appStoreIdSchema }),
    input,
  );
  const sources = await openResearch(ctx, teamId, Number(appId));
  const [app] = await appsById(sources.appStore, [Number(appId)], locale);
  return rankedIdeas(sources, app!, locale);
}
