// Scripted rules through the real GraphQL API and a real database: saving (compiling, pinning
// imports, the company's currency, names unique across rules and scripts), enabling only while
// the company's scripted rules are on, deleting, a test run that records nothing, a backtest, the
// builder-rule operations refusing scripts, runs and logs shared with rules, and who may do what.
import { SCRIPTED_RULE_MESSAGES, type ScriptTestResult } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { rowsOf } from '../analytics/overview.repository';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';
import { createRule, ruleInput } from '../automation/automation-factories';
import { recordingContext } from '../automation/engine/engine-test-kit';
import { executeRun } from '../automation/engine/rule-runner';
import { createCustomFunction } from './custom-function-factories';
import { closeScriptSandbox } from './sandbox';
import { scriptInput, setScriptsEnabled } from './script-test-kit';

let server: TestServer;
let teamId: string;
let adminUserId: string;
let app: SeededApp;
let admin: Session;
let readOnly: Session;
let otherAdmin: Session;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  teamId = (await createCompany(db, 'Scripts Co')).id;
  app = await seedAppleAdsApp(db, teamId);
  const person = await createMember(db, teamId, { role: 'ADMIN' });
  adminUserId = person.user.id;
  admin = await api.signIn(person.email, person.password);
  const viewer = await createMember(db, teamId, { role: 'ADMIN', isReadOnly: true });
  readOnly = await api.signIn(viewer.email, viewer.password);
  const otherTeamId = (await createCompany(db, 'Other Scripts Co')).id;
  const other = await createMember(db, otherTeamId, { role: 'ADMIN' });
  otherAdmin = await api.signIn(other.email, other.password);
}, 120_000);
afterAll(async () => {
  await closeScriptSandbox();
  await server?.close();
});

const gql = <Data = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  session: Session = admin,
): Promise<GraphQLAnswer<Data>> => apiClient(server.url).graphql<Data>(query, variables, session);

async function ok<Data>(query: string, variables: Record<string, unknown> = {}, session = admin) {
  const answer = await gql<Data>(query, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

const SCRIPT = 'id name enabled status definition lastRunAt lastRunStatus nextRunAt';
const SAVE = `mutation($id: ID, $input: JSON!, $enable: Boolean!) {
  saveScriptedRule(id: $id, input: $input, enable: $enable) { successMessage rule { ${SCRIPT} } } }`;
const ENABLE = `mutation($id: ID!, $enabled: Boolean!) {
  setScriptedRuleEnabled(id: $id, enabled: $enabled) { successMessage rule { ${SCRIPT} } } }`;
const DELETE = `mutation($id: ID!) { deleteScriptedRule(id: $id) { successMessage } }`;
const READ = `query($id: ID!) { scriptedRule(id: $id) { ${SCRIPT} } }`;
const LIST = `{ scriptedRules { ${SCRIPT} } }`;
const TEST = `mutation($input: JSON!) { testScriptedRule(input: $input) {
  ok failure message logs changes evaluated proposals durationMs } }`;
const BACKTEST = `mutation($input: JSON!) {
  startScriptedRuleBacktest(input: $input) { successMessage backtestId } }`;

interface ScriptView {
  id: string;
  name: string;
  enabled: boolean;
  status: string;
  definition: Record<string, unknown>;
  nextRunAt: string | null;
}
type Saved = { saveScriptedRule: { successMessage: string; rule: ScriptView } };

const READS_APP = () => `for (const campaign of tw.campaigns({ campaignIds: [${app.campaignId}] }))
  tw.log(campaign.name, campaign.metrics.spend);`;

describe('saving', () => {
  it('creates a script in the company currency, disabled, and lists it apart from rules', async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP(), { name: 'First script' }),
      enable: false,
    });
    expect(saveScriptedRule.successMessage).toBe(SCRIPTED_RULE_MESSAGES.saved);
    expect(saveScriptedRule.rule).toMatchObject({ enabled: false, status: 'CREATED' });
    expect(saveScriptedRule.rule.definition).toMatchObject({ currency: 'USD', imports: [] });
    await createRule(server.database.db, teamId, { input: ruleInput({ name: 'A builder rule' }) });
    const { scriptedRules } = await ok<{ scriptedRules: ScriptView[] }>(LIST);
    expect(scriptedRules.map((rule) => rule.name)).toContain('First script');
    expect(scriptedRules.map((rule) => rule.name)).not.toContain('A builder rule');
    const { automationRules } = await ok<{ automationRules: { name: string }[] }>(
      '{ automationRules { name } }',
    );
    expect(automationRules.map((rule) => rule.name)).not.toContain('First script');
  });

  it('refuses a script that does not compile, with the line in details.source', async () => {
    const answer = await gql(SAVE, { input: scriptInput('const = 1;'), enable: false });
    expect(errorOf(answer)).toMatchObject({ error: 'BAD_REQUEST' });
    expect(String((errorOf(answer).details as { source: string }).source)).toMatch(/\d/);
  });

  it('pins the functions a script imports, and refuses one that names none', async () => {
    await createCustomFunction(server.database.db, teamId, adminUserId, {
      path: 'bids/floor',
      codes: ['export const floor = 1;', 'export const floor = 2;'],
    });
    const source = `import { floor } from 'functions/bids/floor';\ntw.log(floor);`;
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(source),
      enable: false,
    });
    expect(saveScriptedRule.rule.definition.imports).toEqual([
      expect.objectContaining({ path: 'bids/floor', version: 2 }),
    ]);
    const missing = await gql(SAVE, {
      input: scriptInput(`import { x } from 'functions/nothing/here';`),
      enable: false,
    });
    expect(errorOf(missing)).toMatchObject({
      error: 'BAD_REQUEST',
      details: { source: 'No function functions/nothing/here.' },
    });
  });

  it('refuses a name a rule or script has already, in any case', async () => {
    await createRule(server.database.db, teamId, { input: ruleInput({ name: 'Taken name' }) });
    const answer = await gql(SAVE, {
      input: scriptInput(READS_APP(), { name: 'TAKEN NAME' }),
      enable: false,
    });
    expect(errorOf(answer)).toMatchObject({ error: 'CONFLICT' });
  });

  it('replaces a script by id, as UPDATED', async () => {
    const { saveScriptedRule: created } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: false,
    });
    const { saveScriptedRule: updated } = await ok<Saved>(SAVE, {
      id: created.rule.id,
      input: scriptInput(READS_APP(), { name: 'Renamed script' }),
      enable: false,
    });
    expect(updated.rule).toMatchObject({ id: created.rule.id, name: 'Renamed script' });
    expect(updated.rule.status).toBe('UPDATED');
  });
});

