// Kind 2: the apps the storefront's search shows for the keyword, in order, five per step, each
// marked when it is one of the company's own.
import { KEYWORD_SEARCH_RESULT_COUNT, type AppForKeyword } from '@tapwise/contracts';
import type { DataRequestRun } from '../data-request-run';
import { researchAppOf } from '../keyword-facts';

/** Apps per step: the spec's progress step of opId 2. */
const BATCH = 5;

export async function appsForKeyword(run: DataRequestRun): Promise<void> {
  const { request, locale, sources } = run;
  const { apps } = await sources.appStore.search(request.keyword ?? '', {
    country: locale.location,
    language: locale.language,
    device: locale.device,
    limit: KEYWORD_SEARCH_RESULT_COUNT,
  });
  const own = await sources.ownAppIds();
  for (let start = run.done; start < apps.length; start += BATCH)
    await run.step(
      apps.slice(start, start + BATCH).map((app, index): AppForKeyword => ({
        rank: start + index + 1,
        own: own.has(app.adamId),
        app: researchAppOf(app),
      })),
    );
}
