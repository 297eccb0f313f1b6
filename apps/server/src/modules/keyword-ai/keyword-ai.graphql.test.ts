// AI keyword suggestions through the real API, a real database and the in-process sandbox as
// Apple, the App Store and the language model: models listed, grounded suggestions spending one
// credit, no credit spent on a model that fails, answers garbage or times out, the no-credits and
// global-limit refusals, the monthly refill, staff setting credits, roles and companies apart.
import {
  dataRequestChannel,
  KEYWORD_AI_KEYWORDS_ASKED,
  type AiCredits,
  type KeywordAiMessage,
  type GlobalAiCredits,
  type SuggestedKeyword,
} from '@tapwise/contracts';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { openSocket, type TestSocket } from '../../platform/testing/socket-client';
import { keywords } from '../ads-data/ads-entities.tables';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { creditsOf, firstOfMonth } from './ai-credits.repository';
import { lastThirtyDays, openResearch } from '../keyword-research/keyword-facts';
import { keywordFacts } from '../keyword-research/own-keyword-facts.repository';
import type { JobContext } from '../job-context';
import { refillAiCreditsJob } from './jobs/refill-ai-credits.job';
import { groundKeywords } from './keyword-grounding';
import { listModelIds, modelEndpointFor } from './model-endpoint';
import { aiCredits, aiGlobalUsage, keywordSuggestionLists } from './keyword-ai.tables';

/** Short, so a slow model fails the test's generation quickly. */
const TIMEOUT_MS = 1500;

let world: CreationWorld;
let member: { session: Session; userId: string };
let staff: Session;
let socket: TestSocket;
/** What the member heard on the data-request channel. */
const messages: KeywordAiMessage[] = [];

beforeAll(async () => {
  world = await startCreationWorld({
    synced: true,
    env: (sandbox) => ({
      KEYWORD_AI_BASE_URL: sandbox.openAiUrl,
      KEYWORD_AI_API_KEY: 'sk-test-key',
      KEYWORD_AI_TIMEOUT_MS: String(TIMEOUT_MS),
    }),
  });
  const db = world.server.database.db;
  const api = apiClient(world.server.url);
  const created = await createMember(db, world.company.teamId, { role: 'ADMIN' });
  member = { session: await api.signIn(created.email, created.password), userId: created.user.id };
  const staffCompany = await createCompany(db, 'Staff Co');
  const admin = await createMember(db, staffCompany.id, { role: 'SUPERADMIN' });
  staff = await api.signIn(admin.email, admin.password);
  socket = await openSocket(world.server, member.session);
  socket.socket.on(dataRequestChannel(member.userId), (message: KeywordAiMessage) =>
    messages.push(message),
  );
}, 300_000);
afterEach(async () => {
  world.sandbox.resetFaults();
  await world.server.database.db.delete(aiGlobalUsage);
});
afterAll(async () => {
  socket?.close();
  await world?.close();
});

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string; code?: number } }[];
}

const ask = async <Data>(
  query: string,
  variables: Record<string, unknown> = {},
  session: Session = member.session,
) => (await apiClient(world.server.url).graphql<Data>(query, variables, session)) as Answer<Data>;

interface ListAnswer {
  id: string;
  adamId: number;
  storefront: string;
  model: string;
  seed: string | null;
  keywords: SuggestedKeyword[];
}

const LIST_FIELDS =
  'id adamId storefront model seed competitorAdamId createdAt keywords { text popularity organicRank totalApps alreadyBid }';
const GENERATE = `mutation($adamId: Float!, $storefront: String!, $model: String, $seed: String) {
  generateKeywords(adamId: $adamId, storefront: $storefront, model: $model, seed: $seed) { ${LIST_FIELDS} } }`;
const LISTS = `query($adamId: Float) { suggestedKeywordListKAI(adamId: $adamId) { ${LIST_FIELDS} } }`;
const CREDITS = 'query { getCredits { remainingUsage usageLimit refillsOn isFilledManually } }';
const GLOBAL = 'query { getGlobalCredits { globalLimit used refillsOn } }';
const SET_CREDITS = `mutation($userId: ID!, $usageLimit: Int!, $remainingUsage: Int!) {
  setAiCredits(userId: $userId, usageLimit: $usageLimit, remainingUsage: $remainingUsage) {
    remainingUsage usageLimit refillsOn isFilledManually } }`;

const MEMBER_CREDITS = `query($userId: ID!) {
  memberAiCredits(userId: $userId) { remainingUsage usageLimit refillsOn isFilledManually } }`;

