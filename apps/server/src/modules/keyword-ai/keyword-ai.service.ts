// AI keyword suggestions (docs/keyword-ai.md): a generation checks the member's credits and the
// installation's monthly limit, asks the model about the app (its App Store metadata as data),
// grounds the answer in App Store and Apple Ads facts, and stores a non-empty list spending one
// credit in the same transaction. A failed or empty generation spends nothing.
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  dataRequestChannel,
  generateKeywordsInputSchema,
  KEYWORD_AI_CONTEXTS,
  KEYWORD_AI_MESSAGES,
  researchLocaleSchema,
  setAiCreditsInputSchema,
  type AiCredits,
  type GenerateKeywordsInput,
  type GlobalAiCredits,
  type KeywordAiContext,
  type KeywordAiMessage,
} from '@tapwise/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { findUserById } from '../accounts/accounts.repository';
import { openResearch, storefrontOf } from '../keyword-research/keyword-facts';
import { UNKNOWN_APP_MESSAGE } from '../keyword-research/keyword-research.service';
import {
  creditsOf,
  firstOfMonth,
  globalUsed,
  refillDueCredits,
  setCredits,
  spendCredit,
  spendGlobal,
} from './ai-credits.repository';
import { groundKeywords } from './keyword-grounding';
import { parseAnswer, promptMessages } from './keyword-prompt';
import {
  chosenModel,
  listModelIds,
  modelEndpointFor,
  modelFailure,
  suggestiveModels,
} from './model-endpoint';
import {
  insertSuggestionList,
  listSuggestionLists,
  type SuggestionListRow,
} from './suggestion-lists.repository';

type AiContext = Pick<AppContext, 'db' | 'config' | 'secrets' | 'realtime'>;

/** Apple ids are stored as bigint: a float beyond the exact integers is no id. */
const appleIdFilter = z
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER, 'validation.appIdInvalid');
const generateInput = generateKeywordsInputSchema.extend({
  adamId: appleIdFilter,
  competitorAdamId: appleIdFilter.nullable(),
});

export interface Caller {
  userId: string;
  teamId: string;
}

export async function listModels(ctx: AiContext, teamId: string): Promise<string[]> {
  return listModelIds(await modelEndpointFor(ctx, teamId));
}

export async function listSuggestiveModels(ctx: AiContext, teamId: string): Promise<string[]> {
  const endpoint = await modelEndpointFor(ctx, teamId);
  return suggestiveModels(await listModelIds(endpoint), endpoint.defaultModel);
}

export function getCredits(ctx: Pick<AppContext, 'db'>, userId: string): Promise<AiCredits> {
  return creditsOf(ctx.db, userId, new Date());
}

