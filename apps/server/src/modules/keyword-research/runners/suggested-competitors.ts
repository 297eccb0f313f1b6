// Kind 4: the apps that share the request app's keywords. For each of its top keywords (the most
// popular of its latest keywords-for-app result, else its keyword ideas) the storefront's top 10
// is read; a competitor is an app in those places, ranked by how many of the keywords it holds a
// place for. A resumed run reads the keywords already examined again (the App Store answers are
// cached) without announcing them.
import type { SuggestedCompetitor } from '@tapwise/contracts';
import type { AppStoreApp } from '@tapwise/app-store';
import type { DataRequestRun } from '../data-request-run';
import { researchAppOf } from '../keyword-facts';

/** How many of the app's keywords are examined (the request's total). */
export const COMPETITOR_KEYWORD_COUNT = 20;
/** The places of a search counted for each keyword. */
const TOP_PLACES = 10;

export async function suggestedCompetitors(run: DataRequestRun): Promise<void> {
  const { request, locale, sources } = run;
  const app = await run.app();
  const terms = await competitorTerms(run, app);
  const places = new Map<number, { app: AppStoreApp; keywords: number; bestPlace: number }>();
  for (const [index, term] of terms.entries()) {
    const { apps } = await sources.appStore.search(term, {
      country: locale.location,
      language: locale.language,
      device: locale.device,
      limit: TOP_PLACES,
    });
    for (const [place, found] of apps.slice(0, TOP_PLACES).entries()) {
      if (found.adamId === request.appId) continue;
      const tally = places.get(found.adamId) ?? { app: found, keywords: 0, bestPlace: place };
      places.set(found.adamId, {
        ...tally,
        keywords: tally.keywords + 1,
        bestPlace: Math.min(tally.bestPlace, place),
      });
    }
    const examined = index + 1;
    if (examined <= run.done) continue;
    const last = examined === terms.length;
    await run.step(last ? competitorRows(places, terms.length) : [], examined);
  }
}

async function competitorTerms(run: DataRequestRun, app: AppStoreApp): Promise<string[]> {
  const known = await run.sources.appKeywords(app, run.locale);
  const terms =
    known.length > 0
      ? [...known]
          .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))
          .map((ranking) => ranking.keyword)
      : await run.sources.keywordIdeas(app, run.locale, COMPETITOR_KEYWORD_COUNT);
  return terms.slice(0, COMPETITOR_KEYWORD_COUNT);
}

function competitorRows(
  places: Map<number, { app: AppStoreApp; keywords: number; bestPlace: number }>,
  keywords: number,
): SuggestedCompetitor[] {
  return [...places.values()]
    .sort((a, b) => b.keywords - a.keywords || a.bestPlace - b.bestPlace)
    .map((tally, index) => ({
      rank: index + 1,
      noOfKeywords: tally.keywords,
      percent_sov: Math.round((tally.keywords / (keywords * TOP_PLACES)) * 10000) / 100,
      app: researchAppOf(tally.app),
    }));
}