const generate = (variables: Record<string, unknown> = {}, session?: Session) =>
  ask<{ generateKeywords: ListAnswer }>(
    GENERATE,
    { adamId: world.adamId, storefront: 'US', ...variables },
    session,
  );
const credits = async (session?: Session) =>
  (await ask<{ getCredits: AiCredits }>(CREDITS, {}, session)).data!.getCredits;
const setBalance = (userId: string, remainingUsage: number, usageLimit = 20) =>
  world.server.database.db
    .update(aiCredits)
    .set({ remainingUsage, usageLimit })
    .where(eq(aiCredits.userId, userId));

describe('models', () => {
  it('lists the endpoint’s models, and the chat models with the default first', async () => {
    const answer = await ask<{ listModels: string[]; listSuggestiveModels: string[] }>(
      'query { listModels listSuggestiveModels }',
      {},
      world.readOnlyMember,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.listModels).toContain('text-embedding-sandbox');
    expect(answer.data!.listSuggestiveModels).toEqual([
      'sandbox-keywords-1',
      'sandbox-keywords-mini',
    ]);
  });

  it("asks the sandbox's own model when no endpoint is configured", async () => {
    const ctx = world.server.context;
    const endpoint = await modelEndpointFor(
      { db: ctx.db, config: { keywordAi: { ...ctx.config.keywordAi, baseUrl: undefined } } },
      world.company.teamId,
    );
    expect(await listModelIds(endpoint)).toContain('sandbox-keywords-1');
    await expect(
      modelEndpointFor(
        { db: ctx.db, config: { keywordAi: { ...ctx.config.keywordAi, baseUrl: undefined } } },
        (await createCompany(ctx.db, 'Unconnected Co')).id,
      ),
    ).rejects.toThrow('AI suggestions are not configured on this server.');
  });
});