export async function getGlobalCredits(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<GlobalAiCredits> {
  const now = new Date();
  return {
    globalLimit: ctx.config.keywordAi.globalMonthlyLimit,
    used: await globalUsed(ctx.db, now),
    refillsOn: firstOfMonth(now, 1),
  };
}

export function suggestionLists(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  adamId: number | null,
): Promise<SuggestionListRow[]> {
  return listSuggestionLists(ctx.db, teamId, appleIdFilter.nullable().parse(adamId));
}

/** A member's credits as staff see them before setting them. */
export async function memberAiCredits(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<AiCredits> {
  if (!(await findUserById(ctx.db, userId))) throw new AppError('NOT_FOUND', 'No such user.');
  return getCredits(ctx, userId);
}

export async function setAiCredits(
  ctx: Pick<AppContext, 'db'>,
  input: unknown,
): Promise<AiCredits> {
  const { userId, ...credits } = setAiCreditsInputSchema.parse(input);
  if (!(await findUserById(ctx.db, userId))) throw new AppError('NOT_FOUND', 'No such user.');
  return setCredits(ctx.db, userId, credits, new Date());
}

export async function generateKeywords(
  ctx: AiContext,
  caller: Caller,
  rawInput: unknown,
): Promise<SuggestionListRow> {
  const raw = rawInput as Record<string, unknown>;
  // GraphQL leaves an optional argument out; the contract spells "not given" as null.
  const input = generateInput.parse({
    ...raw,
    model: raw.model ?? null,
    seed: raw.seed ?? null,
    competitorAdamId: raw.competitorAdamId ?? null,
  });
  const now = new Date();
  const credits = await creditsOf(ctx.db, caller.userId, now);
  if (credits.remainingUsage <= 0) refuseNoCredits(ctx, caller, input, credits);
  if ((await globalUsed(ctx.db, now)) >= ctx.config.keywordAi.globalMonthlyLimit)
    throw new AppError('AI_CREDITS_EXHAUSTED', KEYWORD_AI_MESSAGES.globalLimitReached);

  const locale = researchLocaleSchema.parse({ location: input.storefront.toLowerCase() });
  const sources = await openResearch(ctx, caller.teamId, input.adamId);
  const endpoint = await modelEndpointFor(ctx, caller.teamId);
  const [apps, model] = await Promise.all([
    sources.appStore.lookup(
      [input.adamId, ...(input.competitorAdamId === null ? [] : [input.competitorAdamId])],
      storefrontOf(locale),
    ),
    chosenModel(endpoint, input.model),
  ]);
  const app = apps.find((found) => found.adamId === input.adamId);
  const competitor = apps.find((found) => found.adamId === input.competitorAdamId) ?? null;
  if (!app || (input.competitorAdamId !== null && !competitor))
    throw new AppError('NOT_FOUND', UNKNOWN_APP_MESSAGE);

  let terms: string[] | null;
  try {
    const completion = await endpoint.client.chat.completions.create({
      model,
      messages: promptMessages({ app, competitor, seed: input.seed, storefront: input.storefront }),
      response_format: { type: 'json_object' },
    });
    terms = parseAnswer(completion.choices[0]?.message.content);
  } catch (error) {
    throw modelFailure(error);
  }
  if (terms === null) throw new AppError('AI_MODEL_FAILED', KEYWORD_AI_MESSAGES.modelFailed);

  const keywords = await groundKeywords(sources, input.adamId, locale, terms);
  const list = {
    teamId: caller.teamId,
    userId: caller.userId,
    adamId: input.adamId,
    storefront: input.storefront,
    model,
    seed: input.seed,
    competitorAdamId: input.competitorAdamId,
    keywords,
  };
  // Nothing survived grounding: shown as "Apple has no suggestions at present", never stored.
  if (keywords.length === 0) return { ...list, id: randomUUID(), createdAt: now };

  const { row, balance } = await ctx.db.transaction(async (tx) => {
    const balance = await spendCredit(tx, caller.userId);
    if (!balance) refuseNoCredits(ctx, caller, input, await creditsOf(tx, caller.userId, now));
    if (!(await spendGlobal(tx, now, ctx.config.keywordAi.globalMonthlyLimit)))
      throw new AppError('AI_CREDITS_EXHAUSTED', KEYWORD_AI_MESSAGES.globalLimitReached);
    return { row: await insertSuggestionList(tx, list), balance: balance! };
  });
  announce(ctx, caller, input.adamId, KEYWORD_AI_CONTEXTS.keywordList, row.id, balance);
  return row;
}

/** No credits left: the member hears it on the data-request channel and the call is refused. */
function refuseNoCredits(
  ctx: Pick<AppContext, 'realtime'>,
  caller: Caller,
  input: GenerateKeywordsInput,
  credits: AiCredits,
): never {
  announce(ctx, caller, input.adamId, KEYWORD_AI_CONTEXTS.noCredits, null, credits);
  throw new AppError(
    'AI_CREDITS_EXHAUSTED',
    KEYWORD_AI_MESSAGES.noCredits.replace('{{date}}', credits.refillsOn),
  );
}

function announce(
  ctx: Pick<AppContext, 'realtime'>,
  caller: Caller,
  adamId: number,
  context: KeywordAiContext,
  listId: string | null,
  credits: AiCredits,
) {
  const message: KeywordAiMessage = {
    opId: DATA_REQUEST_CHANNEL_OP_IDS.keywordAi,
    context: context as KeywordAiMessage['context'],
    appId: String(adamId),
    data: { listId, credits },
  };
  ctx.realtime.toUser(caller.userId, dataRequestChannel(caller.userId), message);
}

/** The monthly refill: balances due today or earlier are restored to their limits. */
export function refillCredits(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  return refillDueCredits(ctx.db, now);
}
