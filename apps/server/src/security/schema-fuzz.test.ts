// Every root field, called with generated arguments, valid and not, as a company's admin, its
// read-only member and staff, on a company synced from the demo sandbox: no answer is an internal
// error or takes over 2 s, every error raised by an operation names its path, and /healthz keeps
// answering within 100 ms throughout, on PostgreSQL and on the embedded database alike. It
// runs on its own, `npm run test:fuzz` (CI on both engines), so that other test files do not
// share the cores while /healthz is timed. FUZZ_RUNS sets the cases per operation and caller (CI
// runs the default); FUZZ_SEED replays a run.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adGroups, apps, campaigns, keywords } from '../modules/ads-data/ads-entities.tables';
import { ruleInput } from '../modules/automation/automation-factories';
import { creationInput } from '../modules/campaign-creation/campaign-creation-factories';
import { startDemoSandbox, type DemoSandbox } from '../modules/demo/demo-sandbox';
import { buildGraphQLSchema } from '../modules/graphql-schema';
import { allowingSandbox, connectSandboxCompany, waitForSync } from '../modules/sync/sync-test-kit';
import {
  apiClient,
  type ApiClient,
  type GraphQLAnswer,
  type Session,
} from '../platform/testing/api-client';
import { createCompany, createMember } from '../platform/testing/factories';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { argumentsArbitrary, type FuzzPools } from './schema-arbitraries';
import { operationDocument, rootOperations } from './schema-operations';
import { seedTenant } from './tenant-fixture';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const ANSWER_LIMIT_MS = 2_000;
const HEALTH_LIMIT_MS = 100;
const schema = buildGraphQLSchema();

let sandbox: DemoSandbox;
let server: TestServer;
let api: ApiClient;
let pools: FuzzPools;
const callers: { name: string; session: Session }[] = [];

/** The operation the fuzz is calling, to name what a slow /healthz waited behind. */
let calling = '';

