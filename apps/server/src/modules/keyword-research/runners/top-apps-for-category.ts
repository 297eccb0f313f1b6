// Kind 5: the storefront's top chart of a category or game genre (0 = all apps), free or paid.
import type { TopCategoryApp } from '@tapwise/contracts';
import type { DataRequestRun } from '../data-request-run';
import { researchAppOf } from '../keyword-facts';

/** How many chart places a request fetches (its total). */
export const TOP_CHART_SIZE = 100;

export async function topAppsForCategory(run: DataRequestRun): Promise<void> {
  const { request, locale } = run;
  const chart = await run.sources.appStore.topChart({
    country: locale.location,
    genreId: request.catId ?? 0,
    type: request.catType ?? 'free',
    limit: TOP_CHART_SIZE,
  });
  const rows = chart.slice(0, TOP_CHART_SIZE).map((app, index): TopCategoryApp => ({
    rank: index + 1,
    category: app.primaryGenreName,
    app: researchAppOf(app),
  }));
  await run.step(rows.slice(run.done), rows.length);
}
