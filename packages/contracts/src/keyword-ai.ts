// AI keyword suggestions (spec 2 §3.5, §3.8, §7.3 Keyword AI, §7.4 opId 71): what a generation
// asks, the grounded keywords it answers and the credits it spends. docs/keyword-ai.md records
// the choices the spec leaves open.
import { z } from 'zod';
import { keywordTextSchema } from './validation/names';

/** Monthly credits a member starts with, and what a refill restores (choice). */
export const KEYWORD_AI_DEFAULT_USAGE_LIMIT = 20;
/** Keywords asked of the model per generation, before grounding removes any. */
export const KEYWORD_AI_KEYWORDS_ASKED = 30;
/** A model that has not answered by then has failed; no credit is spent. */
export const KEYWORD_AI_TIMEOUT_MS = 60_000;

export const KEYWORD_AI_MESSAGES = {
  /** opId 71, context 25. */
  noCredits: 'You have used all your AI credits. They refill on {{date}}.',
  globalLimitReached: 'AI suggestions are paused for everyone until the monthly limit refills.',
  noSuggestions: 'Apple has no suggestions at present',
  modelFailed: 'The language model did not answer usefully. Try again; no credit was spent.',
  modelUnknown: 'This model is not offered by the configured endpoint.',
  creditsSet: 'Credits updated',
} as const;

const appleId = z.number().int().positive();
const storefront = z.string().regex(/^[A-Z]{2}$/, 'validation.countryInvalid');

/** generateKeywords' question. */
export const generateKeywordsInputSchema = z.object({
  adamId: appleId,
  storefront,
  /** A model listModels offered; null: the configured default. */
  model: z.string().min(1).max(200).nullable(),
  /** Optional phrase to steer the suggestions. */
  seed: keywordTextSchema.nullable(),
  /** Optional rival app whose audience the suggestions aim at. */
  competitorAdamId: appleId.nullable(),
});
export type GenerateKeywordsInput = z.infer<typeof generateKeywordsInputSchema>;

/** One suggestion after grounding: every figure from App Store data, v1 or synced facts. */
export interface SuggestedKeyword {
  text: string;
  /** v1 search popularity, 1 to 5 (null when Apple gives none). */
  popularity: number | null;
  /** The app's organic rank for the term in the storefront; null: not in the first results. */
  organicRank: number | null;
  /** Apps the storefront returns for the term. */
  totalApps: number;
  /** The company already bids on it in this storefront. */
  alreadyBid: boolean;
}

/** A member's credits (spec 2 §3.5 aiCredits with refillsOn of §3.8). */
export interface AiCredits {
  remainingUsage: number;
  usageLimit: number;
  /** The date (YYYY-MM-DD, UTC) the balance is restored to usageLimit. */
  refillsOn: string;
  /** Staff set this balance by hand; the monthly refill keeps the hand-set limit. */
  isFilledManually: boolean;
}

/** The installation's monthly ceiling over every member (spec 2 §3.8 globalLimit). */
export interface GlobalAiCredits {
  globalLimit: number;
  used: number;
  refillsOn: string;
}

/** Staff setting a member's credits. */
export const setAiCreditsInputSchema = z.object({
  userId: z.uuid(),
  usageLimit: z.number().int().min(0).max(100_000),
  remainingUsage: z.number().int().min(0).max(100_000),
});
export type SetAiCreditsInput = z.infer<typeof setAiCreditsInputSchema>;

/** A suggestion list's news on the data-request channel (opId 71). */
export interface KeywordAiMessage {
  opId: 71;
  /** 21 a keyword list is ready, 23 keywords were added to a set, 25 no credits. */
  context: 21 | 23 | 25;
  appId: string;
  data: { listId: string | null; credits: AiCredits };
}
