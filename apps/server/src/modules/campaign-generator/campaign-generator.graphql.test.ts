// The campaign generator through the real API, a real database, the job worker and the in-process
// sandbox as Apple: templates and drafts, a preview whose plan holds researched keywords, a launch
// whose campaigns read back from Apple as planned, a creation interrupted part-way and resumed
// (each campaign made once), a keyword fetch through an App Store outage and its retry, a member
// whose role may not generate, and another company.
import type { AccountClient } from '@tapwise/apple-ads';
import {
  dataRequestChannel,
  GENERATOR_MESSAGES,
  type GenerationProgressMessage,
  type GenerationStatus,
  type GeneratorPlan,
  type GeneratorSettings,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createMember } from '../../platform/testing/factories';
import { openSocket, type TestSocket } from '../../platform/testing/socket-client';
import { startCreationWorld, type CreationWorld } from '../campaign-creation/creation-test-world';
import { collect } from '../sync/entity-rows';
import { sandboxReader } from '../sync/sync-test-kit';
import { generatorSegment, generatorSettings } from './campaign-generator-factories';
import type { FetchedKeywords } from './campaign-generator.tables';

let world: CreationWorld;
let apple: AccountClient;
let staff: Session;
let socket: TestSocket;
const messages: GenerationProgressMessage[] = [];

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
  apple = sandboxReader(world.sandbox).forAccount(world.adAccountId);
  const member = await createMember(world.server.database.db, world.company.teamId, {
    role: 'STAFF',
  });
  staff = await apiClient(world.server.url).signIn(member.email, member.password);
  socket = await openSocket(world.server, world.company.session);
  socket.socket.on(
    dataRequestChannel(world.company.session.userId),
    (message: GenerationProgressMessage) => messages.push(message),
  );
}, 300_000);
afterAll(async () => {
  socket?.close();
  await world?.close();
});

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string; details?: Record<string, string> } }[];
}

interface Generation {
  id: string;
  status: GenerationStatus;
  plan: GeneratorPlan | null;
  fetchedKeywords: FetchedKeywords | null;
  failure: string | null;
  progress: {
    campaignsCreated: boolean;
    adGroupsCreated: boolean;
    allDone: boolean;
    campaigns: { done: number; total: number };
    adGroups: { done: number; total: number };
    keywords: { done: number; total: number };
  };
}

const GENERATION = `id status plan fetchedKeywords failure progress { campaignsCreated
  adGroupsCreated allDone campaigns { done total } adGroups { done total } keywords { done total } }`;
const TEMPLATE = 'id name isDraft settings updatedAt';

function call<Data>(query: string, variables: Record<string, unknown>, session?: Session) {
  return apiClient(world.server.url).graphql<Data>(
    query,
    variables,
    session ?? world.company.session,
  ) as Promise<Answer<Data>>;
}

