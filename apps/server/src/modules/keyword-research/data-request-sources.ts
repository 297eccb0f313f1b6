// What a data request reads: the company's App Store, its keyword facts and its own apps. Opened
// once per run by the job from keyword-facts; runner tests hand their own answers in this shape.
import type { KeywordRanking, ResearchLocale } from '@tapwise/contracts';
import type { AppStoreApp, AppStoreClient } from '@tapwise/app-store';
import type { AppContext } from '../app-context';
import { latestAppKeywords } from './app-keywords';
import {
  keywordIdeasForApp,
  lastThirtyDays,
  openResearch,
  rankTerms,
  termFactsOf,
  type TermFacts,
} from './keyword-facts';

export interface DataRequestSources {
  appStore: AppStoreClient;
  /** Candidate keywords for an app, best first, at most `limit`. */
  keywordIdeas(app: AppStoreApp, locale: ResearchLocale, limit: number): Promise<string[]>;
  /**
   * The facts of terms for an app (organic rank, popularity, totals), in the terms' order; with
   * `known`, the Apple Ads facts termFacts read for a longer list.
   */
  rankTerms(
    app: AppStoreApp,
    terms: string[],
    locale: ResearchLocale,
    known?: TermFacts,
  ): Promise<KeywordRanking[]>;
  /** The Apple Ads facts of every term a request will rank, read once. */
  termFacts(app: AppStoreApp, terms: string[], locale: ResearchLocale): Promise<TermFacts>;
  /** The app's rows of the company's latest finished keywords-for-app request; empty when none. */
  appKeywords(app: AppStoreApp, locale: ResearchLocale): Promise<KeywordRanking[]>;
  /** App Store ids of the company's own apps. */
  ownAppIds(): Promise<ReadonlySet<number>>;
}

/**
 * The company's research sources (keyword-facts' openResearch; Apple Ads through the ad account
 * promoting `appId`, else its first) in the shape the runners read.
 */
export async function openDataRequestSources(
  ctx: Pick<AppContext, 'db' | 'config' | 'secrets'>,
  teamId: string,
  appId: number | null,
): Promise<DataRequestSources> {
  const research = await openResearch(ctx, teamId, appId);
  const window = lastThirtyDays(research.now);
  return {
    appStore: research.appStore,
    keywordIdeas: async (app, locale, limit) =>
      (await keywordIdeasForApp(research, app, locale.location, limit)).map((idea) => idea.term),
    rankTerms: (app, terms, locale, known) =>
      rankTerms(research, { appId: app.adamId, terms, locale, window, withSearch: true, known }),
    termFacts: (app, terms, locale) => termFactsOf(research, app.adamId, terms, locale.location),
    appKeywords: (app, locale) => latestAppKeywords(ctx, teamId, app.adamId, locale),
    ownAppIds: async () => research.ownApps,
  };
}
