// Grounding (docs/keyword-ai.md "Grounding"): a model's terms are only suggestions until the
// App Store and Apple Ads confirm them. Each is normalised and checked as a keyword text;
// duplicates and the app's own keywords in the storefront go; the rest get keyword research's
// facts (v1 popularity, the app's organic rank, apps competing, whether the company bids on it)
// and terms no app answers to go too.
import { keywordTextSchema, type ResearchLocale, type SuggestedKeyword } from '@tapwise/contracts';
import { lastThirtyDays, rankTerms, type ResearchSources } from '../keyword-research/keyword-facts';
import { keywordFacts } from '../keyword-research/own-keyword-facts.repository';

const MAX_KEYWORD_CHARACTERS = 80;

/** Lower case, trimmed, single spaces; null when it is not a keyword Apple would take. */
export function normalisedKeyword(term: string): string | null {
  const text = term.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '' || text.length > MAX_KEYWORD_CHARACTERS) return null;
  return keywordTextSchema.safeParse(text).success ? text : null;
}

/** Distinct well-formed terms, in the model's order. */
export function distinctKeywords(terms: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const term of terms) {
    const text = normalisedKeyword(term);
    if (text !== null) kept.add(text);
  }
  return [...kept];
}

/** v1 popularity 1-100 on the 1-5 scale Apple's keyword recommendations use. */
const popularityOf5 = (popularity: number | null) =>
  popularity === null ? null : Math.max(1, Math.min(5, Math.ceil(popularity / 20)));

export async function groundKeywords(
  sources: ResearchSources,
  adamId: number,
  locale: ResearchLocale,
  terms: readonly string[],
): Promise<SuggestedKeyword[]> {
  const window = lastThirtyDays(sources.now);
  const candidates = distinctKeywords(terms);
  const synced = await keywordFacts(
    sources.db,
    sources.teamId,
    candidates,
    window,
    locale.location,
  );
  const existing = new Set(synced.filter((row) => row.adamId === adamId).map((row) => row.text));
  const fresh = candidates.filter((term) => !existing.has(term));
  if (fresh.length === 0) return [];
  const rankings = await rankTerms(sources, {
    appId: adamId,
    terms: fresh,
    locale,
    window,
    withSearch: true,
    // A suggestion shows popularity, organic rank and total apps, never share of voice.
    withShareOfVoice: false,
  });
  return rankings
    .filter((ranking) => (ranking.totalApps ?? 0) > 0)
    .map((ranking) => ({
      text: ranking.keyword,
      popularity: popularityOf5(ranking.popularity),
      organicRank: ranking.organicRank,
      totalApps: ranking.totalApps ?? 0,
      // Left after the app's own keywords went: another of the company's apps bids on it here.
      alreadyBid: ranking.own !== null,
    }));
}
