// The whole API surface against every kind of caller: each operation declares its access, each
// role is allowed or refused exactly as the permission registry says, and a member of one company
// can never reach another company's data through an id.
import {
  METRIC_COUNT_FIELDS,
  PERMISSIONS,
  isPermission,
  permissionsFor,
  type Access,
  type Role,
} from '@tapwise/contracts';
import type { GraphQLArgument, GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFieldAccess } from '../platform/graphql/access-guard';
import { apiClient, type ApiClient, type Session } from '../platform/testing/api-client';
import { createCompany, createMember } from '../platform/testing/factories';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { searchActivityLogs } from './activity-log/activity-log.repository';
import { seedAppleAdsApp, uniformCounts, writeFacts } from './analytics/overview-factories';
import {
  listChartPresets,
  listOverviewPresets,
  upsertChartPreset,
  upsertOverviewPreset,
} from './analytics/presets.repository';
import {
  listCustomViews,
  listTablePresets,
  saveCustomView,
  saveTablePreset,
} from './ads-manager/views.repository';
import { recordActivity } from './activity-log/activity-log.service';
import { insertBulkAction } from './apple-writes/apple-writes.repository';
import { createRule, createRuleRun, ruleInput } from './automation/automation-factories';
import { insertBacktest } from './automation/engine/rule-backtests.repository';
import { listRules } from './automation/rules.repository';
import { buildGraphQLSchema } from './graphql-schema';
import { findIntegration, insertIntegration } from './integrations/integrations.repository';
import { listMembers } from './teams/teams.repository';

const schema = buildGraphQLSchema();
const fields = rootFieldAccess(schema);

interface Caller {
  name: string;
  role: Role | null;
  isReadOnly: boolean;
  session?: Session;
}

let server: TestServer;
let api: ApiClient;
const callers: Caller[] = [
  { name: 'anonymous', role: null, isReadOnly: false },
  { name: 'STAFF', role: 'STAFF', isReadOnly: false },
  { name: 'STAFF read-only', role: 'STAFF', isReadOnly: true },
  { name: 'ADMIN', role: 'ADMIN', isReadOnly: false },
  { name: 'ADMIN read-only', role: 'ADMIN', isReadOnly: true },
  { name: 'SUPERADMIN', role: 'SUPERADMIN', isReadOnly: false },
];

beforeAll(async () => {
  // The matrix sends every operation as every caller: far more than a person's rate limit.
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  api = apiClient(server.url);
  const company = await createCompany(server.database.db, 'Matrix Co');
  for (const caller of callers) {
    if (!caller.role) continue;
    const member = await createMember(server.database.db, company.id, {
      role: caller.role,
      isReadOnly: caller.isReadOnly,
    });
    caller.session = await api.signIn(member.email, member.password);
  }
});
afterAll(async () => {
  await server?.close();
});

// Types are read by their printed names: the schema's graphql module may be another copy than
// the one this file would import (CommonJS and ESM builds of the same package).
const namedType = (type: { toString(): string }) => type.toString().replace(/[[\]!]/g, '');

/**
 * A value of the argument's type (an input object gets its required fields); its content does
 * not matter to the access check.
 */
function sampleValue(arg: Pick<GraphQLArgument, 'type'>): string {
  const type = schema.getType(namedType(arg.type));
  if (type && 'getValues' in type) return type.getValues()[0]!.name;
  if (type && 'getFields' in type) {
    const required = Object.values(type.getFields()).filter((field) =>
      field.type.toString().endsWith('!'),
    );
    return `{ ${required.map((field) => `${field.name}: ${sampleValue(field)}`).join(', ')} }`;
  }
  switch (namedType(arg.type)) {
    case 'ID':
      return '"00000000-0000-4000-8000-00000000abcd"';
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'false';
    case 'DateTime':
      return '"2026-01-01T00:00:00Z"';
    default:
      return '"x"';
  }
}

function operationText(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const args = field.args.filter((arg) => arg.type.toString().endsWith('!'));
  const argText = args.length
    ? `(${args.map((arg) => `${arg.name}: ${sampleValue(arg)}`).join(', ')})`
    : '';
  const type = schema.getType(namedType(field.type));
  const selection = type && 'getFields' in type ? ' { __typename }' : '';
  return `${kind} { ${field.name}${argText}${selection} }`;
}

