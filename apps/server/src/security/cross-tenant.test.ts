// Every operation of the API, GraphQL root field and REST route alike, called by a member of
// company B with company A's ids wherever an argument names something. Generated from the schema
// and the route registry: a new operation is attacked the day it exists, and one whose argument
// this file cannot fill fails until it says which of A's things that argument names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wizardAdGroup } from '../modules/campaign-creation/campaign-creation-factories';
import { buildGraphQLSchema } from '../modules/graphql-schema';
import { apiClient, type ApiClient, type Session } from '../platform/testing/api-client';
import { createCompany, createMember } from '../platform/testing/factories';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import {
  operationDocument,
  rootOperations,
  sampleVariables,
  type ArgumentSlot,
  type RootOperation,
} from './schema-operations';
import { FACT_MARK, seedTenant, tenantSnapshot, type Tenant } from './tenant-fixture';

const MARKER = 'Zqxa7';
/** A period holding all of A's facts. */
const A_PERIOD = { start: '2025-09-01', end: '2026-01-31' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const schema = buildGraphQLSchema();
/** A's figures: one fact's, or two facts' summed (its counts, and its spend in micros). */
const FIGURES_OF_A = new RegExp(`\\b(${FACT_MARK}|${2 * FACT_MARK})`);

let server: TestServer;
let api: ApiClient;
let a: Tenant;
const callers: { name: string; session: () => Promise<Session> }[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  api = apiClient(server.url);
  const db = server.database.db;
  a = await seedTenant(db, MARKER, server.context.secrets);
  const companyB = await createCompany(db, 'Company B');
  const adminB = await createMember(db, companyB.id, { role: 'ADMIN' });
  const viewerB = await createMember(db, companyB.id, { role: 'ADMIN', isReadOnly: true });
  // Signing in again per REST call: some routes end the caller's own sessions.
  callers.push(
    { name: 'admin of B', session: () => api.signIn(adminB.email, adminB.password) },
    { name: 'read-only member of B', session: () => api.signIn(viewerB.email, viewerB.password) },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Which of A's things an argument called `id` names, per operation. */
const ID_OF = (t: Tenant): Record<string, string | number> => ({
  automationRule: t.rule.id,
  updateAutomationRule: t.rule.id,
  deleteAutomationRule: t.rule.id,
  setAutomationRuleEnabled: t.rule.id,
  runAutomationRule: t.rule.id,
  scriptedRule: t.script.id,
  saveScriptedRule: t.script.id,
  setScriptedRuleEnabled: t.script.id,
  deleteScriptedRule: t.script.id,
  automationRuleLogEntry: t.ruleRun.id,
  revertKeywordBidApply: t.bidApply.id,
  automationRuleBacktest: t.backtest.id,
  exportJob: t.exportJob.id,
  deleteChartPreset: t.chartPreset.id,
  deleteOverviewPreset: t.overviewPreset.id,
  bulkAction: t.bulkAction.id,
  deleteCustomView: t.customView.id,
  saveCustomView: t.customView.id,
  deleteTablePreset: t.tablePreset.id,
  saveTablePreset: t.tablePreset.id,
  getDraft: t.campaignDraft.id,
  deleteCampaignDraft: t.campaignDraft.id,
  getDraftTemplate: t.generatorTemplate.id,
  updateCampTemplate: t.generatorTemplate.id,
  deleteTemplate: t.generatorTemplate.id,
  campaignGeneration: t.campaignGeneration.id,
  adKeyRetry: t.campaignGeneration.id,
  updateCampaignGenerationPlan: t.campaignGeneration.id,
  launchCampaignGeneration: t.campaignGeneration.id,
  deleteCampaignGeneration: t.campaignGeneration.id,
  attrIntegrationSecrets: t.attrIntegration.id,
  setAttrIntegrationStatus: t.attrIntegration.id,
  rotateAttrIntegrationSecret: t.attrIntegration.id,
  deleteAttrIntegration: t.attrIntegration.id,
  sendAttrTestEvent: t.attrIntegration.id,
  updateGoal: t.goal.id,
  delGoal: t.goal.id,
  saveScheduledReport: t.scheduledReport.id,
  setScheduledReportDisabled: t.scheduledReport.id,
  deleteScheduleReport: t.scheduledReport.id,
  sendScheduledReportNow: t.scheduledReport.id,
  getSarCustomFunction: t.customFunction.id,
  saveCustomFunction: t.customFunction.id,
  deleteCustomFn: t.customFunction.id,
  publicOrPvtCustomFn: t.customFunction.id,
  lockUnlockCustomFn: t.customFunction.id,
  // Billing names the provider's customer, `tw-{teamId}` (billing/billing.service.ts).
  getCBCustomer: `tw-${t.company.id}`,
});

/** A's value for an argument, by its name (and for `id`, by its operation and place). */
function tenantValue(t: Tenant, slot: ArgumentSlot): unknown {
  const { app } = t;
  const list = (value: unknown) => (slot.isList ? [value] : value);
  switch (slot.name) {
    case 'userId':
      return t.member.user.id;
    case 'teamId':
      return t.company.id;
    case 'runId':
      return t.ruleRun.id;
    case 'goalId':
      return t.goal.id;
    case 'logId':
      return t.activityLog.logId;
    // A pg-boss job id; only staff reach the queue, and B has none (refused by permission).
    case 'taskId':
      return '00000000-0000-4000-8000-0000000000ab';
    case 'strategyId':
      return t.strategy.id;
    case 'timelineId':
      return t.strategyNote.timelineId;
    case 'draftId':
      return t.campaignDraft.id;
    case 'trackedKeywordId':
      return t.trackedKeyword.id;
    case 'ids':
      if (slot.operation === 'untrackKeywords') return list(t.trackedKeyword.id);
      break;
    // From the first entry, where A's one scripted change is.
    case 'offset':
      if (slot.operation === 'scriptGatewayLog') return 0;
      break;
    case 'dr_id':
      return t.dataRequest.id;
    case 'intId':
      return t.slackIntegration.id;
    case 'idempotencyKey':
      return t.campaignCreation.idempotencyKey;
    case 'adAccountId':
    case 'adAccountIds':
      return list(app.adAccountId);
    case 'adamId':
    case 'adamIds':
      return list(app.adamId);
    // Keyword research names App Store app ids `ID`s: A's app.
    case 'appId':
    case 'appid':
      return list(String(app.adamId));
    case 'campaignId':
    case 'campaignIds':
      return list(app.campaignId);
    case 'adGroupId':
    case 'adGroupIds':
    case 'targetAdGroupId':
      return list(app.adGroupId);
    case 'email':
    case 'receiverMail':
      return t.admin.email;
    case 'id': {
      const parent = slot.path.split('.').at(-2);
      if (parent === 'campaign') return app.campaignId;
      if (parent === 'adGroup') return app.adGroupId;
      // A strategy's target: the sample level is CAMPAIGN.
      if (parent === 'targetEntities') return app.campaignId;
      if (parent === 'keyword' || parent === 'keywords' || parent === 'entities') {
        return app.keywordId;
      }
      const id = ID_OF(t)[slot.operation];
      if (id === undefined) {
        throw new Error(
          `${slot.operation}: say which of A's things its argument ${slot.path} names`,
        );
      }
      return id;
    }
  }
  if (slot.type === 'ID') {
    throw new Error(`${slot.operation}: say which of A's things its id ${slot.path} names`);
  }
  return undefined;
}

/** Arguments that are whole documents: A's rule, A's log query. */
function documentValue(t: Tenant, operation: string, path: string): unknown {
  if (operation === 'automationRuleLogs') return { ruleId: t.rule.id };
  if (operation === 'startExport') return { ruleId: t.rule.id };
  if (operation === 'startAutomationRuleBacktest') {
    return { rule: t.ruleReachingIn(), start: '2026-01-01', end: '2026-01-10' };
  }
  if (['createAutomationRule', 'updateAutomationRule'].includes(operation)) {
    return t.ruleReachingIn();
  }
  if (operation === 'saveScriptedRule' || operation === 'testScriptedRule') {
    return t.scriptReachingIn();
  }
  if (operation === 'startScriptedRuleBacktest') {
    return { script: t.scriptReachingIn(), start: '2026-01-01', end: '2026-01-10' };
  }
  if (operation === 'saveCampaignDraft') {
    return { id: t.campaignDraft.id, placement: 'TODAY_TAB', step: 'app', values: {} };
  }
  if (operation === 'createCampaign') return t.creationReachingIn();
  if (operation === 'saveScheduledReport') return t.scheduledReportReachingIn();
  if (operation === 'saveCustomFunction') return { path: 'Reaching/in', code: 'export {};' };
  if (operation === 'updateCampTemplate' || operation === 'previewCampaignGeneration')
    return t.generatorSettingsReachingIn();
  if (operation === 'updateCampaignGenerationPlan') return t.campaignGeneration.plan;
  if (operation === 'addAdGroup') return wizardAdGroup({ name: 'Reaching in' });
  if (operation === 'addAds') return [{ name: 'Reaching in', productPage: { kind: 'default' } }];
  throw new Error(`${operation}: say what its JSON argument ${path} holds`);
}

function variablesFor(operation: RootOperation) {
  return sampleVariables(schema, operation, A_PERIOD, (slot) =>
    slot.type === 'JSON' ? documentValue(a, slot.operation, slot.path) : tenantValue(a, slot),
  );
}

/** What B may never see: A's marker, A's figures, any of A's ids B did not send itself. */
function expectNothingOfA(answer: unknown, sent: unknown, label: string) {
  const text = JSON.stringify(answer);
  expect(text.toLowerCase(), label).not.toContain(MARKER.toLowerCase());
  expect(text, label).not.toMatch(FIGURES_OF_A);
  const sentIds = new Set(JSON.stringify(sent).match(UUID) ?? []);
  // Not A's admin: B invites that address (inviteTeamMember), and B's member list then names the
  // invited account by its id, with nothing else of it until the invitation is accepted.
  const aIds = new Set(
    [a.company.id, a.member.user.id, a.rule.id, a.ruleRun.id, a.backtest.id, a.integration.id]
      .concat([a.exportJob.id])
      .concat([a.chartPreset.id, a.overviewPreset.id, a.customView.id, a.tablePreset.id])
      .concat([a.bulkAction.id, a.campaignDraft.id, a.campaignCreation.id])
      .concat([a.trackedKeyword.id, a.dataRequest.id])
      .concat([a.generatorTemplate.id, a.campaignGeneration.id])
      .concat([a.customFunction.id, a.script.id, a.activityLog.logId]),
  );
  const leaked = (text.match(UUID) ?? []).filter((id) => aIds.has(id) && !sentIds.has(id));
  expect(leaked, label).toEqual([]);
}

/** A path of a REST route with A's values in its parameters. */
const REST_PARAMS = (t: Tenant): Record<string, string> => ({
  id: t.member.user.id,
  email: t.admin.email,
  integrationID: t.integration.id,
  securityPrincipleID: t.member.user.id,
  exportJobId: t.exportJob.id,
  campaignId: String(t.app.campaignId),
  page: '1',
});

/** A's ids in each REST route's body or query, where the route reads any. */
const REST_INPUT = (t: Tenant): Record<string, { body?: unknown; query?: string }> => ({
  'POST /v1/api/auth/user-details': { body: { switchTo: { TeamId: t.company.id } } },
  'PUT /v1/api/auth/update-user/:id': { body: { firstName: 'Evil' } },
  'PUT /v1/api/campaigns/update/:campaignId': {
    body: { adAccountId: t.app.adAccountId, name: 'Taken over' },
  },
  'DELETE /v1/api/campaigns/delete/:campaignId': { query: `adAccountId=${t.app.adAccountId}` },
  'GET /v1/api/automation/logs.csv': { query: `ruleId=${t.rule.id}` },
  'GET /v1/api/automation/logs.xlsx': { query: `ruleId=${t.rule.id}` },
  // A zipped file: overview-export.routes.test.ts reads the workbook for A's app and figures.
  'POST /v1/api/overview/export.xlsx': {
    body: {
      filter: { adAccountId: t.app.adAccountId, adamId: t.app.adamId, currdate: A_PERIOD },
      reportDatasets: ['totals', 'topKeywords', 'countryOrRegion'],
    },
  },
});

describe('cross-tenant matrix', () => {
  it('gives a member of B nothing of A through any GraphQL operation, and leaves A unchanged', async () => {
    const before = await tenantSnapshot(server.database.db, a.company.id);
    const operations = rootOperations(schema).filter((operation) => operation.access !== 'public');
    // No GraphQL operation ends its caller's own sessions, so one each serves them all.
    const sessions = await Promise.all(callers.map((caller) => caller.session()));
    for (const operation of operations) {
      const variables = variablesFor(operation);
      const document = operationDocument(schema, operation);
      for (const [index, caller] of callers.entries()) {
        const answer = await api.graphql(document, variables, sessions[index]);
        const label = `${operation.name} as ${caller.name}: ${JSON.stringify(answer).slice(0, 300)}`;
        expectNothingOfA(answer, variables, label);
        const codes = answer.errors?.map((error) => error.extensions?.code) ?? [];
        expect(codes, label).not.toContain(50);
      }
    }
    expect(await tenantSnapshot(server.database.db, a.company.id)).toEqual(before);
    console.info(
      `cross-tenant matrix: ${operations.length} GraphQL operations × ${callers.length} callers`,
    );
  });

  it("reaches A's data with the same arguments when A's own admin asks (the attack is real)", async () => {
    const session = await api.signIn(a.admin.email, a.admin.password);
    const reads = rootOperations(schema).filter(
      (operation) => operation.kind === 'query' && operation.access !== 'public',
    );
    const revealing: string[] = [];
    for (const operation of reads) {
      const variables = variablesFor(operation);
      const answer = await api.graphql(operationDocument(schema, operation), variables, session);
      const text = JSON.stringify(answer.data ?? null);
      if (text.toLowerCase().includes(MARKER.toLowerCase()) || FIGURES_OF_A.test(text)) {
        revealing.push(operation.name);
      }
    }
    console.info(`cross-tenant matrix: ${revealing.length} of ${reads.length} reads show A to A`);
    // Reads of A's apps, figures, rules, presets, views, members and logs, by A's ids.
    for (const name of [
      'getOverviewAloneForApp',
      'getTopKeywords',
      'campaignReports',
      'targetingKeywordReports',
      'otherPlacements',
      'automationRule',
      'scriptedRule',
      'automationRuleLogEntry',
      'fetchChartPresets',
      'fetchCustomView',
      'findByTeamId',
      'getActivityLogs',
      'getDraft',
      'getCampaignDrafts',
      'trackedKeywords',
      'getDraftTemplate',
      'getDraftTemplateList',
      'getCampGenList',
      'campaignGeneration',
      'getCustomFnsFileTree',
      'getSarCustomFunction',
      'scriptGatewayLog',
    ]) {
      expect(revealing, name).toContain(name);
    }
  });

  it('gives a member of B nothing of A through any REST route, and leaves A unchanged', async () => {
    const before = await tenantSnapshot(server.database.db, a.company.id);
    const params = REST_PARAMS(a);
    const inputs = REST_INPUT(a);
    const routes = server.app.routeAccess.filter(
      (route) => route.access !== 'public' && route.url.startsWith('/v1/api/'),
    );
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const path = route.url.replace('/v1/api/', '').replace(/:(\w+)/g, (_match, name: string) => {
        if (!(name in params)) throw new Error(`${key}: say which of A's things :${name} names`);
        return encodeURIComponent(params[name]!);
      });
      const input = inputs[key] ?? {};
      const body =
        route.method === 'GET' || route.method === 'DELETE' ? undefined : (input.body ?? {});
      for (const caller of callers) {
        const answer = await api.rest(
          route.method,
          input.query ? `${path}?${input.query}` : path,
          body,
          await caller.session(),
        );
        const label = `${key} as ${caller.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expectNothingOfA(answer.body, { path, body, query: input.query }, label);
        expect(answer.status, label).toBeLessThan(500);
      }
    }
    expect(await tenantSnapshot(server.database.db, a.company.id)).toEqual(before);
    const unused = Object.keys(inputs).filter(
      (key) => !routes.some((route) => `${route.method} ${route.url}` === key),
    );
    expect(unused, 'inputs of routes that no longer exist').toEqual([]);
    console.info(`cross-tenant matrix: ${routes.length} REST routes × ${callers.length} callers`);
  });
});
