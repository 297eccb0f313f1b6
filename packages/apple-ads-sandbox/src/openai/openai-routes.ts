// An OpenAI-compatible language model under /openai/v1 (models and chat completions in the wire
// format of the OpenAI API), so keyword suggestions work in the demo, tests and CI with no key.
// It "suggests" search terms of the market the sandbox simulates: the vocabulary of the app's
// category (the app found by the adamId in the prompt's data), chosen by a hash of the request,
// plus the odd invented term no App Store search answers, as a real model would.
import {
  categoryOf,
  categoryVocabulary,
  CATEGORIES,
  type CategorySeed,
} from '../model/catalogue.js';
import { hashString, sequence } from '../model/hash.js';
import type { SandboxStore } from '../model/store.js';

export const OPENAI_PREFIX = '/openai/v1';

/** The models the endpoint lists; only the first two can chat. */
export const SANDBOX_MODELS = [
  'sandbox-keywords-1',
  'sandbox-keywords-mini',
  'text-embedding-sandbox',
  'tts-sandbox',
  'whisper-sandbox',
] as const;
const CHAT_MODELS: readonly string[] = SANDBOX_MODELS.slice(0, 2);
/** A fixed creation time, so answers are reproducible. */
const MODELS_CREATED = 1_767_225_600;
const DEFAULT_COUNT = 30;
const MAX_COUNT = 100;
/** Terms a model might invent: nothing in the App Store answers to them. */
export const INVENTED_TERMS = ['zorbly quix', 'vexoro plimb', 'glimmox trune', 'quillix snarv'];
/** An API key starting with this is refused (401), to exercise the invalid-key answer. */
export const INVALID_KEY_PREFIX = 'sk-invalid';

export interface OpenAiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function openAiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): OpenAiAnswer {
  return { status, body: { error: { message, type, param, code } } };
}

/** Answers a request under /openai/v1 (faults are the server's business). */
export function answerOpenAi(
  store: SandboxStore,
  method: string,
  url: URL,
  authorization: string | undefined,
  raw: string,
): OpenAiAnswer {
  const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1]?.trim() ?? '';
  if (key === '' || key.startsWith(INVALID_KEY_PREFIX))
    return openAiError(
      401,
      'Incorrect API key provided.',
      'invalid_request_error',
      'invalid_api_key',
    );
  const path = url.pathname.slice(OPENAI_PREFIX.length);
  if (path === '/models' && method === 'GET')
    return {
      status: 200,
      body: {
        object: 'list',
        data: SANDBOX_MODELS.map((id) => ({
          id,
          object: 'model',
          created: MODELS_CREATED,
          owned_by: 'tapwise-sandbox',
        })),
      },
    };
  if (path === '/chat/completions' && method === 'POST') return chatCompletion(store, raw);
  return openAiError(
    404,
    `Unknown request URL: ${method} ${url.pathname}.`,
    'invalid_request_error',
    'unknown_url',
  );
}

/** Replaces a completion's answer (the garbage and invented-terms faults). */
export function setCompletionContent(answer: OpenAiAnswer, content: string): void {
  const body = answer.body as { choices: { message: { content: string } }[] };
  body.choices[0]!.message.content = content;
}

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

function parseChatRequest(raw: string): ChatRequest | null {
  try {
    const body = JSON.parse(raw) as Partial<ChatRequest>;
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) return null;
    const messages = body.messages.map((message) => ({
      role: String(message?.role ?? ''),
      content: typeof message?.content === 'string' ? message.content : '',
    }));
    return { model: body.model, messages };
  } catch {
    return null;
  }
}

function chatCompletion(store: SandboxStore, raw: string): OpenAiAnswer {
  const request = parseChatRequest(raw);
  if (!request)
    return openAiError(
      400,
      "'messages' and 'model' are required.",
      'invalid_request_error',
      null,
      'messages',
    );
  if (!CHAT_MODELS.includes(request.model))
    return openAiError(
      404,
      `The model \`${request.model}\` does not exist or you do not have access to it.`,
      'invalid_request_error',
      'model_not_found',
    );
  const prompt = request.messages.map((message) => message.content).join('\n');
  const requestHash = hashString(`${request.model}\n${prompt}`);
  const keywords = suggest(store, prompt, requestHash);
  const content = JSON.stringify({ keywords });
  const promptTokens = tokens(prompt);
  const completionTokens = tokens(content);
  return {
    status: 200,
    body: {
      id: `chatcmpl-${requestHash.toString(36)}${(store.now() % 1_000_000).toString(36)}`,
      object: 'chat.completion',
      created: Math.floor(store.now() / 1000),
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_tapwise_sandbox',
    },
  };
}

/** A crude token count (about four characters a token), as usage needs one. */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/**
 * Terms of the category of the app the prompt's data names (else of a category named in the
 * prompt, else of every category), the seed phrase's neighbours first, shuffled by the hash.
 */
function suggest(store: SandboxStore, prompt: string, requestHash: number): string[] {
  const count = Math.min(
    MAX_COUNT,
    Number(/(\d+)\s+(?:search\s+)?keywords/i.exec(prompt)?.[1] ?? DEFAULT_COUNT),
  );
  const categories = categoriesOf(store, prompt);
  const vocabulary = [...new Set(categories.flatMap(categoryVocabulary))];
  const random = sequence(requestHash);
  const shuffled = vocabulary
    .map((term) => ({ term, order: random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ term }) => term);
  const seed = /"seed"\s*:\s*"([^"]+)"/.exec(prompt)?.[1]?.toLowerCase();
  const seedWords = seed ? seed.split(/\s+/) : [];
  const near = shuffled.filter((term) => seedWords.some((word) => term.includes(word)));
  const chosen = [...new Set([...near, ...shuffled])].slice(0, Math.max(0, count - 1));
  // One invented term in most answers, at a place the hash picks.
  const invented = INVENTED_TERMS[requestHash % INVENTED_TERMS.length] as string;
  if (count > 0) chosen.splice(requestHash % (chosen.length + 1), 0, invented);
  return chosen;
}

function categoriesOf(store: SandboxStore, prompt: string): CategorySeed[] {
  const adamIds = [...prompt.matchAll(/"adamId"\s*:\s*(\d+)/g)].map((match) => Number(match[1]));
  const apps = adamIds.flatMap((adamId) => store.appsByAdamId.get(adamId) ?? []);
  if (apps.length > 0) return [...new Set(apps.map(categoryOf))];
  const lower = prompt.toLowerCase();
  const named = CATEGORIES.filter((category) => lower.includes(category.name.toLowerCase()));
  return named.length > 0 ? named : [...CATEGORIES];
}