describe('enabling', () => {
  it('is refused while the company has scripted rules off, and works once they are on', async () => {
    await setScriptsEnabled(server.database.db, teamId, false);
    const off = await gql(SAVE, { input: scriptInput(READS_APP()), enable: true });
    expect(errorOf(off)).toMatchObject({ error: 'SCRIPTED_RULES_OFF' });
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: false,
    });
    const id = saveScriptedRule.rule.id;
    expect(errorOf(await gql(ENABLE, { id, enabled: true }))).toMatchObject({
      error: 'SCRIPTED_RULES_OFF',
    });
    await setScriptsEnabled(server.database.db, teamId, true);
    const enabled = await ok<{
      setScriptedRuleEnabled: { successMessage: string; rule: ScriptView };
    }>(ENABLE, { id, enabled: true });
    expect(enabled.setScriptedRuleEnabled.successMessage).toBe(SCRIPTED_RULE_MESSAGES.enabled);
    expect(enabled.setScriptedRuleEnabled.rule).toMatchObject({ enabled: true, status: 'ENABLED' });
    expect(enabled.setScriptedRuleEnabled.rule.nextRunAt).not.toBeNull();
    const disabled = await ok<{ setScriptedRuleEnabled: { successMessage: string } }>(ENABLE, {
      id,
      enabled: false,
    });
    expect(disabled.setScriptedRuleEnabled.successMessage).toBe(SCRIPTED_RULE_MESSAGES.disabled);
  });

  it('saves and enables at once ("Enable the script after saving")', async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: true,
    });
    expect(saveScriptedRule.rule).toMatchObject({ enabled: true, status: 'ENABLED' });
  });
});

describe('deleting, and the builder-rule operations', () => {
  it('deletes a script, and the builder-rule mutations do not find one', async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: false,
    });
    const id = saveScriptedRule.rule.id;
    for (const [query, variables] of [
      [`mutation($id: ID!) { deleteAutomationRule(id: $id) { successMessage } }`, { id }],
      [
        `mutation($id: ID!) { setAutomationRuleEnabled(id: $id, enabled: true) { successMessage } }`,
        { id },
      ],
      [
        `mutation($id: ID!, $input: JSON!) {
          updateAutomationRule(id: $id, input: $input) { successMessage } }`,
        { id, input: ruleInput() },
      ],
    ] as const)
      expect(errorOf(await gql(query, variables)), query).toMatchObject({ error: 'NOT_FOUND' });
    const { deleteScriptedRule } = await ok<{ deleteScriptedRule: { successMessage: string } }>(
      DELETE,
      { id },
    );
    expect(deleteScriptedRule.successMessage).toBe(SCRIPTED_RULE_MESSAGES.deleted);
    expect(errorOf(await gql(READ, { id }))).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('runs of a script', () => {
  it('runs through runAutomationRule and shows its kind and log in the rule log', async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(`tw.log('hello from the script');`),
      enable: false,
    });
    const { runAutomationRule } = await ok<{ runAutomationRule: { runId: string } }>(
      `mutation($id: ID!) { runAutomationRule(id: $id, dryRun: true) { runId } }`,
      { id: saveScriptedRule.rule.id },
    );
    await executeRun(recordingContext(server.context).ctx, runAutomationRule.runId);
    const { automationRuleLogEntry } = await ok<{
      automationRuleLogEntry: { status: string; ruleKind: string; scriptLog: { text: string }[] };
    }>(`query($id: ID!) { automationRuleLogEntry(id: $id) { status ruleKind scriptLog } }`, {
      id: runAutomationRule.runId,
    });
    expect(automationRuleLogEntry).toMatchObject({
      status: 'CONDITION NOT MATCHED',
      ruleKind: 'SCRIPT',
    });
    expect(automationRuleLogEntry.scriptLog.map((line) => line.text)).toEqual([
      'hello from the script',
    ]);
  });
});

