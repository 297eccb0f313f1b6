// Fetches a generation's researched keywords (docs/campaign-generator.md, Keywords): category
// keywords are keyword research's ideas for the app itself (Apple's suggestions, then the most
// popular terms of its genre), competitor keywords the ideas for each competitor; every term is
// ranked for the generation's app (organic rank, popularity, total apps) so the ranges can filter
// it. Then the plan is computed: READY, or KEYWORDS_FAILED with a message to retry.
import {
  GENERATOR_MESSAGES,
  researchLocaleSchema,
  type GenerationProgressMessage,
  type GeneratorSettings,
  type KeywordRanking,
  type ResearchLocale,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { JobContext } from '../job-context';
import {
  keywordIdeasForApp,
  lastThirtyDays,
  openResearch,
  rankTerms,
  type ResearchSources,
} from '../keyword-research/keyword-facts';
import {
  findGeneration,
  liveCampaignNames,
  updateGeneration,
  type GenerationRow,
} from './campaign-generator.repository';
import type { FetchedKeyword, FetchedKeywords } from './campaign-generator.tables';
import { buildGeneratorPlan } from './generator-plan';
import { announceGeneration, NO_PROGRESS } from './generator-progress';

/** Ideas examined per app: enough for a segment, few enough for a job of a minute. */
const IDEAS_PER_APP = 100;
/** Terms ranked per call: rankTerms sends a call's App Store searches and Apple Ads reads together. */
const RANK_BATCH = 100;

type FetchContext = Pick<JobContext, 'db' | 'config' | 'secrets' | 'realtime'> &
  Partial<Pick<JobContext, 'logger'>>;

/** Research asks in the first country's storefront (the generator's keywords are not localised). */
export function researchLocaleOf(settings: GeneratorSettings): ResearchLocale {
  const parsed = researchLocaleSchema.safeParse({ location: settings.countries[0]?.toLowerCase() });
  return parsed.success ? parsed.data : researchLocaleSchema.parse({});
}

const needs = (settings: GeneratorSettings, segment: 'category' | 'competitor') =>
  settings.segments.some((s) => s.segment === segment && s.enabled);

async function ideasRanked(
  sources: ResearchSources,
  generationAppId: number,
  ideasAppId: number,
  locale: ResearchLocale,
): Promise<FetchedKeyword[]> {
  const storefront = { country: locale.location, language: locale.language, device: locale.device };
  const [ideasApp, ownApp] = await sources.appStore.lookup(
    [...new Set([ideasAppId, generationAppId])],
    storefront,
  );
  const app = ownApp ?? ideasApp;
  if (!ideasApp || !app) return [];
  const ideas = await keywordIdeasForApp(sources, ideasApp, locale.location, IDEAS_PER_APP);
  const terms = ideas.map((idea) => idea.term);
  const window = lastThirtyDays(sources.now);
  const ranked: KeywordRanking[] = [];
  for (let start = 0; start < terms.length; start += RANK_BATCH)
    ranked.push(
      ...(await rankTerms(sources, {
        appId: app.adamId,
        terms: terms.slice(start, start + RANK_BATCH),
        locale,
        window,
        withSearch: true,
        // The generator keeps organic rank, popularity and total apps, never share of voice.
        withShareOfVoice: false,
      })),
    );
  return ranked.map((ranking) => ({
    text: ranking.keyword,
    organicRank: ranking.organicRank,
    popularity: ranking.popularity,
    totalApps: ranking.totalApps,
  }));
}

async function announceStep(
  ctx: FetchContext,
  teamId: string,
  id: string,
  opId: GenerationProgressMessage['opId'],
) {
  const row = await findGeneration(ctx.db, teamId, id);
  if (row) announceGeneration(ctx, row, opId);
}

/** Each competitor's ideas, ranked for the generation's app, the first of a repeated term kept. */
async function competitorKeywords(
  sources: ResearchSources,
  generationAppId: number,
  competitorAdamIds: readonly number[],
  locale: ResearchLocale,
): Promise<FetchedKeyword[]> {
  const lists = await Promise.all(
    competitorAdamIds.map((adamId) => ideasRanked(sources, generationAppId, adamId, locale)),
  );
  const byText = new Map<string, FetchedKeyword>();
  for (const keyword of lists.flat())
    if (!byText.has(keyword.text.toLowerCase())) byText.set(keyword.text.toLowerCase(), keyword);
  return [...byText.values()];
}

async function fetchKeywords(
  ctx: FetchContext,
  generation: GenerationRow,
): Promise<FetchedKeywords> {
  const { settings, adamId } = generation;
  const competitor = settings.segments.find((s) => s.segment === 'competitor' && s.enabled);
  const category = needs(settings, 'category');
  if (!category && !competitor) return {};
  const sources = await openResearch(ctx, generation.teamId, generation.adamId);
  const locale = researchLocaleOf(settings);
  if (category) announceGeneration(ctx, generation, 11);
  if (competitor) announceGeneration(ctx, generation, 12);
  // Category and competitors are researched together: the job waits for the slowest, not the sum.
  const [categoryFound, competitorFound] = await Promise.all([
    category ? ideasRanked(sources, adamId, adamId, locale) : null,
    competitor ? competitorKeywords(sources, adamId, competitor.competitorAdamIds, locale) : null,
  ]);
  return {
    ...(categoryFound ? { category: categoryFound } : {}),
    ...(competitorFound ? { competitor: competitorFound } : {}),
  };
}

/** The job's work: fetch, plan, READY; any failure ends KEYWORDS_FAILED with its message. */
export async function fetchGenerationKeywords(
  ctx: FetchContext,
  teamId: string,
  id: string,
): Promise<void> {
  const generation = await findGeneration(ctx.db, teamId, id);
  if (generation?.status !== 'FETCHING_KEYWORDS') return;
  try {
    const fetchedKeywords = await fetchKeywords(ctx, generation);
    const taken = await liveCampaignNames(ctx.db, teamId, generation.adAccountId);
    const plan = buildGeneratorPlan(generation.settings, fetchedKeywords, taken);
    const saved = await updateGeneration(
      ctx.db,
      teamId,
      id,
      { status: 'READY', fetchedKeywords, plan, failure: null, progress: NO_PROGRESS },
      ['FETCHING_KEYWORDS'],
    );
    if (saved) announceGeneration(ctx, saved, fetchedKeywords.competitor ? 12 : 11);
  } catch (error) {
    await failGenerationKeywords(ctx, teamId, id, error);
  }
}

/** Ends fetching as KEYWORDS_FAILED; a refusal of ours (nothing to create…) keeps its words. */
export async function failGenerationKeywords(
  ctx: FetchContext,
  teamId: string,
  id: string,
  error: unknown,
): Promise<void> {
  ctx.logger?.warn({ err: error, generationId: id }, 'generator keywords failed');
  const ours = error instanceof AppError && error.error === 'BAD_REQUEST';
  const failure = ours ? error.message : GENERATOR_MESSAGES.keywordFetchFailed;
  const saved = await updateGeneration(ctx.db, teamId, id, { status: 'KEYWORDS_FAILED', failure }, [
    'FETCHING_KEYWORDS',
  ]);
  if (saved) await announceStep(ctx, teamId, id, 11);
}