/** The latency of /healthz, asked every 50 ms while the fuzz runs, with the operation then. */
function watchHealth() {
  const latencies: { ms: number; during: string }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const during = calling;
      await fetch(`${server.url}/healthz`);
      latencies.push({ ms: performance.now() - started, during });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

beforeAll(async () => {
  sandbox = await startDemoSandbox('demo');
  server = await startTestServer(
    {
      ...allowingSandbox(sandbox),
      RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
    { withWorker: true },
  );
  api = apiClient(server.url);
  const db = server.database.db;
  const demo = await connectSandboxCompany(server, sandbox);
  await waitForSync(server, demo.teamId, demo.syncId, 600_000);
  const viewer = await createMember(db, demo.teamId, { role: 'ADMIN', isReadOnly: true });
  const staffCompany = await createCompany(db, 'Staff');
  const staff = await createMember(db, staffCompany.id, { role: 'SUPERADMIN' });
  callers.push(
    { name: 'admin', session: demo.session },
    { name: 'read-only member', session: await api.signIn(viewer.email, viewer.password) },
    { name: 'staff', session: await api.signIn(staff.email, staff.password) },
  );

  // Ids to aim at: a victim company's (never the callers' own, which the fuzz would delete) and
  // the synced company's Apple ids.
  const victim = await seedTenant(db, 'Victim', server.context.secrets);
  const of = async <Row>(rows: Promise<Row[]>) => (await rows).slice(0, 20);
  const team = demo.teamId;
  const keywordRows = await of(
    db.select().from(keywords).where(eq(keywords.teamId, team)).limit(20),
  );
  const [synced] = await db
    .select({ adAccountId: campaigns.adAccountId, adamId: campaigns.adamId })
    .from(campaigns)
    .where(eq(campaigns.teamId, team))
    .limit(1);
  pools = {
    uuids: [
      victim.company.id,
      victim.admin.user.id,
      victim.member.user.id,
      victim.rule.id,
      victim.ruleRun.id,
      victim.chartPreset.id,
      victim.customView.id,
      victim.bulkAction.id,
      victim.campaignDraft.id,
      victim.campaignCreation.idempotencyKey,
    ],
    appleIds: {
      adAccountId: [...new Set(keywordRows.map((row) => row.adAccountId))],
      adamId: (await of(db.select().from(apps).where(eq(apps.teamId, team)))).map(
        (row) => row.adamId,
      ),
      campaignId: (
        await of(db.select().from(campaigns).where(eq(campaigns.teamId, team)).limit(20))
      ).map((row) => row.id),
      adGroupId: (
        await of(db.select().from(adGroups).where(eq(adGroups.teamId, team)).limit(20))
      ).map((row) => row.id),
      keywordId: keywordRows.map((row) => row.id),
    },
    emails: [victim.admin.email, 'new.person@acme.test'],
    dates: datesAround(new Date()),
    documents: {
      createAutomationRule: [ruleInput()],
      updateAutomationRule: [ruleInput()],
      startAutomationRuleBacktest: [{ rule: ruleInput(), ...lastDays(30) }],
      automationRuleLogs: [{}, { ruleId: victim.rule.id, limit: 500 }],
      saveCampaignDraft: [
        { placement: 'SEARCH_RESULTS', step: 'app', values: {} },
        { id: victim.campaignDraft.id, placement: 'TODAY_TAB', step: 'review', values: {} },
      ],
      createCampaign: [
        creationInput({ ...synced!, campaignName: 'Fuzz campaign' }),
        victim.creationReachingIn(),
      ],
    },
  };
}, 900_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function lastDays(days: number) {
  const end = new Date();
  return { start: isoDay(new Date(end.getTime() - days * 86_400_000)), end: isoDay(end) };
}

/** Days a person would pick, from today back two years, and a few no calendar has. */
function datesAround(today: Date): string[] {
  const back = (days: number) => isoDay(new Date(today.getTime() - days * 86_400_000));
  return [
    back(0),
    back(1),
    back(7),
    back(30),
    back(90),
    back(365),
    back(730),
    '2026-02-30',
    '0000-01-01',
  ];
}

/** What is wrong with an answer, if anything. */
function problemsOf(answer: GraphQLAnswer, milliseconds: number): string[] {
  const problems: string[] = [];
  if (milliseconds > ANSWER_LIMIT_MS) problems.push(`answered in ${Math.round(milliseconds)} ms`);
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  for (const error of answer.errors ?? []) {
    const { code } = error.extensions ?? {};
    if (code === 50) problems.push(`INTERNAL: ${error.message}`);
    // An operation's own errors carry the API's numeric codes; GraphQL's request errors
    // (validation, variable coercion) and the work limit's refusal concern no one field, so
    // they have no path.
    const refusesTheRequest = error.extensions !== undefined && 'queryWork' in error.extensions;
    if (typeof code === 'number' && !refusesTheRequest && !(error as { path?: unknown }).path) {
      problems.push(`error ${code} without its path`);
    }
  }
  return problems;
}

describe('schema-driven fuzz', () => {
  it('answers every root field well, as admin, read-only member and staff', async () => {
    // Probing starts with the first call: before it, the thread the server shares with this test
    // is busy building the first operation's arbitraries (250 ms on a loaded machine), which says
    // nothing about the server.
    let health: ReturnType<typeof watchHealth> | undefined;
    const failures: string[] = [];
    let requests = 0;
    for (const operation of rootOperations(schema)) {
      const document = operationDocument(schema, operation);
      for (const caller of callers) {
        const property = fc.asyncProperty(
          argumentsArbitrary(schema, operation, pools),
          async (variables) => {
            const started = performance.now();
            calling = `${operation.name} as ${caller.name}`;
            health ??= watchHealth();
            const answer = await api.graphql(document, variables, caller.session);
            requests += 1;
            const problems = problemsOf(answer, performance.now() - started);
            if (problems.length) throw new Error(problems.join('; '));
          },
        );
        const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
        if (result.failed) {
          failures.push(
            `${operation.name} as ${caller.name}: ${String(result.errorInstance)} ` +
              `with ${JSON.stringify(result.counterexample).slice(0, 400)}`,
          );
        }
      }
    }
    const probes = ((await health?.stop()) ?? []).sort((a, b) => a.ms - b.ms);
    const slow = probes.filter((probe) => probe.ms >= HEALTH_LIMIT_MS).reverse();
    console.info(
      `schema fuzz: ${requests} requests, seed ${SEED}, ${RUNS} runs per operation and caller; ` +
        `/healthz ${probes.length} probes, p50 ${probes[probes.length >> 1]?.ms.toFixed(1)} ms, ` +
        `max ${(probes.at(-1)?.ms ?? 0).toFixed(1)} ms during ${probes.at(-1)?.during || '-'}`,
    );
    expect(failures).toEqual([]);
    expect(slow.map((probe) => `${Math.round(probe.ms)} ms during ${probe.during}`)).toEqual([]);
  }, 3_600_000);
});