describe('generateKeywords', () => {
  it('answers grounded suggestions and spends exactly one credit', async () => {
    const before = await credits();
    expect(before).toMatchObject({ remainingUsage: 20, usageLimit: 20, isFilledManually: false });
    expect(before.refillsOn).toBe(firstOfMonth(new Date(), 1));
    const answer = await generate();
    expect(answer.errors).toBeUndefined();
    const list = answer.data!.generateKeywords;
    expect(list).toMatchObject({
      adamId: world.adamId,
      storefront: 'US',
      model: 'sandbox-keywords-1',
    });
    expect(list.keywords.length).toBeGreaterThan(0);
    // The model's invented term found no app and went.
    expect(list.keywords.length).toBeLessThan(KEYWORD_AI_KEYWORDS_ASKED);
    const texts = list.keywords.map((keyword) => keyword.text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const keyword of list.keywords) {
      expect(keyword.totalApps).toBeGreaterThan(0);
      expect(keyword.text).toBe(keyword.text.trim().toLowerCase());
    }
    // None is one of the app's synced keywords in the storefront.
    const own = await world.server.database.db
      .select({ text: keywords.text })
      .from(keywords)
      .where(and(eq(keywords.teamId, world.company.teamId), eq(keywords.deleted, false)));
    const ownTexts = new Set(own.map((row) => row.text.toLowerCase()));
    expect(texts.filter((text) => ownTexts.has(text))).toEqual([]);
    expect((await credits()).remainingUsage).toBe(19);
    await vi.waitFor(() =>
      expect(messages).toContainEqual({
        opId: 71,
        context: 21,
        appId: String(world.adamId),
        data: { listId: list.id, credits: expect.objectContaining({ remainingUsage: 19 }) },
      }),
    );
    const global = await ask<{ getGlobalCredits: GlobalAiCredits }>(GLOBAL);
    expect(global.data!.getGlobalCredits).toMatchObject({ used: 1, globalLimit: 10_000 });
    const lists = await ask<{ suggestedKeywordListKAI: ListAnswer[] }>(LISTS, {
      adamId: world.adamId,
    });
    expect(lists.data!.suggestedKeywordListKAI[0]).toMatchObject({
      id: list.id,
      keywords: list.keywords,
    });
  });

  it.each([
    ['answers garbage', { modelGarbage: 1 }],
    ['fails', { modelServerErrors: 5 }],
    ['is rate limited', { modelRateLimitBurst: 5 }],
    ['times out', { modelLatencyMs: TIMEOUT_MS * 3 }],
  ])(
    'spends no credit when the model %s',
    async (_case, faults) => {
      const before = (await credits()).remainingUsage;
      world.sandbox.setFaults(faults);
      const answer = await generate({ seed: 'planner' });
      expect(answer.errors?.[0]).toMatchObject({
        message: 'The language model did not answer usefully. Try again; no credit was spent.',
        extensions: { error: 'AI_MODEL_FAILED' },
      });
      world.sandbox.resetFaults();
      expect((await credits()).remainingUsage).toBe(before);
    },
    20_000,
  );

  it('answers an empty list, stores nothing and spends nothing when no suggestion survives', async () => {
    const db = world.server.database.db;
    const before = (await credits()).remainingUsage;
    const stored = (await db.select().from(keywordSuggestionLists)).length;
    world.sandbox.setFaults({ modelInventedTerms: 1 });
    const answer = await generate();
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.generateKeywords.keywords).toEqual([]);
    expect((await credits()).remainingUsage).toBe(before);
    expect(await db.select().from(keywordSuggestionLists)).toHaveLength(stored);
  });

  it('refuses an app id beyond the exact integers, to generate or to filter lists', async () => {
    const generated = await generate({ adamId: 1.7976931348623141e308 });
    expect(generated.errors?.[0]?.extensions?.error).toBe('BAD_REQUEST');
    const filtered = await ask(LISTS, { adamId: 1e300 });
    expect(filtered.errors?.[0]?.extensions?.error).toBe('BAD_REQUEST');
  });

  it('refuses an app the storefront does not have, spending nothing', async () => {
    const before = (await credits()).remainingUsage;
    const answer = await generate({ adamId: 999 });
    expect(answer.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    expect((await credits()).remainingUsage).toBe(before);
  });

  it('refuses a model the endpoint does not offer for chat', async () => {
    const answer = await generate({ model: 'text-embedding-sandbox' });
    expect(answer.errors?.[0]?.message).toBe(
      'This model is not offered by the configured endpoint.',
    );
  });

  it('refuses with the refill date when the member has no credits left', async () => {
    await credits();
    await setBalance(member.userId, 0);
    const answer = await generate();
    expect(answer.errors?.[0]).toMatchObject({
      message: `You have used all your AI credits. They refill on ${firstOfMonth(new Date(), 1)}.`,
      extensions: { error: 'AI_CREDITS_EXHAUSTED' },
    });
    await vi.waitFor(() =>
      expect(messages).toContainEqual({
        opId: 71,
        context: 25,
        appId: String(world.adamId),
        data: { listId: null, credits: expect.objectContaining({ remainingUsage: 0 }) },
      }),
    );
    await setBalance(member.userId, 20);
  });

  it('refuses everyone once the installation’s monthly limit is reached', async () => {
    await world.server.database.db
      .insert(aiGlobalUsage)
      .values({ month: firstOfMonth(new Date()), used: 10_000 });
    const before = (await credits()).remainingUsage;
    const answer = await generate();
    expect(answer.errors?.[0]).toMatchObject({
      message: 'AI suggestions are paused for everyone until the monthly limit refills.',
      extensions: { error: 'AI_CREDITS_EXHAUSTED' },
    });
    expect((await credits()).remainingUsage).toBe(before);
  });

  it('never takes a balance below zero however many generations race for it (property)', async () => {
    const db = world.server.database.db;
    await credits();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        async (racers, balance) => {
          await setBalance(member.userId, balance);
          await db
            .delete(keywordSuggestionLists)
            .where(eq(keywordSuggestionLists.userId, member.userId));
          const answers = await Promise.all(
            Array.from({ length: racers }, (_, index) => generate({ seed: `race ${index}` })),
          );
          const lists = answers.filter((answer) => answer.data?.generateKeywords);
          const refused = answers.filter(
            (answer) => answer.errors?.[0]?.extensions?.error === 'AI_CREDITS_EXHAUSTED',
          );
          expect(lists).toHaveLength(Math.min(racers, balance));
          expect(refused).toHaveLength(racers - lists.length);
          const stored = await db
            .select()
            .from(keywordSuggestionLists)
            .where(eq(keywordSuggestionLists.userId, member.userId));
          expect(stored).toHaveLength(lists.length);
          const remaining = (await credits()).remainingUsage;
          expect(remaining).toBe(balance - lists.length);
          expect(remaining).toBeGreaterThanOrEqual(0);
        },
      ),
      // More racers than credits, and none at all, always among the runs.
      {
        numRuns: 8,
        examples: [
          [4, 2],
          [3, 0],
          [5, 1],
        ],
      },
    );
    await setBalance(member.userId, 20);
  }, 180_000);

  it('is refused to a read-only member', async () => {
    const answer = await generate({}, world.readOnlyMember);
    expect(answer.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
  });

  it("never shows a company another company's lists", async () => {
    await generate();
    const other = await ask<{ suggestedKeywordListKAI: ListAnswer[] }>(
      LISTS,
      {},
      world.otherCompany,
    );
    expect(other.errors).toBeUndefined();
    expect(other.data!.suggestedKeywordListKAI).toEqual([]);
  });
});

