// Plans and subscription states enforced by the server (docs/billing.md "Plans and
// entitlements"): every root field of an enterprise feature against a growth, an enterprise and
// a billing-off company, and every operation against a cancelled company.
import { ENTERPRISE_FEATURES, ERROR_CODES } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFieldAccess } from '../../platform/graphql/access-guard';
import {
  apiClient,
  sessionOf,
  type GraphQLAnswer,
  type Session,
} from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { rootOperations, sampleOperationText } from '../../security/schema-operations';
import { openSession } from '../accounts/sessions.service';
import { buildGraphQLSchema } from '../graphql-schema';
import { refusedWhenCancelled } from './entitlements';
import { BILLING_ON, createSubscription } from './subscription-factories';

const schema = buildGraphQLSchema();
const operations = rootOperations(schema);
const featureFields = rootFieldAccess(schema).filter((field) => field.feature);

let billingOn: TestServer;
let billingOff: TestServer;
let cancelledTeamId: string;
const sessions: Record<'growth' | 'enterprise' | 'off' | 'cancelled', Session | undefined> = {
  growth: undefined,
  enterprise: undefined,
  off: undefined,
  cancelled: undefined,
};

async function adminOf(server: TestServer, name: string) {
  const company = await createCompany(server.database.db, name);
  const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  return { company, session: await apiClient(server.url).signIn(admin.email, admin.password) };
}

beforeAll(async () => {
  [billingOn, billingOff] = await Promise.all([
    startTestServer(BILLING_ON),
    startTestServer({ RATE_LIMIT_PER_MINUTE: '100000' }),
  ]);
  const db = billingOn.database.db;
  const growth = await adminOf(billingOn, 'Growth Co');
  await createSubscription(db, growth.company.id, { planId: 'growth', status: 'active' });
  const enterprise = await adminOf(billingOn, 'Enterprise Co');
  await createSubscription(db, enterprise.company.id, { planId: 'enterprise', status: 'active' });
  const cancelled = await adminOf(billingOn, 'Cancelled Co');
  await createSubscription(db, cancelled.company.id, { planId: 'enterprise', status: 'cancelled' });
  sessions.growth = growth.session;
  sessions.enterprise = enterprise.session;
  sessions.cancelled = cancelled.session;
  cancelledTeamId = cancelled.company.id;
  sessions.off = (await adminOf(billingOff, 'Self-hosted Co')).session;
});
afterAll(async () => {
  await Promise.all([billingOn?.close(), billingOff?.close()]);
});

const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

function send(server: TestServer, name: string, session: Session) {
  const operation = operations.find((candidate) => candidate.name === name)!;
  return apiClient(server.url).graphql(
    sampleOperationText(schema, operation.kind, operation.field),
    {},
    session,
  );
}

