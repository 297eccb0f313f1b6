// The sandbox's language model through the official OpenAI SDK: the models list, chat completions
// in OpenAI's wire format with deterministic suggestions of the app's market, and OpenAI's error
// answers (invalid key, unknown model, rate limit, server error) plus the garbage and slow faults.
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { categoryOf, categoryVocabulary } from '../model/catalogue.js';
import { INVENTED_TERMS } from './openai-routes.js';
import { startSandbox, type Sandbox } from '../index.js';

let sandbox: Sandbox;
let client: OpenAI;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 });
  client = new OpenAI({ baseURL: sandbox.openAiUrl, apiKey: 'sk-sandbox', maxRetries: 0 });
});
afterEach(() => sandbox.resetFaults());
afterAll(() => sandbox.close());

const adamId = () => sandbox.accounts()[0]!.adamIds[0]!;
const ask = (model = 'sandbox-keywords-1', id = adamId()) =>
  client.chat.completions.create({
    model,
    messages: [
      { role: 'system', content: 'Answer JSON {"keywords": string[]}.' },
      {
        role: 'user',
        content: `Suggest 12 keywords for this app.\n${JSON.stringify({ app: { adamId: id } })}`,
      },
    ],
  });

describe('the sandbox language model', () => {
  it('lists its models in the OpenAI format', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    expect(models.map((model) => model.id)).toContain('sandbox-keywords-1');
    expect(models[0]).toMatchObject({ object: 'model', owned_by: 'tapwise-sandbox' });
    expect(typeof models[0]!.created).toBe('number');
  });

  it("answers a chat completion with the asked number of the app's market terms, the same each time", async () => {
    const completion = await ask();
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'sandbox-keywords-1' });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage!.total_tokens).toBeGreaterThan(0);
    const { keywords } = JSON.parse(completion.choices[0]!.message.content!) as {
      keywords: string[];
    };
    expect(keywords).toHaveLength(12);
    const app = sandbox.store.appsByAdamId.get(adamId())!;
    const vocabulary = new Set(categoryVocabulary(categoryOf(app)));
    // All but the one invented term are the category's market terms.
    expect(keywords.filter((term) => vocabulary.has(term)).length).toBe(11);
    const again = await ask();
    expect(again.choices[0]!.message.content).toBe(completion.choices[0]!.message.content);
  });

  it('refuses an invalid key, an unknown model and answers injected faults as OpenAI does', async () => {
    const refused = new OpenAI({ baseURL: sandbox.openAiUrl, apiKey: 'sk-invalid', maxRetries: 0 });
    await expect(refused.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(ask('gpt-nonexistent')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    await expect(ask('text-embedding-sandbox')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    sandbox.setFaults({ modelRateLimitBurst: 1 });
    await expect(ask()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    sandbox.setFaults({ modelServerErrors: 1 });
    await expect(ask()).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    sandbox.setFaults({ modelGarbage: 1 });
    const garbage = await ask();
    expect(() => JSON.parse(garbage.choices[0]!.message.content!)).toThrow();
    sandbox.setFaults({ modelInventedTerms: 1 });
    const invented = JSON.parse((await ask()).choices[0]!.message.content!) as {
      keywords: string[];
    };
    expect(invented.keywords).toEqual(INVENTED_TERMS);
    expect((await ask()).choices[0]!.message.content).toMatch(/^\{"keywords"/);
  });

  it('times out when the model is slower than the client waits', async () => {
    sandbox.setFaults({ modelLatencyMs: 400 });
    const impatient = new OpenAI({
      baseURL: sandbox.openAiUrl,
      apiKey: 'sk-sandbox',
      maxRetries: 0,
      timeout: 100,
    });
    await expect(
      impatient.chat.completions.create({
        model: 'sandbox-keywords-1',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });
});