function expectedAllowed(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (!caller.role) return false;
  if (access === 'authenticated' || caller.role === 'SUPERADMIN') return true;
  return permissionsFor(caller.role, caller.isReadOnly).includes(access);
}

describe('closed by default', () => {
  it('every GraphQL operation declares an access from the registry', () => {
    for (const field of fields) {
      expect(field.access, field.operation).toBeDefined();
      const access = field.access!;
      expect(
        ['public', 'authenticated'].includes(access) || isPermission(access),
        field.operation,
      ).toBe(true);
    }
    console.info(`access matrix: ${fields.length} GraphQL operations declare their access`);
  });

  it('every REST route declares an access from the registry', () => {
    const routes = server.app.routeAccess;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const access = route.access;
      expect(access, `${route.method} ${route.url}`).toBeDefined();
      const known = ['public', 'authenticated'].includes(access!) || isPermission(access!);
      expect(known, route.url).toBe(true);
    }
    console.info(`access matrix: ${routes.length} REST routes declare their access`);
  });

  it('refuses anonymous callers on every signed-in REST route', async () => {
    const signedIn = server.app.routeAccess.filter(
      (route) => route.access !== 'public' && route.url.startsWith('/v1/api/'),
    );
    expect(signedIn.length).toBeGreaterThan(5);
    for (const route of signedIn) {
      const path = route.url.replace('/v1/api/', '').replace(/:(\w+)/g, 'x');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const answer = await api.rest(route.method, path, body);
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('REST role matrix', () => {
  it('answers each role on permission-guarded REST routes as the registry says', async () => {
    const guardedRoutes = server.app.routeAccess.filter(
      (route) => route.access && isPermission(route.access) && route.url.startsWith('/v1/api/'),
    );
    expect(guardedRoutes.length).toBeGreaterThan(0);
    for (const route of guardedRoutes) {
      const path = route.url
        .replace('/v1/api/', '')
        .replace(':page', '1')
        .replace(/:(\w+)/g, '00000000-0000-4000-8000-00000000abcd');
      for (const caller of callers.filter((entry) => entry.session)) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const answer = await api.rest(route.method, path, body, caller.session);
        const label = `${caller.name} ${route.method} ${route.url}`;
        if (expectedAllowed(route.access!, caller)) expect(answer.status, label).not.toBe(403);
        else expect(answer.status, label).toBe(403);
      }
    }
  });
});

describe('role matrix', () => {
  const queryType = schema.getQueryType()!;
  const mutationType = schema.getMutationType()!;
  const guarded = fields.filter((field) => field.access !== 'public');

  for (const field of guarded) {
    const definition = (field.kind === 'query' ? queryType : mutationType).getFields()[
      field.operation
    ]!;
    it(`${field.kind} ${field.operation} (${field.access}) answers each role as the registry says`, async () => {
      for (const caller of callers) {
        const answer = await api.graphql(operationText(field.kind, definition), {}, caller.session);
        const code = answer.errors?.[0]?.extensions?.code;
        const refusedCode = caller.role ? 21 : 20;
        if (expectedAllowed(field.access!, caller)) {
          expect([20, 21], `${caller.name} should pass ${field.operation}`).not.toContain(code);
        } else {
          expect(code, `${caller.name} should be refused ${field.operation}`).toBe(refusedCode);
        }
      }
    });
  }

  it('covers every permission used by an operation', () => {
    const used = new Set(
      guarded.map((field) => field.access).filter((access) => access && isPermission(access)),
    );
    for (const permission of used) expect(Object.hasOwn(PERMISSIONS, permission!)).toBe(true);
    console.info(`access matrix: ${guarded.length} guarded operations × ${callers.length} callers`);
  });
});

describe('cross-tenant matrix', () => {
  it("refuses a member of company B every operation on company A's ids, and A is unchanged", async () => {
    const db = server.database.db;
    const companyA = await createCompany(db, 'Tenant A');
    const adminA = await createMember(db, companyA.id, { role: 'ADMIN' });
    const memberA = await createMember(db, companyA.id);
    const companyB = await createCompany(db, 'Tenant B');
    const adminB = await createMember(db, companyB.id, { role: 'ADMIN' });
    const sessionB = await api.signIn(adminB.email, adminB.password);
    const sessionA = await api.signIn(adminA.email, adminA.password);
    await recordActivity(
      db,
      { userId: adminA.user.id, impersonatorId: null } as never,
      companyA.id,
      { logType: 'secret_of_a', message: 'only A may read this' },
    );

    const chartPresetA = await upsertChartPreset(db, companyA.id, adminA.user.id, {
      name: 'A only',
      metrics: ['spend'],
      granularity: 'DAY',
    });
    const overviewPresetA = await upsertOverviewPreset(db, companyA.id, adminA.user.id, {
      name: 'A only',
      period: 'last7Days',
    });

    const ownerA = { teamId: companyA.id, userId: adminA.user.id };
    const customViewA = (await saveCustomView(db, ownerA, {
      name: 'A only',
      tab: 'keywords',
      chartMetrics: ['spend'],
      granularity: 'DAY',
      columns: ['name'],
      sortBy: 'spend',
      sortDesc: true,
      pinned: true,
    }))!;
    const tablePresetA = (await saveTablePreset(db, ownerA, {
      name: 'A only',
      tab: 'keywords',
      columns: ['name'],
    }))!;

    const bulkActionA = await insertBulkAction(db, companyA.id, {
      userId: adminA.user.id,
      request: {},
      total: 21,
    });

    const ruleA = await createRule(db, companyA.id, { enabled: true });
    const ruleRunA = await createRuleRun(db, ruleA, {
      status: 'SUCCESS',
      changes: [{ status: 'APPLIED' }],
    });
    const backtestA = await insertBacktest(db, companyA.id, {
      userId: adminA.user.id,
      input: {},
      total: 2,
    });

    const snapshot = async () => ({
      members: (await listMembers(db, companyA.id)).map(({ membership }) => membership),
      logs: (await searchActivityLogs(db, { teamId: companyA.id, limit: 100 })).length,
      chartPresets: await listChartPresets(db, companyA.id, adminA.user.id),
      overviewPresets: await listOverviewPresets(db, companyA.id, adminA.user.id),
      customViews: await listCustomViews(db, ownerA, 'keywords'),
      tablePresets: await listTablePresets(db, ownerA, 'keywords'),
      rules: await listRules(db, companyA.id),
    });
    const before = await snapshot();

    const a = { user: memberA.user.id, team: companyA.id };
    const attempts: Record<string, [string, Record<string, unknown>]> = {
      reInviteCA: [
        'mutation($user: ID!) { reInviteCA(userId: $user) { email } }',
        { user: a.user },
      ],
      updateTeamMember: [
        'mutation($user: ID!) { updateTeamMember(userId: $user, isDisabled: true) { email } }',
        { user: a.user },
      ],
      deleteTeamMember: [
        'mutation($user: ID!) { deleteTeamMember(userId: $user) }',
        { user: a.user },
      ],
      switchTeam: [
        'mutation($team: ID!) { switchTeam(teamId: $team) { token } }',
        { team: a.team },
      ],
      setCompanyDisabled: [
        'mutation($team: ID!) { setCompanyDisabled(teamId: $team, disabled: true) { id } }',
        { team: a.team },
      ],
      deleteCompany: ['mutation($team: ID!) { deleteCompany(teamId: $team) }', { team: a.team }],
      removeSingleUser: [
        'mutation($user: ID!) { removeSingleUser(userId: $user) }',
        { user: a.user },
      ],
      generateResetPasswordLink: [
        'mutation($user: ID!) { generateResetPasswordLink(userId: $user) }',
        { user: a.user },
      ],
      impersonateUser: [
        'mutation($user: ID!, $team: ID) { impersonateUser(userId: $user, teamId: $team) { token } }',
        { user: a.user, team: a.team },
      ],
      deleteChartPreset: [
        'mutation($id: ID!) { deleteChartPreset(id: $id) }',
        { id: chartPresetA.id },
      ],
      deleteOverviewPreset: [
        'mutation($id: ID!) { deleteOverviewPreset(id: $id) }',
        { id: overviewPresetA.id },
      ],
      bulkAction: [
        'query($id: String!) { bulkAction(id: $id) { status } }',
        { id: bulkActionA.id },
      ],
      deleteCustomView: [
        'mutation($id: String!) { deleteCustomView(id: $id) }',
        { id: customViewA.id },
      ],
      saveCustomView: [
        `mutation($id: String!) { saveCustomView(input: { id: $id, name: "B", tab: "keywords",
          chartMetrics: ["spend"], granularity: "DAY", columns: [], sortBy: "spend",
          sortDesc: true }) { id } }`,
        { id: customViewA.id },
      ],
      deleteTablePreset: [
        'mutation($id: String!) { deleteTablePreset(id: $id) }',
        { id: tablePresetA.id },
      ],
      saveTablePreset: [
        `mutation($id: String!) { saveTablePreset(input: { id: $id, name: "B", tab: "keywords",
          columns: ["spend"] }) { id } }`,
        { id: tablePresetA.id },
      ],
      automationRule: ['query($id: ID!) { automationRule(id: $id) { id } }', { id: ruleA.id }],
      automationRuleLogEntry: [
        'query($id: ID!) { automationRuleLogEntry(id: $id) { id } }',
        { id: ruleRunA.id },
      ],
      automationRuleChanges: [
        'query($id: ID!) { automationRuleChanges(runId: $id) { id } }',
        { id: ruleRunA.id },
      ],
      automationRuleBacktest: [
        'query($id: ID!) { automationRuleBacktest(id: $id) { status } }',
        { id: backtestA.id },
      ],
      updateAutomationRule: [
        'mutation($id: ID!, $input: JSON!) { updateAutomationRule(id: $id, input: $input) { successMessage } }',
        { id: ruleA.id, input: ruleInput() },
      ],
      deleteAutomationRule: [
        'mutation($id: ID!) { deleteAutomationRule(id: $id) { successMessage } }',
        { id: ruleA.id },
      ],
      setAutomationRuleEnabled: [
        'mutation($id: ID!) { setAutomationRuleEnabled(id: $id, enabled: false) { successMessage } }',
        { id: ruleA.id },
      ],
      runAutomationRule: [
        'mutation($id: ID!) { runAutomationRule(id: $id, dryRun: true) { runId } }',
        { id: ruleA.id },
      ],
      revertAutomationRuleRun: [
        'mutation($id: ID!) { revertAutomationRuleRun(runId: $id) { reverted } }',
        { id: ruleRunA.id },
      ],
    };

    for (const [operation, [query, variables]] of Object.entries(attempts)) {
      const answer = await api.graphql(query, variables, sessionB);
      expect(answer.errors?.length, `${operation} must be refused`).toBeGreaterThan(0);
    }

    const logs = await api.graphql<{ getActivityLogs: { logType: string }[] }>(
      'query($team: ID) { getActivityLogs(teamId: $team) { logType } }',
      { team: a.team },
      sessionB,
    );
    expect(logs.data?.getActivityLogs.map((log) => log.logType)).not.toContain('secret_of_a');
    const covered = [...Object.keys(attempts), 'getActivityLogs'];

    expect(await snapshot()).toEqual(before);
    expect((await api.graphql('{ companyDetails { id } }', {}, sessionA)).data).toEqual({
      companyDetails: { id: companyA.id },
    });

    const takesIds = fields.filter(({ operation, kind }) => {
      const type = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
      return type.getFields()[operation]!.args.some((arg) => namedType(arg.type) === 'ID');
    });
    const uncovered = takesIds
      .map((field) => field.operation)
      .filter((name) => !covered.includes(name));
    expect(uncovered, 'operations taking an id without a cross-tenant case').toEqual([]);
    console.info(
      `cross-tenant matrix: ${covered.length} of ${takesIds.length} id-taking operations covered`,
    );
  });

  it("answers a member of company B nothing of company A's apps, even given A's app ids", async () => {
    const db = server.database.db;
    const companyA = await createCompany(db, 'Advertiser A');
    const adminA = await createMember(db, companyA.id, { role: 'ADMIN' });
    const appA = await seedAppleAdsApp(db, companyA.id);
    await writeFacts(db, appA, [
      { grain: 'DAILY', date: '2026-01-05', counts: uniformCounts(7) },
      { grain: 'WEEKLY', date: '2025-09-07', counts: uniformCounts(70) },
    ]);
    await writeFacts(
      db,
      appA,
      [{ grain: 'DAILY', date: '2026-01-05', counts: uniformCounts(7), value: 'US' }],
      'countryOrRegion',
    );
    const companyB = await createCompany(db, 'Advertiser B');
    const adminB = await createMember(db, companyB.id, { role: 'ADMIN' });
    const sessionA = await api.signIn(adminA.email, adminA.password);
    const sessionB = await api.signIn(adminB.email, adminB.password);

    const counts = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
    const scope = { adAccountId: appA.adAccountId, adamId: appA.adamId };
    const currdate = { start: '2025-09-10', end: '2026-01-10' };
    const read = (session: Session) =>
      api.graphql<Record<string, unknown>>(
        `query($input: OverviewInput!, $series: OverviewSeriesInput!, $top: TopEntitiesInput!) {
          apps: getOwnAppsFromDB { adamId }
          totals: getOverviewAloneForApp(input: $input) { current ${counts} previous ${counts} }
          series: getOverviewSeries(input: $series) { counts { impressions } }
          keywords: getTopKeywords(input: $top) { id }
          adGroups: getTopAdGroups(input: $top) { id }
          gender: getOverviewForApp(input: $input, gender: "MF") { value }
          devices: getDeviceOverviewForApp(input: $input, gender: "PH") { value }
          ages: getAgeOverviewForApp(input: $input) { value }
          map: getMapOverview(input: $input) { value }
        }`,
        {
          input: { ...scope, currdate },
          series: { ...scope, currdate, granularity: 'MONTH' },
          top: { ...scope, period: currdate, param: 'spend' },
        },
        session,
      );

    const seenByA = (await read(sessionA)).data!;
    expect(seenByA).toMatchObject({
      apps: [{ adamId: appA.adamId }],
      totals: { current: uniformCounts(77) },
      keywords: [{ id: appA.keywordId }],
      adGroups: [{ id: appA.adGroupId }],
      map: [{ value: 'US' }],
    });

    const seenByB = await read(sessionB);
    expect(seenByB.errors).toBeUndefined();
    expect(seenByB.data).toMatchObject({
      apps: [],
      totals: { current: uniformCounts(0), previous: uniformCounts(0) },
      keywords: [],
      adGroups: [],
      gender: [],
      devices: [],
      ages: [],
      map: [],
    });
    const series = seenByB.data!.series as { counts: { impressions: number } }[];
    expect(series.length).toBeGreaterThan(0);
    expect(series.every((point) => point.counts.impressions === 0)).toBe(true);
  });

  it("refuses a member of company B company A's integration by id on every REST route", async () => {
    const db = server.database.db;
    const companyA = await createCompany(db, 'Integrated A');
    const companyB = await createCompany(db, 'Integrated B');
    const adminB = await createMember(db, companyB.id, { role: 'ADMIN' });
    const sessionB = await api.signIn(adminB.email, adminB.password);
    const integration = await insertIntegration(
      db,
      companyA.id,
      {
        clientId: 'SEARCHADS.a',
        appleTeamId: 'SEARCHADS.a',
        keyId: 'key-a',
        privateKeySealed: server.context.secrets.seal('not a real key'),
        baseUrl: 'http://127.0.0.1:9/v1',
        tokenUrl: 'http://127.0.0.1:9/token',
        roleName: 'Admin',
        readOnly: false,
      },
      [],
    );
    const routesWithId = server.app.routeAccess.filter((route) =>
      route.url.includes(':integrationID'),
    );
    expect(routesWithId.length).toBeGreaterThan(0);
    for (const route of routesWithId) {
      const path = route.url.replace('/v1/api/', '').replace(':integrationID', integration.id);
      const answer = await api.rest(route.method, path, undefined, sessionB);
      expect(answer.status, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await findIntegration(db, companyA.id)).toMatchObject({ deletingAt: null });
  });
});
