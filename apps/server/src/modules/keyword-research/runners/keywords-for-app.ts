// Kind 1: keyword ideas for the app (CountPref of them) are ranked ten per step; a row is a term
// the app shows for in the storefront's search (organicRank set), numbered in the order found.
import type { KeywordRanking } from '@tapwise/contracts';
import type { DataRequestRun } from '../data-request-run';

/** Terms per step: the spec's progress step of opId 1. */
const BATCH = 10;

export async function keywordsForApp(run: DataRequestRun): Promise<void> {
  const { request, locale, sources } = run;
  const app = await run.app();
  const candidates = await sources.keywordIdeas(app, locale, request.countPref);
  const examined = Math.min(candidates.length, request.countPref);
  const known = await sources.termFacts(app, candidates.slice(run.done, examined), locale);
  for (let start = run.done; start < examined; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const ranked = await sources.rankTerms(app, batch, locale, known);
    const first = run.nextPosition();
    const kept = ranked.filter((ranking) => ranking.organicRank !== null);
    await run.step(
      kept.map((ranking, index): KeywordRanking => ({ ...ranking, rank: first + index })),
    );
  }
}