describe('testing and backtesting a draft', () => {
  it('answers the log and what would change, and records nothing', async () => {
    const count = async () =>
      Number(
        (
          await rowsOf(
            server.database.db,
            sql`SELECT (SELECT count(*) FROM automation_rule_runs WHERE team_id = ${teamId})
              + (SELECT count(*) FROM automation_rule_changes WHERE team_id = ${teamId}) AS n`,
          )
        )[0]!.n,
      );
    const before = await count();
    const source = `for (const campaign of tw.campaigns({ campaignIds: [${app.campaignId}] })) {
  tw.log('seen', campaign.name);
  tw.pause(campaign, 'test');
}`;
    const { testScriptedRule } = await ok<{ testScriptedRule: ScriptTestResult }>(
      TEST,
      { input: scriptInput(source) },
      readOnly,
    );
    expect(testScriptedRule.ok).toBe(true);
    expect(testScriptedRule.evaluated).toBe(1);
    expect(testScriptedRule.logs[0]!.text).toContain('seen');
    expect(testScriptedRule.changes).toEqual([
      expect.objectContaining({ action: 'PAUSE', status: 'PLANNED', after: { status: 'PAUSED' } }),
    ]);
    const failing = await ok<{ testScriptedRule: ScriptTestResult }>(TEST, {
      input: scriptInput(`throw new Error('nope');`),
    });
    expect(failing.testScriptedRule).toMatchObject({ ok: false, failure: 'THREW', changes: [] });
    expect(await count()).toBe(before);
  });

  it('starts a backtest a member may read', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { startScriptedRuleBacktest } = await ok<{
      startScriptedRuleBacktest: { backtestId: string };
    }>(
      BACKTEST,
      { input: { script: scriptInput(READS_APP()), start: today, end: today } },
      readOnly,
    );
    const { automationRuleBacktest } = await ok<{ automationRuleBacktest: { status: string } }>(
      `query($id: ID!) { automationRuleBacktest(id: $id) { status } }`,
      { id: startScriptedRuleBacktest.backtestId },
      readOnly,
    );
    expect(automationRuleBacktest.status).toBe('RUNNING');
  });
});

describe('access', () => {
  it('refuses a read-only member every change, and lets them read', async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: false,
    });
    const id = saveScriptedRule.rule.id;
    for (const [query, variables] of [
      [SAVE, { input: scriptInput(READS_APP()), enable: false }],
      [ENABLE, { id, enabled: true }],
      [DELETE, { id }],
    ] as const)
      expect(errorOf(await gql(query, variables, readOnly)), query).toMatchObject({
        error: 'FORBIDDEN',
      });
    expect((await ok<{ scriptedRule: ScriptView }>(READ, { id }, readOnly)).scriptedRule.id).toBe(
      id,
    );
  });

  it("answers NOT_FOUND for another company's script and a builder rule's id", async () => {
    const { saveScriptedRule } = await ok<Saved>(SAVE, {
      input: scriptInput(READS_APP()),
      enable: false,
    });
    const id = saveScriptedRule.rule.id;
    for (const [query, variables] of [
      [READ, { id }],
      [ENABLE, { id, enabled: true }],
      [DELETE, { id }],
      [SAVE, { id, input: scriptInput(READS_APP()), enable: false }],
    ] as const)
      expect(errorOf(await gql(query, variables, otherAdmin)), query).toMatchObject({
        error: 'NOT_FOUND',
      });
    const rule = await createRule(server.database.db, teamId, { input: ruleInput() });
    expect(errorOf(await gql(READ, { id: rule.id }))).toMatchObject({ error: 'NOT_FOUND' });
    // As every operation: an id that is no UUID is refused at the edge.
    expect(errorOf(await gql(READ, { id: 'not-a-uuid' }))).toMatchObject({
      error: 'BAD_REQUEST',
      details: { id: 'validation.idInvalid' },
    });
  });
});
