// What a data request reads: the company's App Store, its keyword facts and its own apps. Opened
// once per run by the job; tests hand their own App Store answers in through the same shape.
import type { KeywordRanking, ResearchLocale } from '@tapwise/contracts';
import type { AppStoreApp, AppStoreClient } from '@tapwise/app-store';
import { AppError } from '../../platform/errors';
import type { JobContext } from '../job-context';

export interface DataRequestSources {
  appStore: AppStoreClient;
  /** Candidate keywords for an app, best first, at most `limit`. */
  keywordIdeas(app: AppStoreApp, locale: ResearchLocale, limit: number): Promise<string[]>;
  /** The facts of terms for an app (organic rank, popularity, totals), in the terms' order. */
  rankTerms(app: AppStoreApp, terms: string[], locale: ResearchLocale): Promise<KeywordRanking[]>;
  /** The app's rows of the company's latest finished keywords-for-app request; empty when none. */
  appKeywords(app: AppStoreApp, locale: ResearchLocale): Promise<KeywordRanking[]>;
  /** App Store ids of the company's own apps. */
  ownAppIds(): Promise<ReadonlySet<number>>;
}

/** The company's research sources: its App Store, keyword facts and own apps. */
export async function openDataRequestSources(
  ctx: Pick<JobContext, 'db' | 'config' | 'secrets' | 'logger'>,
  teamId: string,
): Promise<DataRequestSources> {
  throw new AppError('NOT_FOUND', `No research sources for ${teamId} (${ctx.config.port})`);
}