describe('grounding', () => {
  it("keeps distinct keywords Apple knows that are not the app's own, with their facts", async () => {
    const ctx = world.server.context;
    const sources = await openResearch(ctx, world.company.teamId, world.adamId);
    const locale = { location: 'us', language: 'en', device: 'iphone' } as const;
    const texts = (
      await ctx.db
        .select({ text: keywords.text })
        .from(keywords)
        .where(eq(keywords.teamId, world.company.teamId))
    ).map((row) => row.text.toLowerCase());
    const own = (
      await keywordFacts(ctx.db, world.company.teamId, texts, lastThirtyDays(new Date()), 'us')
    ).find((row) => row.adamId === world.adamId)!.text;
    const suggested = (await generate()).data!.generateKeywords.keywords[0]!.text;
    const grounded = await groundKeywords(sources, world.adamId, locale, [
      `  ${suggested.toUpperCase()}  `,
      suggested.replace(' ', '   '),
      own,
      'zorbly quix',
      'x'.repeat(81),
      '',
    ]);
    expect(grounded).toEqual([
      {
        text: suggested,
        popularity: expect.any(Number),
        organicRank: expect.toSatisfy((rank: unknown) => rank === null || typeof rank === 'number'),
        totalApps: expect.any(Number),
        alreadyBid: false,
      },
    ]);
    expect(grounded[0]!.totalApps).toBeGreaterThan(0);
    expect(grounded[0]!.popularity).toBeGreaterThanOrEqual(1);
    expect(grounded[0]!.popularity).toBeLessThanOrEqual(5);
  });
});

describe('credits', () => {
  it('staff set a member’s credits by hand, which the refill keeps', async () => {
    const answer = await ask<{ setAiCredits: AiCredits }>(
      SET_CREDITS,
      { userId: member.userId, usageLimit: 50, remainingUsage: 3 },
      staff,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.setAiCredits).toMatchObject({
      usageLimit: 50,
      remainingUsage: 3,
      isFilledManually: true,
    });
    // The refill on the due day restores the hand-set limit and moves the date a month on.
    const due = new Date(`${answer.data!.setAiCredits.refillsOn}T00:10:00Z`);
    const notDue = await createMember(world.server.database.db, world.company.teamId);
    await creditsOf(world.server.database.db, notDue.user.id, due);
    await setBalance(notDue.user.id, 2);
    await refillAiCreditsJob.handle(
      { now: due.toISOString() },
      world.server.context as unknown as JobContext,
    );
    expect(await credits()).toMatchObject({
      usageLimit: 50,
      remainingUsage: 50,
      isFilledManually: true,
      refillsOn: firstOfMonth(due, 1),
    });
    const [untouched] = await world.server.database.db
      .select()
      .from(aiCredits)
      .where(eq(aiCredits.userId, notDue.user.id));
    expect(untouched).toMatchObject({ remainingUsage: 2, refillsOn: firstOfMonth(due, 1) });
    await setBalance(member.userId, 20, 20);
  });

  it('answers NOT_FOUND for a user who does not exist', async () => {
    const answer = await ask(
      SET_CREDITS,
      { userId: '00000000-0000-4000-8000-000000000000', usageLimit: 5, remainingUsage: 5 },
      staff,
    );
    expect(answer.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
  });

  it("shows staff a member's credits, and no one else", async () => {
    await creditsOf(world.server.database.db, member.userId, new Date());
    await setBalance(member.userId, 7, 20);
    const answer = await ask<{ memberAiCredits: AiCredits }>(
      MEMBER_CREDITS,
      { userId: member.userId },
      staff,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.memberAiCredits).toMatchObject({ remainingUsage: 7, usageLimit: 20 });
    const refused = await ask(MEMBER_CREDITS, { userId: member.userId });
    expect(refused.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
    const unknown = await ask(
      MEMBER_CREDITS,
      { userId: '00000000-0000-4000-8000-000000000000' },
      staff,
    );
    expect(unknown.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    await setBalance(member.userId, 20, 20);
  });

  it('refuses a member who is not staff', async () => {
    const answer = await ask(SET_CREDITS, {
      userId: member.userId,
      usageLimit: 5,
      remainingUsage: 5,
    });
    expect(answer.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
  });
});