async function ok<Data>(query: string, variables: Record<string, unknown> = {}) {
  const answer = await call<Data>(query, variables);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const errorOf = (answer: Answer<unknown>) => answer.errors?.[0]?.extensions?.error;

const PREVIEW = `mutation($settings: JSON!) { previewCampaignGeneration(settings: $settings) { ${GENERATION} } }`;
const LAUNCH = `mutation($id: ID!) { launchCampaignGeneration(id: $id) { ${GENERATION} } }`;
const READ = `query($id: ID!) { campaignGeneration(id: $id) { ${GENERATION} } }`;

async function read(id: string) {
  return (await ok<{ campaignGeneration: Generation }>(READ, { id })).campaignGeneration;
}

async function until(id: string, statuses: GenerationStatus[], timeout = 120_000) {
  const started = Date.now();
  for (;;) {
    const generation = await read(id);
    if (statuses.includes(generation.status)) return generation;
    if (Date.now() - started > timeout)
      throw new Error(`generation stayed ${generation.status}: ${generation.failure}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function settingsFor(fields: Partial<GeneratorSettings>): GeneratorSettings {
  return generatorSettings({
    adAccountId: world.adAccountId,
    adamId: world.adamId,
    ...fields,
  });
}

async function preview(settings: GeneratorSettings) {
  return (await ok<{ previewCampaignGeneration: Generation }>(PREVIEW, { settings }))
    .previewCampaignGeneration;
}

const liveCampaigns = async () => (await collect(apple.campaigns.all())).filter((c) => !c.deleted);

async function expectCreatedOnceAsPlanned(plan: GeneratorPlan) {
  const campaigns = await liveCampaigns();
  for (const planned of plan.campaigns) {
    const named = campaigns.filter((campaign) => campaign.name === planned.name);
    expect(named, planned.name).toHaveLength(1);
    const campaign = named[0]!;
    expect(campaign.targeting.countryOrRegion?.include).toEqual([planned.country]);
    const adGroups = (
      await apple.adGroups.query({
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaign.id }],
      })
    ).result;
    expect(adGroups.map((adGroup) => adGroup.name).sort()).toEqual(
      planned.adGroups.map((adGroup) => adGroup.name).sort(),
    );
    for (const plannedAdGroup of planned.adGroups) {
      const adGroup = adGroups.find((entry) => entry.name === plannedAdGroup.name)!;
      expect(adGroup.automatedKeywordsOptIn).toBe(plannedAdGroup.searchMatch);
      const keywords = await collect(
        apple.keywords.all({
          filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroup.id }],
        }),
      );
      expect(keywords.map(({ text, matchType }) => ({ text, matchType })).sort(byText)).toEqual(
        [...plannedAdGroup.keywords].sort(byText),
      );
      const negatives = await collect(
        apple.negativeKeywords.all({
          filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroup.id }],
        }),
      );
      expect(negatives.map(({ text, matchType }) => ({ text, matchType })).sort(byText)).toEqual(
        [...plannedAdGroup.negativeKeywords].sort(byText),
      );
    }
    const campaignNegatives = await collect(
      apple.negativeKeywords.all({
        filters: [
          { field: 'campaignId', operator: 'EQUALS', value: campaign.id },
          { field: 'adGroupId', operator: 'IS_NULL' },
        ],
      }),
    );
    expect(
      campaignNegatives.map(({ text, matchType }) => ({ text, matchType })).sort(byText),
    ).toEqual([...planned.negativeKeywords].sort(byText));
  }
}

const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);

describe('generator templates', () => {
  const SAVE = `mutation($id: ID, $name: String!, $isDraft: Boolean!, $settings: JSON!) {
    updateCampTemplate(id: $id, name: $name, isDraft: $isDraft, settings: $settings) { ${TEMPLATE} } }`;

  it('saves, renames, lists, reads and deletes a template, refusing a name taken', async () => {
    const settings = settingsFor({});
    const saved = await ok<{ updateCampTemplate: { id: string; name: string } }>(SAVE, {
      name: 'Launch US',
      isDraft: false,
      settings,
    });
    const draft = await ok<{ updateCampTemplate: { id: string; settings: unknown } }>(SAVE, {
      name: 'Half typed',
      isDraft: true,
      settings: { appName: 'Only this' },
    });
    expect(draft.updateCampTemplate.settings).toEqual({ appName: 'Only this' });

    const taken = await call(SAVE, { name: 'Launch US', isDraft: true, settings: {} });
    expect(errorOf(taken)).toBe('CONFLICT');
    expect(taken.errors?.[0]?.message).toBe(GENERATOR_MESSAGES.templateNameTaken);
    const renamedOnto = await call(SAVE, {
      id: draft.updateCampTemplate.id,
      name: 'Launch US',
      isDraft: true,
      settings: {},
    });
    expect(errorOf(renamedOnto)).toBe('CONFLICT');

    const incomplete = await call(SAVE, { name: 'Broken', isDraft: false, settings: {} });
    expect(errorOf(incomplete)).toBe('BAD_REQUEST');

    const renamed = await ok<{ updateCampTemplate: { id: string; name: string } }>(SAVE, {
      id: saved.updateCampTemplate.id,
      name: 'Launch US and GB',
      isDraft: false,
      settings: { ...settings, countries: ['US', 'GB'] },
    });
    expect(renamed.updateCampTemplate).toMatchObject({
      id: saved.updateCampTemplate.id,
      name: 'Launch US and GB',
    });
    const list = await ok<{ getDraftTemplateList: { id: string; name: string }[] }>(
      `{ getDraftTemplateList { ${TEMPLATE} } }`,
    );
    expect(list.getDraftTemplateList.map((t) => t.name)).toEqual([
      'Launch US and GB',
      'Half typed',
    ]);
    const one = await ok<{ getDraftTemplate: { settings: GeneratorSettings } }>(
      `query($id: ID!) { getDraftTemplate(id: $id) { ${TEMPLATE} } }`,
      { id: saved.updateCampTemplate.id },
    );
    expect(one.getDraftTemplate.settings.countries).toEqual(['US', 'GB']);

    const DELETE = 'mutation($id: ID!) { deleteTemplate(id: $id) }';
    expect(await ok(DELETE, { id: saved.updateCampTemplate.id })).toEqual({ deleteTemplate: true });
    const gone = await call(DELETE, { id: saved.updateCampTemplate.id });
    expect(errorOf(gone)).toBe('NOT_FOUND');
  });
});

describe('a generation', () => {
  it('previews researched category keywords, launches, and makes every campaign in Apple as planned', async () => {
    const started = await preview(
      settingsFor({
        organisationName: 'Gen',
        appName: 'Full',
        countries: ['US', 'GB'],
        countryBudgets: { GB: '25' },
        segments: [
          generatorSegment('brand', { keywords: ['genbrand', 'genbrand app'] }),
          generatorSegment('category'),
          generatorSegment('discovery', { keywords: ['gen discovery'] }),
          generatorSegment('custom', { slug: 'promo', keywords: ['gen promo'], cpt: '2' }),
        ],
      }),
    );
    expect(started.status).toBe('FETCHING_KEYWORDS');
    const ready = await until(started.id, ['READY', 'KEYWORDS_FAILED']);
    expect(ready.failure).toBeNull();
    expect(ready.status).toBe('READY');
    const category = ready.fetchedKeywords!.category!;
    expect(category.length).toBeGreaterThan(0);
    expect(category[0]).toEqual({
      text: expect.any(String),
      organicRank: expect.toBeOneOf([null, expect.any(Number)]),
      popularity: expect.toBeOneOf([null, expect.any(Number)]),
      totalApps: expect.toBeOneOf([null, expect.any(Number)]),
    });
    const plan = ready.plan!;
    expect(plan.campaigns.map((c) => c.name)).toEqual([
      'Gen - Full - Brand - US',
      'Gen - Full - Category - US',
      'Gen - Full - promo - US',
      'Gen - Full - Discovery - US',
      'Gen - Full - Brand - GB',
      'Gen - Full - Category - GB',
      'Gen - Full - promo - GB',
      'Gen - Full - Discovery - GB',
    ]);
    expect(plan.campaigns.map((c) => c.dailyBudget)).toEqual([
      ...Array<string>(4).fill('50'),
      ...Array<string>(4).fill('25'),
    ]);

    const launched = (await ok<{ launchCampaignGeneration: Generation }>(LAUNCH, { id: ready.id }))
      .launchCampaignGeneration;
    expect(launched.status).toBe('WAITING_TO_SYNC');
    // Waiting to Sync already counts what the plan will make.
    expect(launched.progress).toMatchObject({
      allDone: false,
      campaigns: { done: 0, total: 8 },
      adGroups: { done: 0, total: expect.any(Number) },
    });
    expect(launched.progress.adGroups.total).toBeGreaterThanOrEqual(8);
    const done = await until(ready.id, ['SYNC_COMPLETE', 'INCOMPLETE']);
    expect(done.failure).toBeNull();
    expect(done.status).toBe('SYNC_COMPLETE');
    expect(done.progress).toMatchObject({
      campaignsCreated: true,
      adGroupsCreated: true,
      allDone: true,
      campaigns: { done: 8, total: 8 },
    });
    await expectCreatedOnceAsPlanned(plan);
    await expect
      .poll(() =>
        [...new Set(messages.filter((m) => m.context === ready.id).map((m) => m.opId))].sort(),
      )
      .toEqual([11, 21, 22, 23]);
  }, 180_000);

  it('resumes a creation interrupted part-way and makes each campaign once', async () => {
    const ready = await preview(
      settingsFor({
        organisationName: 'Resume',
        countries: ['US', 'GB', 'CA'],
        segments: [
          generatorSegment('brand', { keywords: ['resumebrand'] }),
          generatorSegment('discovery'),
        ],
      }),
    );
    expect(ready.status).toBe('READY');
    world.sandbox.setFaults({ latencyMs: 40 });
    await ok(LAUNCH, { id: ready.id });
    const started = Date.now();
    while ((await read(ready.id)).progress.campaigns.done < 1) {
      if (Date.now() - started > 60_000) throw new Error('no campaign was made');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    world.sandbox.setFaults({ latencyMs: 0, rateLimitBurst: 100_000, retryAfterSeconds: 0 });
    const stopped = await until(ready.id, ['INCOMPLETE', 'SYNC_COMPLETE']);
    world.sandbox.resetFaults();
    expect(stopped.status).toBe('INCOMPLETE');
    expect(stopped.failure).toBeTruthy();
    expect(stopped.progress.campaigns.done).toBeGreaterThanOrEqual(1);
    expect(stopped.progress.campaigns.done).toBeLessThan(6);

    const relaunched = (
      await ok<{ launchCampaignGeneration: Generation }>(LAUNCH, { id: ready.id })
    ).launchCampaignGeneration;
    expect(relaunched.status).toBe('WAITING_TO_SYNC');
    expect(relaunched.progress.campaigns).toEqual(stopped.progress.campaigns);
    const done = await until(ready.id, ['SYNC_COMPLETE', 'INCOMPLETE']);
    expect(done.failure).toBeNull();
    expect(done.progress).toMatchObject({ allDone: true, campaigns: { done: 6, total: 6 } });
    await expectCreatedOnceAsPlanned(ready.plan!);
  }, 180_000);

  it('ends a keyword fetch the App Store did not answer as failed, and fetches again on retry', async () => {
    world.sandbox.setFaults({ appStoreOutage: 100_000 });
    const started = await preview(
      settingsFor({
        organisationName: 'Outage',
        segments: [generatorSegment('category'), generatorSegment('discovery')],
      }),
    );
    const failed = await until(started.id, ['KEYWORDS_FAILED', 'READY']);
    world.sandbox.resetFaults();
    expect(failed).toMatchObject({
      status: 'KEYWORDS_FAILED',
      failure: GENERATOR_MESSAGES.keywordFetchFailed,
      plan: null,
    });
    const retried = await ok<{ adKeyRetry: Generation }>(
      `mutation($id: ID!) { adKeyRetry(id: $id) { ${GENERATION} } }`,
      { id: started.id },
    );
    expect(retried.adKeyRetry.status).toBe('FETCHING_KEYWORDS');
    const ready = await until(started.id, ['READY', 'KEYWORDS_FAILED']);
    expect(ready.status).toBe('READY');
    expect(ready.plan!.campaigns.map((c) => c.segment)).toEqual(['category', 'discovery']);
  }, 180_000);

  it('refuses settings that make nothing or spend more than the total budget', async () => {
    const nothing = await call(PREVIEW, {
      settings: settingsFor({ segments: [generatorSegment('brand')] }),
    });
    expect(nothing.errors?.[0]).toMatchObject({
      message: GENERATOR_MESSAGES.nothingToCreate,
      extensions: { error: 'BAD_REQUEST' },
    });
    const overBudget = await call(PREVIEW, {
      settings: settingsFor({ countries: ['US', 'GB'], totalBudget: '99' }),
    });
    expect(overBudget.errors?.[0]?.message).toBe(GENERATOR_MESSAGES.totalBudgetExceeded);
  });

  it('edits a ready plan, refusing a name the ad account has', async () => {
    const ready = await preview(settingsFor({ organisationName: 'Edit' }));
    const EDIT = `mutation($id: ID!, $plan: JSON!) { updateCampaignGenerationPlan(id: $id, plan: $plan) { ${GENERATION} } }`;
    const [taken] = await liveCampaigns();
    const plan = ready.plan!;
    const clash = await call(EDIT, {
      id: ready.id,
      plan: { campaigns: [{ ...plan.campaigns[0]!, name: taken!.name }] },
    });
    expect(errorOf(clash)).toBe('BAD_REQUEST');
    const edited = await ok<{ updateCampaignGenerationPlan: Generation }>(EDIT, {
      id: ready.id,
      plan: { campaigns: [{ ...plan.campaigns[0]!, name: 'Edited name', dailyBudget: '12' }] },
    });
    expect(edited.updateCampaignGenerationPlan.plan!.campaigns[0]).toMatchObject({
      name: 'Edited name',
      dailyBudget: '12',
    });
    const list = await ok<{ getCampGenList: { id: string }[] }>(`{ getCampGenList { id } }`);
    expect(list.getCampGenList[0]!.id).toBe(ready.id);
    const DELETE = 'mutation($id: ID!) { deleteCampaignGeneration(id: $id) }';
    expect(await ok(DELETE, { id: ready.id })).toEqual({ deleteCampaignGeneration: true });
    expect(errorOf(await call(READ, { id: ready.id }))).toBe('NOT_FOUND');
  });
});

describe('who may generate', () => {
  it('refuses a staff member (the generator is for admins)', async () => {
    const answer = await call(PREVIEW, { settings: settingsFor({}) }, staff);
    expect(errorOf(answer)).toBe('FORBIDDEN');
    const list = await call(`{ getCampGenList { id } }`, {}, staff);
    expect(errorOf(list)).toBe('FORBIDDEN');
  });

  it("answers another company's admin NOT_FOUND for this company's generation and ad account", async () => {
    const ready = await preview(settingsFor({ organisationName: 'Private' }));
    const peek = await call(READ, { id: ready.id }, world.otherCompany);
    expect(errorOf(peek)).toBe('NOT_FOUND');
    const launch = await call(LAUNCH, { id: ready.id }, world.otherCompany);
    expect(errorOf(launch)).toBe('NOT_FOUND');
    const reachingIn = await call(PREVIEW, { settings: settingsFor({}) }, world.otherCompany);
    expect(errorOf(reachingIn)).toBe('NOT_FOUND');
    expect((await read(ready.id)).status).toBe('READY');
  });
});