describe('enterprise features', () => {
  it('tags every operation of the scripted rules, campaign generator and keyword AI modules', () => {
    const tagged = new Set(featureFields.map((field) => field.operation));
    for (const name of [
      'scriptedRules',
      'saveScriptedRule',
      'saveCustomFunction',
      'toggleAutomationV2',
      'scriptGatewayLog',
      'generateKeywords',
      'suggestedKeywordListKAI',
    ]) {
      expect(tagged.has(name), name).toBe(true);
    }
    for (const feature of ENTERPRISE_FEATURES) {
      expect(
        featureFields.some((field) => field.feature === feature),
        feature,
      ).toBe(true);
    }
    // Staff's own operations of those modules are not the company's feature.
    expect(tagged.has('setAiCredits')).toBe(false);
    console.info(`entitlement matrix: ${featureFields.length} operations of enterprise features`);
  });

  it('refuses every one of them to a growth company with ENTERPRISE_ONLY', async () => {
    for (const field of featureFields) {
      const answer = await send(billingOn, field.operation, sessions.growth!);
      expect(codeOf(answer), field.operation).toBe(ERROR_CODES.ENTERPRISE_ONLY);
      expect(answer.status, field.operation).toBe(402);
    }
  });

  it('lets an enterprise company and a billing-off installation use every one of them', async () => {
    for (const [server, session] of [
      [billingOn, sessions.enterprise],
      [billingOff, sessions.off],
    ] as const) {
      for (const field of featureFields) {
        const answer = await send(server, field.operation, session!);
        expect(codeOf(answer), field.operation).not.toBe(ERROR_CODES.ENTERPRISE_ONLY);
        expect(codeOf(answer), field.operation).not.toBe(ERROR_CODES.SUBSCRIPTION_CANCELLED);
        expect(codeOf(answer), field.operation).not.toBe(ERROR_CODES.FORBIDDEN);
      }
    }
  });

  it('answers the plan and its features in billingStatus', async () => {
    const query = '{ billingStatus { enabled plan status providerStatus features } }';
    const api = (server: TestServer) => apiClient(server.url);
    expect((await api(billingOn).graphql(query, {}, sessions.growth)).data).toEqual({
      billingStatus: {
        enabled: true,
        plan: 'growth',
        status: 'active',
        providerStatus: 'active',
        features: [],
      },
    });
    expect(
      (await api(billingOn).graphql(query, {}, sessions.enterprise)).data?.billingStatus,
    ).toMatchObject({ plan: 'enterprise', features: [...ENTERPRISE_FEATURES] });
    expect((await api(billingOff).graphql(query, {}, sessions.off)).data).toEqual({
      billingStatus: {
        enabled: false,
        plan: null,
        status: null,
        providerStatus: null,
        features: [...ENTERPRISE_FEATURES],
      },
    });
    const rest = await api(billingOn).rest(
      'GET',
      'chargebee/sub-status',
      undefined,
      sessions.growth,
    );
    expect(rest.body).toMatchObject({ code: 0, data: { enabled: true, plan: 'growth' } });
  });
});

describe('a cancelled subscription', () => {
  it('refuses every tenant operation and keeps billing, session, profile and staff ones', async () => {
    let refused = 0;
    for (const operation of operations) {
      const answer = await send(billingOn, operation.name, sessions.cancelled!);
      const tenant = operation.field.extensions.tenant as boolean | undefined;
      if (
        refusedWhenCancelled({
          access: operation.access!,
          ...(tenant === undefined ? {} : { tenant }),
        })
      ) {
        expect(codeOf(answer), operation.name).toBe(ERROR_CODES.SUBSCRIPTION_CANCELLED);
        refused += 1;
      } else {
        expect(codeOf(answer), operation.name).not.toBe(ERROR_CODES.SUBSCRIPTION_CANCELLED);
      }
    }
    expect(refused).toBeGreaterThan(100);
    for (const kept of ['me', 'billingStatus', 'companyDetails']) {
      const operation = operations.find((candidate) => candidate.name === kept)!;
      expect(refusedWhenCancelled({ access: operation.access! }), kept).toBe(false);
    }
  });

  it('answers the cancelled state to the web app', async () => {
    const answer = await apiClient(billingOn.url).graphql(
      '{ billingStatus { status plan } }',
      {},
      sessions.cancelled,
    );
    expect(answer.data).toEqual({ billingStatus: { status: 'cancelled', plan: 'enterprise' } });
  });

  it('lets a super admin impersonating a member of the company through', async () => {
    const db = billingOn.database.db;
    const staffCompany = await createCompany(db, 'Staff Co');
    const superAdmin = await createMember(db, staffCompany.id, { role: 'SUPERADMIN' });
    const member = await createMember(db, cancelledTeamId, { role: 'ADMIN' });
    const impersonating = sessionOf(
      await openSession(billingOn.context, member.user, {
        teamId: cancelledTeamId,
        impersonatorId: superAdmin.user.id,
      }),
    );
    const members = await send(billingOn, 'findByTeamId', impersonating);
    expect(codeOf(members)).not.toBe(ERROR_CODES.SUBSCRIPTION_CANCELLED);
    expect(members.errors).toBeUndefined();
    expect(codeOf(await send(billingOn, 'findByTeamId', sessions.cancelled!))).toBe(
      ERROR_CODES.SUBSCRIPTION_CANCELLED,
    );
  });

  it('refuses the REST routes of the company too', async () => {
    const answer = await apiClient(billingOn.url).rest(
      'GET',
      'automation/logs.csv',
      undefined,
      sessions.cancelled,
    );
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: ERROR_CODES.SUBSCRIPTION_CANCELLED });
  });
});
