// An app's keywords as the company last fetched them: the rows of its latest finished
// keywords-for-app request in the storefront (AppKeywords, searchByAppReport, competitors).
import { DATA_REQUEST_OP_IDS, type KeywordRanking, type ResearchLocale } from '@tapwise/contracts';
import type { AppContext } from '../app-context';
import { findLatestDoneForApp, readDataRequestRows } from './data-requests.repository';

/** Rows of the company's latest finished keywords-for-app request of the app in the storefront. */
export async function latestAppKeywords(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  appId: number,
  locale: ResearchLocale,
): Promise<KeywordRanking[]> {
  const request = await findLatestDoneForApp(
    ctx.db,
    teamId,
    DATA_REQUEST_OP_IDS.keywordsForApp,
    appId,
    locale,
  );
  if (!request) return [];
  return (await readDataRequestRows(ctx.db, teamId, request.id)) as KeywordRanking[];
}
