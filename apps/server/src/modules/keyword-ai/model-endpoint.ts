// The language model keyword suggestions ask (docs/keyword-ai.md "Endpoint"): the configured
// OpenAI-compatible endpoint, else, for a company connected to an Apple Ads sandbox, the
// sandbox's own model at its origin's /openai/v1 (as its App Store is at /app-store), so the demo
// and tests need no key. Calls go through the official `openai` SDK.
import OpenAI from 'openai';
import { KEYWORD_AI_MESSAGES } from '@tapwise/contracts';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { appStoreSourceOf } from '../keyword-research/app-store-source';
import { findIntegration } from '../integrations/integrations.repository';

/** The SDK retries a refused or failed call this often before giving up. */
const MAX_RETRIES = 1;
/** The sandbox model answers any key but an invalid-looking one. */
const SANDBOX_API_KEY = 'sk-tapwise-sandbox';
/** Model ids that cannot chat: embeddings, speech, transcription, images, moderation. */
const NOT_CHAT = /embed|tts|whisper|dall-e|image|moderation|transcribe|audio|realtime|search/i;

export interface ModelEndpoint {
  client: OpenAI;
  /** The configured default model; null: the first chat model the endpoint lists. */
  defaultModel: string | null;
}

export async function modelEndpointFor(
  ctx: { db: Database; config: Pick<Config, 'keywordAi'> },
  teamId: string,
): Promise<ModelEndpoint> {
  const { baseUrl, apiKey, model, timeoutMs } = ctx.config.keywordAi;
  const options = { timeout: timeoutMs, maxRetries: MAX_RETRIES };
  if (baseUrl)
    return {
      // Local servers (Ollama, vLLM, llama.cpp) take any key; the SDK insists on one.
      client: new OpenAI({ ...options, baseURL: baseUrl, apiKey: apiKey ?? 'not-needed' }),
      defaultModel: model ?? null,
    };
  const integration = await findIntegration(ctx.db, teamId);
  const appStore = integration ? appStoreSourceOf(integration) : null;
  if (!integration || appStore?.requestsPerMinute !== null)
    throw new AppError('BAD_REQUEST', 'AI suggestions are not configured on this server.');
  const origin = new URL(integration.baseUrl).origin;
  return {
    client: new OpenAI({ ...options, baseURL: `${origin}/openai/v1`, apiKey: SANDBOX_API_KEY }),
    // KEYWORD_AI_MODEL names a model of the configured endpoint, not of the sandbox.
    defaultModel: null,
  };
}

/** Every model the endpoint lists, by id. */
export async function listModelIds(endpoint: ModelEndpoint): Promise<string[]> {
  try {
    const ids: string[] = [];
    for await (const model of endpoint.client.models.list()) ids.push(model.id);
    return ids;
  } catch (error) {
    throw modelFailure(error);
  }
}

/** The models fit for chat suggestions, the default first. */
export function suggestiveModels(ids: readonly string[], defaultModel: string | null): string[] {
  const chat = ids.filter((id) => !NOT_CHAT.test(id));
  return defaultModel && chat.includes(defaultModel)
    ? [defaultModel, ...chat.filter((id) => id !== defaultModel)]
    : chat;
}

/** The model a generation uses: the one asked (it must be offered), else the default. */
export async function chosenModel(endpoint: ModelEndpoint, asked: string | null): Promise<string> {
  if (asked === null && endpoint.defaultModel) return endpoint.defaultModel;
  const offered = suggestiveModels(await listModelIds(endpoint), endpoint.defaultModel);
  if (asked === null) {
    if (!offered[0]) throw new AppError('AI_MODEL_FAILED', KEYWORD_AI_MESSAGES.modelFailed);
    return offered[0];
  }
  if (!offered.includes(asked)) throw new AppError('BAD_REQUEST', KEYWORD_AI_MESSAGES.modelUnknown);
  return asked;
}

/** Any failure of the endpoint (refused, unreachable, timed out) as the user sees it. */
export function modelFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('AI_MODEL_FAILED', KEYWORD_AI_MESSAGES.modelFailed);
}
