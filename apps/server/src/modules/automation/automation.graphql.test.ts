// Automation rules through the real GraphQL API and a real database: saving with the spec's
// validation, the lifecycle (CREATED, ENABLED, DISABLED, RE ACTIVATED, UPDATED, DELETED), the
// logs and their filters, the kill switches, and who may do what.
import {
  AUTOMATION_MESSAGES,
  DEFAULT_SAFETY_CAPS,
  ERROR_CODES,
  ZERO_COUNTS,
  type AutomationRuleInput,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { seedAdsManagerAccount, writeAccountFacts } from '../ads-manager/ads-manager-factories';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';
import { createRule, createRuleRun, ruleInput } from './automation-factories';
import { recordingContext } from './engine/engine-test-kit';
import { executeRun } from './engine/rule-runner';
import { recordRuleRun } from './engine/rule-runs.repository';
import { isoDay } from './engine/rule-windows';

let server: TestServer;
let teamId: string;
let app: SeededApp;
let admin: Session;
let member: Session;
let readOnly: Session;
let otherTeamId: string;
let otherApp: SeededApp;
let otherAdmin: Session;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const signIn = async (companyId: string, options: Parameters<typeof createMember>[2]) => {
    const person = await createMember(db, companyId, options);
    return api.signIn(person.email, person.password);
  };
  teamId = (await createCompany(db, 'Rules Co')).id;
  app = await seedAppleAdsApp(db, teamId);
  admin = await signIn(teamId, { role: 'ADMIN' });
  member = await signIn(teamId, { role: 'STAFF' });
  readOnly = await signIn(teamId, { role: 'ADMIN', isReadOnly: true });
  otherTeamId = (await createCompany(db, 'Other Rules Co')).id;
  otherApp = await seedAppleAdsApp(db, otherTeamId);
  otherAdmin = await signIn(otherTeamId, { role: 'ADMIN' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const gql = <Data = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  session: Session = member,
): Promise<GraphQLAnswer<Data>> => apiClient(server.url).graphql<Data>(query, variables, session);

async function ok<Data>(query: string, variables: Record<string, unknown> = {}, session = member) {
  const answer = await gql<Data>(query, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

const RULE =
  'id name enabled status definition lastRunAt lastRunStatus nextRunAt createdAt updatedAt';
const CREATE = `mutation($input: JSON!) {
  createAutomationRule(input: $input) { successMessage rule { ${RULE} } } }`;
const UPDATE = `mutation($id: ID!, $input: JSON!) {
  updateAutomationRule(id: $id, input: $input) { successMessage rule { ${RULE} } } }`;
const ENABLE = `mutation($id: ID!, $enabled: Boolean!) {
  setAutomationRuleEnabled(id: $id, enabled: $enabled) { successMessage rule { ${RULE} } } }`;
const DELETE = `mutation($id: ID!) { deleteAutomationRule(id: $id) { successMessage } }`;
const READ = `query($id: ID!) { automationRule(id: $id) { ${RULE} } }`;
const LOG_ENTRY = `id kind ruleId ruleName status trigger dryRun evaluated matched applied planned
  failed skipped reverted message at finishedAt revertedAt revertible`;
const LOGS = `query($query: JSON!) { automationRuleLogs(query: $query) { total entries { ${LOG_ENTRY} } } }`;
const SAFETY = 'killSwitch globalKillSwitch defaultCaps';

interface RuleView {
  id: string;
  name: string;
  enabled: boolean;
  status: string;
  definition: Record<string, unknown>;
  lastRunAt: string | null;
  lastRunStatus: string | null;
  nextRunAt: string | null;
}
interface LogEntryView {
  id: string;
  kind: string;
  ruleName: string;
  status: string;
  dryRun: boolean;
  applied: number;
  planned: number;
  failed: number;
  skipped: number;
  reverted: number;
  revertible: boolean;
}
type RuleResult = { successMessage: string; rule: RuleView };

const create = async (input: AutomationRuleInput, session = member) =>
  (await ok<{ createAutomationRule: RuleResult }>(CREATE, { input }, session)).createAutomationRule;

/** The first field problem of a refused save. */
async function refusal(input: unknown) {
  const answer = await gql(CREATE, { input });
  return errorOf(answer);
}

describe('creating rules', () => {
  it('saves a rule disabled, records CREATED and a rule_created activity entry', async () => {
    const input = ruleInput({ name: 'Cut waste now' });
    const { successMessage, rule } = await create(input);
    expect(successMessage).toBe(AUTOMATION_MESSAGES.created);
    expect(rule).toMatchObject({
      name: 'Cut waste now',
      enabled: false,
      status: 'CREATED',
      lastRunAt: null,
      lastRunStatus: null,
      nextRunAt: null,
    });
    // Saved as validated: defaults filled in.
    expect(rule.definition).toMatchObject({
      target: 'KEYWORD',
      scope: { campaignIds: [], keywordIds: [] },
      caps: {},
      actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
    });
    const [activity] = await listActivityLogs(server.database.db, teamId, 1);
    expect(activity).toMatchObject({
      logType: 'rule_created',
      message: 'Created the automation rule "Cut waste now"',
      featureName: 'automationRules',
      featurePath: '/arrules',
    });
    const read = await ok<{ automationRule: RuleView }>(READ, { id: rule.id });
    expect(read.automationRule.id).toBe(rule.id);
  });

  it('refuses a name the company already uses, in any letter case', async () => {
    await create(ruleInput({ name: 'Scale winners' }));
    const answer = await gql(CREATE, { input: ruleInput({ name: 'SCALE winners' }) });
    expect(answer.errors?.[0]?.message).toBe('Rule name already exists');
    expect(errorOf(answer)).toMatchObject({ error: 'CONFLICT', code: ERROR_CODES.CONFLICT });
    // Another company may use the name.
    await create(ruleInput({ name: 'Scale winners' }), otherAdmin);
  });

  it.each([
    [
      'an action value of 0',
      { actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 0 }] },
      { 'actions.0.value': 'validation.ruleValueZero' },
    ],
    [
      'a missing value',
      { conditions: [{ metric: 'spend', comparator: 'GREATER_THAN' }] },
      { 'conditions.0.value': 'validation.required' },
    ],
    [
      'a range whose from is not lower than its to',
      { conditions: [{ metric: 'taps', comparator: 'IN_RANGE', range: { from: 10, to: 10 } }] },
      { 'conditions.0.range.to': 'validation.rangeFromNotLower' },
    ],
    [
      'an e-mail that is not one',
      {
        actions: [
          {
            type: 'EMAIL_NOTIFICATION',
            recipients: { emails: ['not-an-email'], externalEmails: [] },
          },
        ],
      },
      { 'actions.0.recipients.emails.0': 'validation.emailInvalid' },
    ],
    [
      'an e-mail with spaces',
      {
        actions: [
          {
            type: 'EMAIL_NOTIFICATION',
            recipients: { emails: [], externalEmails: ['pat smith@acme.test'] },
          },
        ],
      },
      { 'actions.0.recipients.externalEmails.0': 'validation.emailHasSpaces' },
    ],
    [
      'no recipient',
      { actions: [{ type: 'EMAIL_NOTIFICATION', recipients: { emails: [], externalEmails: [] } }] },
      { 'actions.0.recipients.emails': 'validation.emailRecipientRequired' },
    ],
    [
      'keywords picked without exactly one ad group',
      {
        scope: {
          adAccountIds: [],
          adamIds: [],
          campaignIds: [],
          adGroupIds: [],
          keywordIds: [12],
        },
      },
      { 'scope.adGroupIds': 'validation.ruleKeywordsNeedOneAdGroup' },
    ],
    ['no action', { actions: [] }, { actions: 'validation.ruleActionRequired' }],
    ['no condition', { conditions: [] }, { conditions: 'validation.ruleConditionRequired' }],
  ])('refuses %s with the field and its message', async (_case, change, details) => {
    const problem = await refusal({ ...ruleInput(), ...change });
    expect(problem).toMatchObject({ error: 'BAD_REQUEST', code: ERROR_CODES.BAD_REQUEST });
    expect(problem.details).toMatchObject(details);
  });

  it('saves a condition comparing a count with 0 ("installs equal to 0")', async () => {
    const conditions = [{ metric: 'installs', comparator: 'EQUALS', value: 0 }] as const;
    const { rule } = await create(ruleInput({ conditions: [...conditions] }));
    expect(rule.definition).toMatchObject({ conditions });
  });

  it('refuses keywords picked with two ad groups', async () => {
    const problem = await refusal({
      ...ruleInput(),
      scope: { adGroupIds: [app.adGroupId, app.adGroupId + 1], keywordIds: [app.keywordId] },
    });
    expect(problem.details).toMatchObject({
      'scope.adGroupIds': 'validation.ruleKeywordsNeedOneAdGroup',
    });
  });

  it("accepts the company's own entities in the scope and refuses another company's", async () => {
    const own = {
      adAccountIds: [app.adAccountId],
      adamIds: [app.adamId],
      campaignIds: [app.campaignId],
      adGroupIds: [app.adGroupId],
      keywordIds: [app.keywordId],
    };
    const { rule } = await create(ruleInput({ scope: own }));
    expect(rule.definition.scope).toEqual(own);

    const problem = await refusal({
      ...ruleInput(),
      scope: {
        campaignIds: [app.campaignId, otherApp.campaignId],
        adGroupIds: [otherApp.adGroupId],
        keywordIds: [otherApp.keywordId],
      },
    });
    expect(problem).toMatchObject({ error: 'BAD_REQUEST' });
    expect(Object.keys(problem.details ?? {}).sort()).toEqual([
      'scope.adGroupIds',
      'scope.campaignIds',
      'scope.keywordIds',
    ]);
    expect(problem.details!['scope.campaignIds']).toContain(String(otherApp.campaignId));
    expect(problem.details!['scope.campaignIds']).not.toContain(String(app.campaignId));
  });

  it("refuses promoting search terms into another company's ad group", async () => {
    const promoteTo = (target: SeededApp) =>
      ruleInput({
        target: 'SEARCH_TERM',
        lookback: { range: 'LAST_7_DAYS' },
        conditions: [{ metric: 'installs', comparator: 'GREATER_THAN', value: 2 }],
        actions: [
          {
            type: 'ADD_AS_KEYWORD',
            matchType: 'EXACT',
            adAccountId: target.adAccountId,
            adGroupId: target.adGroupId,
          },
        ],
      });
    await create(promoteTo(app));
    const problem = await refusal(promoteTo(otherApp));
    expect(problem).toMatchObject({ error: 'BAD_REQUEST' });
    expect(Object.keys(problem.details ?? {})).toEqual(['actions.0.adGroupId']);
  });
});

describe('the lifecycle of a rule', () => {
  it('enables (ENABLED), disables, enables again (RE ACTIVATED), each in the log', async () => {
    const { rule } = await create(ruleInput({ name: 'Lifecycle' }));
    const before = Date.now();
    const enabled = (
      await ok<{ setAutomationRuleEnabled: RuleResult }>(ENABLE, { id: rule.id, enabled: true })
    ).setAutomationRuleEnabled;
    expect(enabled.successMessage).toBe(AUTOMATION_MESSAGES.enabled);
    expect(enabled.rule).toMatchObject({ enabled: true, status: 'ENABLED' });
    // Never ran: due at once.
    expect(Date.parse(enabled.rule.nextRunAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(enabled.rule.nextRunAt!)).toBeLessThanOrEqual(Date.now() + 1000);

    const disabled = (
      await ok<{ setAutomationRuleEnabled: RuleResult }>(ENABLE, { id: rule.id, enabled: false })
    ).setAutomationRuleEnabled;
    expect(disabled.successMessage).toBe(AUTOMATION_MESSAGES.disabled);
    expect(disabled.rule).toMatchObject({ enabled: false, status: 'DISABLED', nextRunAt: null });

    const again = (
      await ok<{ setAutomationRuleEnabled: RuleResult }>(ENABLE, { id: rule.id, enabled: true })
    ).setAutomationRuleEnabled;
    expect(again.rule).toMatchObject({ enabled: true, status: 'RE ACTIVATED' });

    // Asking for the state it is in changes nothing.
    await ok(ENABLE, { id: rule.id, enabled: true });
    const logs = await ok<{ automationRuleLogs: { entries: LogEntryView[]; total: number } }>(
      LOGS,
      { query: { ruleId: rule.id } },
    );
    expect(logs.automationRuleLogs.entries.map((entry) => entry.status)).toEqual([
      'RE ACTIVATED',
      'DISABLED',
      'ENABLED',
      'CREATED',
    ]);
    expect(logs.automationRuleLogs.total).toBe(4);
    const activity = await listActivityLogs(server.database.db, teamId, 3);
    expect(activity.map((entry) => [entry.logType, entry.message])).toEqual([
      ['rule_updated', 'Re-activated the automation rule "Lifecycle"'],
      ['rule_updated', 'Disabled the automation rule "Lifecycle"'],
      ['rule_updated', 'Enabled the automation rule "Lifecycle"'],
    ]);
  });

  it('updates a rule (UPDATED), re-validating it and rescheduling it when enabled', async () => {
    const { rule } = await create(ruleInput({ name: 'To edit' }));
    await create(ruleInput({ name: 'Taken name' }));
    const lastRunAt = new Date('2026-03-01T10:20:00Z');
    await recordRuleRun(server.database.db, teamId, rule.id, {
      lastRunAt,
      lastRunStatus: 'SUCCESS',
      nextRunAt: null,
    });
    await ok(ENABLE, { id: rule.id, enabled: true });

    const edited = ruleInput({ name: 'Edited rule', checkFrequency: 'EVERY_4_HOURS' });
    const { updateAutomationRule } = await ok<{ updateAutomationRule: RuleResult }>(UPDATE, {
      id: rule.id,
      input: edited,
    });
    expect(updateAutomationRule.successMessage).toBe(AUTOMATION_MESSAGES.updated);
    expect(updateAutomationRule.rule).toMatchObject({
      name: 'Edited rule',
      status: 'UPDATED',
      enabled: true,
      definition: { checkFrequency: 'EVERY_4_HOURS' },
    });
    // Four hours after the hour of its last run is long past: due now.
    expect(Date.parse(updateAutomationRule.rule.nextRunAt!)).toBeGreaterThan(
      lastRunAt.getTime() + 4 * 3_600_000,
    );

    const taken = await gql(UPDATE, { id: rule.id, input: { ...edited, name: 'taken NAME' } });
    expect(taken.errors?.[0]?.message).toBe(AUTOMATION_MESSAGES.nameTaken);
    const invalid = await gql(UPDATE, { id: rule.id, input: { ...edited, actions: [] } });
    expect(errorOf(invalid).details).toEqual({ actions: 'validation.ruleActionRequired' });
    // Keeping its own name is fine.
    await ok(UPDATE, { id: rule.id, input: edited });
  });

  it('deletes a rule (DELETED): it leaves the list, keeps its log and frees its name', async () => {
    const { rule } = await create(ruleInput({ name: 'Short lived' }));
    const { deleteAutomationRule } = await ok<{ deleteAutomationRule: { successMessage: string } }>(
      DELETE,
      { id: rule.id },
    );
    expect(deleteAutomationRule.successMessage).toBe(AUTOMATION_MESSAGES.deleted);
    const list = await ok<{ automationRules: RuleView[] }>('{ automationRules { id } }');
    expect(list.automationRules.map((entry) => entry.id)).not.toContain(rule.id);
    expect(errorOf(await gql(READ, { id: rule.id }))).toMatchObject({ error: 'NOT_FOUND' });
    expect(errorOf(await gql(DELETE, { id: rule.id }))).toMatchObject({ error: 'NOT_FOUND' });
    const logs = await ok<{ automationRuleLogs: { entries: LogEntryView[] } }>(LOGS, {
      query: { ruleId: rule.id },
    });
    expect(logs.automationRuleLogs.entries.map((entry) => entry.status)).toEqual([
      'DELETED',
      'CREATED',
    ]);
    await create(ruleInput({ name: 'Short lived' }));
  });

  it('shows LAST RUN FAILED for an enabled rule whose last run failed', async () => {
    const rule = await createRule(server.database.db, teamId, { enabled: true });
    await recordRuleRun(server.database.db, teamId, rule.id, {
      lastRunAt: new Date(),
      lastRunStatus: 'FAILED',
      nextRunAt: new Date(),
    });
    const read = await ok<{ automationRule: RuleView }>(READ, { id: rule.id });
    expect(read.automationRule).toMatchObject({
      status: 'LAST RUN FAILED',
      lastRunStatus: 'FAILED',
    });
    await ok(ENABLE, { id: rule.id, enabled: false });
    const disabled = await ok<{ automationRule: RuleView }>(READ, { id: rule.id });
    expect(disabled.automationRule.status).toBe('DISABLED');
  });
});

describe('the logs', () => {
  let ruleA: Awaited<ReturnType<typeof createRule>>;
  let ruleB: Awaited<ReturnType<typeof createRule>>;
  const runIds: Record<string, string> = {};
  let logsSession: Session;

  beforeAll(async () => {
    const db = server.database.db;
    const company = await createCompany(db, 'Logs Co');
    const person = await createMember(db, company.id);
    logsSession = await apiClient(server.url).signIn(person.email, person.password);
    ruleA = await createRule(db, company.id, { input: { name: 'Rule A' } });
    ruleB = await createRule(db, company.id, { input: { name: 'Rule B' } });
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    runIds.applied = (
      await createRuleRun(db, ruleA, {
        status: 'SUCCESS',
        startedAt: day('2026-03-01'),
        evaluated: 5,
        matched: 3,
        changes: [
          { status: 'APPLIED', before: { bidMicros: 1_500_000 }, after: { bidMicros: 1_200_000 } },
          { status: 'APPLIED', capped: true },
          { status: 'FAILED', message: 'Apple refused the bid' },
          { status: 'SKIPPED', message: 'Action limit' },
        ],
      })
    ).id;
    runIds.dry = (
      await createRuleRun(db, ruleA, {
        status: 'CONDITION MATCHED',
        dryRun: true,
        startedAt: day('2026-03-02'),
        changes: [{ status: 'PLANNED' }, { status: 'PLANNED' }],
      })
    ).id;
    runIds.reverted = (
      await createRuleRun(db, ruleB, {
        status: 'SUCCESS',
        startedAt: day('2026-03-03'),
        revertedAt: day('2026-03-04'),
        changes: [{ status: 'REVERTED' }],
      })
    ).id;
    runIds.pending = (
      await createRuleRun(db, ruleB, {
        status: 'PENDING',
        trigger: 'SCHEDULED',
        startedAt: day('2026-03-05'),
        finished: false,
      })
    ).id;
    runIds.notMatched = (
      await createRuleRun(db, ruleB, {
        status: 'CONDITION NOT MATCHED',
        trigger: 'DATA',
        startedAt: day('2026-03-06'),
      })
    ).id;
  });

  const logs = async (query: Record<string, unknown>) =>
    (
      await ok<{ automationRuleLogs: { entries: LogEntryView[]; total: number } }>(
        LOGS,
        { query },
        logsSession,
      )
    ).automationRuleLogs;

  it('lists runs with their change counts, newest first, paged with a total', async () => {
    const all = await logs({});
    expect(all.total).toBe(5);
    expect(all.entries.map((entry) => [entry.kind, entry.status, entry.ruleName])).toEqual([
      ['RUN', 'CONDITION NOT MATCHED', 'Rule B'],
      ['RUN', 'PENDING', 'Rule B'],
      ['RUN', 'SUCCESS', 'Rule B'],
      ['RUN', 'CONDITION MATCHED', 'Rule A'],
      ['RUN', 'SUCCESS', 'Rule A'],
    ]);
    const applied = all.entries.find((entry) => entry.id === runIds.applied)!;
    expect(applied).toMatchObject({
      applied: 2,
      failed: 1,
      skipped: 1,
      planned: 0,
      reverted: 0,
      evaluated: 5,
      matched: 3,
      revertible: true,
    });
    expect(all.entries.find((entry) => entry.id === runIds.dry)).toMatchObject({
      planned: 2,
      dryRun: true,
      revertible: false,
    });
    expect(all.entries.find((entry) => entry.id === runIds.reverted)).toMatchObject({
      reverted: 1,
      revertible: false,
    });

    const page = await logs({ offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.entries.map((entry) => entry.id)).toEqual([runIds.pending, runIds.reverted]);
  });

  it('filters by rule, statuses, days and dry run', async () => {
    expect((await logs({ ruleId: ruleA.id })).total).toBe(2);
    const byStatus = await logs({ statuses: ['SUCCESS', 'PENDING'] });
    expect(byStatus.entries.map((entry) => entry.id)).toEqual([
      runIds.pending,
      runIds.reverted,
      runIds.applied,
    ]);
    const byDays = await logs({ from: '2026-03-02', to: '2026-03-05' });
    expect(byDays.entries.map((entry) => entry.id)).toEqual([
      runIds.pending,
      runIds.reverted,
      runIds.dry,
    ]);
    const dry = await logs({ dryRun: true });
    expect(dry.entries.map((entry) => entry.id)).toEqual([runIds.dry]);
    const notDry = await logs({ dryRun: false, ruleId: ruleA.id });
    expect(notDry.entries.map((entry) => entry.status)).toEqual(['SUCCESS']);
    const invalid = await gql(LOGS, { query: { from: '1 March' } }, logsSession);
    expect(errorOf(invalid)).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it("reads one run and its changes; another company's run is not found", async () => {
    const entry = await ok<{ automationRuleLogEntry: LogEntryView }>(
      `query($id: ID!) { automationRuleLogEntry(id: $id) { ${LOG_ENTRY} } }`,
      { id: runIds.pending },
      logsSession,
    );
    expect(entry.automationRuleLogEntry).toMatchObject({ status: 'PENDING', revertible: false });
    const CHANGES = `query($runId: ID!) { automationRuleChanges(runId: $runId) {
      id runId adAccountId level entityId entityName action before after status capped message appliedAt } }`;
    const { automationRuleChanges } = await ok<{
      automationRuleChanges: Record<string, unknown>[];
    }>(CHANGES, { runId: runIds.applied }, logsSession);
    expect(automationRuleChanges.map((change) => change.status)).toEqual([
      'APPLIED',
      'APPLIED',
      'FAILED',
      'SKIPPED',
    ]);
    expect(automationRuleChanges[0]).toMatchObject({
      runId: runIds.applied,
      action: 'CHANGE_BID',
      before: { bidMicros: 1_500_000 },
      after: { bidMicros: 1_200_000 },
      capped: false,
    });
    expect(automationRuleChanges[1]!.capped).toBe(true);
    expect(automationRuleChanges[2]!.message).toBe('Apple refused the bid');

    for (const session of [member, otherAdmin]) {
      const answer = await gql(CHANGES, { runId: runIds.applied }, session);
      expect(errorOf(answer)).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('refuses reverting a run with nothing applied to revert', async () => {
    const REVERT = `mutation($runId: ID!) { revertAutomationRuleRun(runId: $runId) { successMessage } }`;
    for (const runId of [runIds.dry, runIds.reverted, runIds.pending]) {
      const answer = await gql(REVERT, { runId }, logsSession);
      expect(answer.errors?.[0]?.message).toBe(AUTOMATION_MESSAGES.nothingToRevert);
      expect(errorOf(answer)).toMatchObject({ error: 'BAD_REQUEST' });
    }
  });
});

describe('kill switches', () => {
  const COMPANY = `mutation($on: Boolean!) { setAutomationKillSwitch(on: $on) { ${SAFETY} } }`;
  const GLOBAL = `mutation($on: Boolean!) { setGlobalAutomationKillSwitch(on: $on) { ${SAFETY} } }`;

  it("lets an admin switch the company's automation off and on, with an activity entry", async () => {
    const safety = await ok<{ automationSafety: Record<string, unknown> }>(
      `{ automationSafety { ${SAFETY} } }`,
    );
    expect(safety.automationSafety).toEqual({
      killSwitch: false,
      globalKillSwitch: false,
      defaultCaps: DEFAULT_SAFETY_CAPS,
    });
    const off = await ok<{ setAutomationKillSwitch: Record<string, unknown> }>(
      COMPANY,
      { on: true },
      admin,
    );
    expect(off.setAutomationKillSwitch).toMatchObject({
      killSwitch: true,
      globalKillSwitch: false,
    });
    const [activity] = await listActivityLogs(server.database.db, teamId, 1);
    expect(activity).toMatchObject({
      logType: 'rule_updated',
      message: 'Switched automation off: rules make no changes',
    });
    // Other companies are not affected.
    const other = await ok<{ automationSafety: { killSwitch: boolean } }>(
      '{ automationSafety { killSwitch } }',
      {},
      otherAdmin,
    );
    expect(other.automationSafety.killSwitch).toBe(false);
    const on = await ok<{ setAutomationKillSwitch: { killSwitch: boolean } }>(
      COMPANY,
      { on: false },
      admin,
    );
    expect(on.setAutomationKillSwitch.killSwitch).toBe(false);
  });

  it('refuses the company switch to members who are not admins, and the global one to all but staff', async () => {
    for (const session of [member, readOnly]) {
      const answer = await gql(COMPANY, { on: true }, session);
      expect(errorOf(answer)).toMatchObject({ error: 'FORBIDDEN', code: ERROR_CODES.FORBIDDEN });
    }
    for (const session of [member, admin]) {
      const answer = await gql(GLOBAL, { on: true }, session);
      expect(errorOf(answer)).toMatchObject({ error: 'FORBIDDEN' });
    }
    const safety = await ok<{ automationSafety: Record<string, boolean> }>(
      '{ automationSafety { killSwitch globalKillSwitch } }',
    );
    expect(safety.automationSafety).toEqual({ killSwitch: false, globalKillSwitch: false });
  });
});

describe('runs (the engine)', () => {
  const RUN = `mutation($id: ID!, $dryRun: Boolean!) {
    runAutomationRule(id: $id, dryRun: $dryRun) { successMessage runId } }`;
  const ENTRY = `query($id: ID!) { automationRuleLogEntry(id: $id) { ${LOG_ENTRY} } }`;
  const COMPANY = `mutation($on: Boolean!) { setAutomationKillSwitch(on: $on) { killSwitch } }`;
  const GLOBAL = `mutation($on: Boolean!) { setGlobalAutomationKillSwitch(on: $on) { ${SAFETY} } }`;

  it('starts a dry run whose log entry reads PENDING until the engine ran it', async () => {
    const rule = await createRule(server.database.db, teamId);
    const { runAutomationRule } = await ok<{
      runAutomationRule: { successMessage: string; runId: string };
    }>(RUN, { id: rule.id, dryRun: true });
    expect(runAutomationRule.successMessage).toBe(AUTOMATION_MESSAGES.runStarted);
    const entry = await ok<{ automationRuleLogEntry: Record<string, unknown> }>(ENTRY, {
      id: runAutomationRule.runId,
    });
    expect(entry.automationRuleLogEntry).toMatchObject({
      kind: 'RUN',
      status: 'PENDING',
      trigger: 'MANUAL',
      dryRun: true,
      finishedAt: null,
      revertible: false,
    });
  });

  it('lists what a dry run matched with its campaign, ad group and the values it matched on', async () => {
    const db = server.database.db;
    const keyword = (text: string) => ({
      text,
      bidMicros: 1_000_000,
      status: 'ENABLED' as const,
      deleted: false,
      matchType: 'EXACT' as const,
    });
    const account = await seedAdsManagerAccount(db, teamId, [keyword('alpha'), keyword('beta')]);
    const [alpha, beta] = account.keywords;
    const day = (keywordId: number, taps: number, installs: number) => ({
      keywordId,
      grain: 'DAILY' as const,
      date: isoDay(new Date()),
      counts: {
        ...ZERO_COUNTS,
        localSpendMicros: taps * 1_500_000,
        taps,
        impressions: taps * 10,
        tapInstalls: installs,
        totalInstalls: installs,
      },
    });
    await writeAccountFacts(db, account, [day(alpha!.id, 20, 0), day(beta!.id, 10, 4)]);
    // The commonest waste rule: tapped, never installed.
    const { rule } = await create(
      ruleInput({
        scope: {
          adAccountIds: [],
          adamIds: [],
          campaignIds: [account.campaignId],
          adGroupIds: [],
          keywordIds: [],
        },
        conditions: [
          { metric: 'taps', comparator: 'GREATER_THAN', value: 5 },
          { metric: 'installs', comparator: 'EQUALS', value: 0 },
        ],
      }),
    );
    const { runAutomationRule } = await ok<{ runAutomationRule: { runId: string } }>(RUN, {
      id: rule.id,
      dryRun: true,
    });
    await executeRun(recordingContext(server.context).ctx, runAutomationRule.runId);

    const { automationRuleChanges } = await ok<{
      automationRuleChanges: Record<string, unknown>[];
    }>(
      `query($runId: ID!) { automationRuleChanges(runId: $runId) {
        entityName status campaignId campaignName adGroupId adGroupName matchedValues } }`,
      { runId: runAutomationRule.runId },
    );
    expect(automationRuleChanges).toEqual([
      {
        entityName: 'alpha',
        status: 'PLANNED',
        campaignId: account.campaignId,
        campaignName: `${account.name} – Brand – US`,
        adGroupId: account.adGroupId,
        adGroupName: 'Brand exact',
        matchedValues: { taps: 20, installs: 0 },
      },
    ]);
  });

  it('refuses a real run while a kill switch is on, and still allows a dry run', async () => {
    const rule = await createRule(server.database.db, teamId);
    const superAdmin = await createMember(server.database.db, teamId, { role: 'SUPERADMIN' });
    const staff = await apiClient(server.url).signIn(superAdmin.email, superAdmin.password);

    await ok(COMPANY, { on: true }, admin);
    const refused = await gql(RUN, { id: rule.id, dryRun: false });
    expect(refused.errors?.[0]?.message).toBe(AUTOMATION_MESSAGES.killSwitchOn);
    expect(errorOf(refused)).toMatchObject({
      error: 'AUTOMATION_SWITCHED_OFF',
      code: ERROR_CODES.AUTOMATION_SWITCHED_OFF,
    });
    await ok(RUN, { id: rule.id, dryRun: true });
    await ok(COMPANY, { on: false }, admin);

    const global = await ok<{ setGlobalAutomationKillSwitch: Record<string, unknown> }>(
      GLOBAL,
      { on: true },
      staff,
    );
    expect(global.setGlobalAutomationKillSwitch).toMatchObject({
      killSwitch: false,
      globalKillSwitch: true,
    });
    const everywhere = await ok<{ automationSafety: { globalKillSwitch: boolean } }>(
      '{ automationSafety { globalKillSwitch } }',
      {},
      otherAdmin,
    );
    expect(everywhere.automationSafety.globalKillSwitch).toBe(true);
    const refusedGlobally = await gql(RUN, { id: rule.id, dryRun: false });
    expect(refusedGlobally.errors?.[0]?.message).toBe(AUTOMATION_MESSAGES.globalKillSwitchOn);
    await ok(GLOBAL, { on: false }, staff);
  });
});

describe('who may do what', () => {
  it('refuses a read-only member every change, and lets them read', async () => {
    const rule = await createRule(server.database.db, teamId);
    const mutations: [string, Record<string, unknown>][] = [
      [CREATE, { input: ruleInput() }],
      [UPDATE, { id: rule.id, input: ruleInput() }],
      [DELETE, { id: rule.id }],
      [ENABLE, { id: rule.id, enabled: true }],
      [
        'mutation($id: ID!) { runAutomationRule(id: $id, dryRun: true) { runId } }',
        { id: rule.id },
      ],
      ['mutation($id: ID!) { revertAutomationRuleRun(runId: $id) { reverted } }', { id: rule.id }],
      ['mutation { setAutomationKillSwitch(on: true) { killSwitch } }', {}],
      ['mutation { setGlobalAutomationKillSwitch(on: true) { killSwitch } }', {}],
    ];
    for (const [query, variables] of mutations) {
      const answer = await gql(query, variables, readOnly);
      expect(errorOf(answer), query).toMatchObject({ error: 'FORBIDDEN' });
    }
    const read = await ok<{ automationRule: RuleView }>(READ, { id: rule.id }, readOnly);
    expect(read.automationRule).toMatchObject({ id: rule.id, enabled: false, status: 'CREATED' });
  });

  it("answers another company's rule as not found and leaves it unchanged", async () => {
    const rule = await createRule(server.database.db, otherTeamId);
    const run = await createRuleRun(server.database.db, rule, {
      status: 'SUCCESS',
      changes: [{ status: 'APPLIED' }],
    });
    const attempts: [string, Record<string, unknown>][] = [
      [READ, { id: rule.id }],
      [UPDATE, { id: rule.id, input: ruleInput() }],
      [DELETE, { id: rule.id }],
      [ENABLE, { id: rule.id, enabled: true }],
      [
        'mutation($id: ID!) { runAutomationRule(id: $id, dryRun: true) { runId } }',
        { id: rule.id },
      ],
      ['mutation($id: ID!) { revertAutomationRuleRun(runId: $id) { reverted } }', { id: run.id }],
      ['query($id: ID!) { automationRuleLogEntry(id: $id) { id } }', { id: run.id }],
      ['query($id: ID!) { automationRuleChanges(runId: $id) { id } }', { id: run.id }],
    ];
    for (const [query, variables] of attempts) {
      const answer = await gql(query, variables, admin);
      expect(errorOf(answer), query).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(errorOf(await gql(READ, { id: 'not-a-uuid' }, admin))).toMatchObject({
      error: 'BAD_REQUEST',
      details: { id: 'validation.idInvalid' },
    });
    const list = await ok<{ automationRules: RuleView[] }>('{ automationRules { id } }', {}, admin);
    expect(list.automationRules.map((entry) => entry.id)).not.toContain(rule.id);
    const mine = await ok<{ automationRuleLogs: { entries: LogEntryView[] } }>(
      LOGS,
      { query: { ruleId: rule.id } },
      admin,
    );
    expect(mine.automationRuleLogs.entries).toEqual([]);
    const theirs = await ok<{ automationRule: RuleView }>(READ, { id: rule.id }, otherAdmin);
    expect(theirs.automationRule).toMatchObject({ name: rule.name, enabled: false });
  });
});
