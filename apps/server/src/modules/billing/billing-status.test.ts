// A company's trial and billing status (docs/billing.md "Plans and entitlements"): the trial a
// new company starts with billing on (and not with it off), the session's subscription status,
// and the end of trials that never reached the provider.
import { TRIAL_DAYS, type SessionResponse } from '@tapwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, sessionOf } from '../../platform/testing/api-client';
import { createCompany, createUserWithoutCompany } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { teams } from '../teams/teams.tables';
import { rowsOf } from '../analytics/overview.repository';
import { expireLocalTrials, readBillingStatus, scheduledWorkAllowedSql } from './billing-status';
import { subscriptions } from './billing.tables';
import { BILLING_ON, createSubscription } from './subscription-factories';

const DAY_MS = 86_400_000;
let billingOn: TestServer;
let billingOff: TestServer;

beforeAll(async () => {
  [billingOn, billingOff] = await Promise.all([startTestServer(BILLING_ON), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([billingOn?.close(), billingOff?.close()]);
});

async function onboard(server: TestServer) {
  const newcomer = await createUserWithoutCompany(server.database.db);
  const api = apiClient(server.url);
  const session = await api.signIn(newcomer.email, newcomer.password);
  const answer = await api.rest<SessionResponse>(
    'POST',
    'auth/onboard',
    {
      firstName: 'Noa',
      lastName: 'Founder',
      phone: '+1 555 0100',
      companyName: 'Fresh Co',
      jobTitle: 'Founder',
    },
    session,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('trial', () => {
  it('starts a trial of the trial plan when a company is created with billing on', async () => {
    const before = Date.now();
    const onboarded = await onboard(billingOn);
    expect(onboarded.user.subscriptionStatus).toBe('trial');
    const teamId = onboarded.user.TeamID!;
    const [row] = await billingOn.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.teamId, teamId));
    expect(row).toMatchObject({ planId: 'growth', status: 'in_trial', subscriptionId: null });
    const trialEnd = row!.trialEnd!.getTime();
    expect(trialEnd).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS);
    expect(trialEnd).toBeLessThan(Date.now() + TRIAL_DAYS * DAY_MS + 1000);
    const [team] = await billingOn.database.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.trialEndsAt?.getTime()).toBe(trialEnd);

    const status = await apiClient(billingOn.url).graphql(
      '{ billingStatus { enabled plan status trialEnd features } }',
      {},
      sessionOf(onboarded),
    );
    expect(status.data).toEqual({
      billingStatus: {
        enabled: true,
        plan: 'growth',
        status: 'trial',
        trialEnd: row!.trialEnd!.toISOString(),
        features: [],
      },
    });
  });

  it('starts no trial and claims no subscription status with billing off', async () => {
    const onboarded = await onboard(billingOff);
    expect(onboarded.user.subscriptionStatus).toBeNull();
    const teamId = onboarded.user.TeamID!;
    const rows = await billingOff.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.teamId, teamId));
    expect(rows).toEqual([]);
    const [team] = await billingOff.database.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.trialEndsAt).toBeNull();
  });

  it('counts the trial of a company created while billing was off from its creation', async () => {
    const db = billingOn.database.db;
    const recent = await createCompany(db);
    expect(await readBillingStatus(billingOn.context, recent.id)).toMatchObject({
      plan: 'growth',
      status: 'trial',
    });
    const old = await createCompany(db);
    await db
      .update(teams)
      .set({ createdAt: new Date(Date.now() - (TRIAL_DAYS + 1) * DAY_MS), trialEndsAt: null })
      .where(eq(teams.id, old.id));
    expect((await readBillingStatus(billingOn.context, old.id)).status).toBe('cancelled');
  });
});

describe('trials past their end', () => {
  it('cancels those that never reached the provider and leaves the provider its own', async () => {
    const db = billingOn.database.db;
    const past = new Date(Date.now() - DAY_MS);
    const lapsed = await createCompany(db);
    await createSubscription(db, lapsed.id, {
      planId: 'growth',
      status: 'in_trial',
      subscriptionId: null,
      trialEnd: past,
    });
    const atProvider = await createCompany(db);
    await createSubscription(db, atProvider.id, {
      planId: 'growth',
      status: 'in_trial',
      trialEnd: past,
    });
    const running = await createCompany(db);
    await createSubscription(db, running.id, {
      planId: 'growth',
      status: 'in_trial',
      subscriptionId: null,
      trialEnd: new Date(Date.now() + DAY_MS),
    });

    // Already cancelled to the guards before the job records it.
    expect((await readBillingStatus(billingOn.context, lapsed.id)).status).toBe('cancelled');
    expect(await expireLocalTrials(db)).toEqual([lapsed.id]);
    const statusOf = async (teamId: string) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)))[0]!.status;
    expect(await statusOf(lapsed.id)).toBe('cancelled');
    expect(await statusOf(atProvider.id)).toBe('in_trial');
    expect(await statusOf(running.id)).toBe('in_trial');
    expect(await expireLocalTrials(db)).toEqual([]);
  });
});

describe("the schedulers' condition", () => {
  it('says what readBillingStatus says of every kind of subscription', async () => {
    const { db } = billingOn.database;
    const now = new Date();
    const day = (days: number) => new Date(now.getTime() + days * DAY_MS);
    const cases: {
      name: string;
      createdAt?: Date;
      row?: Parameters<typeof createSubscription>[2];
    }[] = [
      { name: 'no row, created today' },
      { name: 'no row, created 20 days ago', createdAt: day(-20) },
      {
        name: 'local trial running',
        row: { planId: 'growth', status: 'in_trial', subscriptionId: null, trialEnd: day(3) },
      },
      {
        name: 'local trial past its end',
        row: { planId: 'growth', status: 'in_trial', subscriptionId: null, trialEnd: day(-1) },
      },
      {
        name: "provider's trial past its end",
        row: { planId: 'enterprise', status: 'in_trial', trialEnd: day(-1) },
      },
      ...(
        ['active', 'non_renewing', 'paused', 'future', 'cancelled', 'transferred'] as const
      ).flatMap((status) =>
        (['growth', 'enterprise'] as const).map((planId) => ({
          name: `${planId} ${status}`,
          row: { planId, status },
        })),
      ),
    ];
    for (const each of cases) {
      const company = await createCompany(db);
      if (each.createdAt)
        await db.update(teams).set({ createdAt: each.createdAt }).where(eq(teams.id, company.id));
      if (each.row) await createSubscription(db, company.id, each.row);
      const status = await readBillingStatus(billingOn.context, company.id, now);
      const [answer] = await rowsOf(
        db,
        sql`SELECT ${scheduledWorkAllowedSql(billingOn.context.config, sql`${company.id}::uuid`, now)!} AS runs,
          ${scheduledWorkAllowedSql(billingOn.context.config, sql`${company.id}::uuid`, now, {
            name: 'scriptedRules',
            neededWhen: sql`true`,
          })!} AS scripts`,
      );
      expect({ case: each.name, runs: answer!.runs, scripts: answer!.scripts }).toEqual({
        case: each.name,
        runs: status.status !== 'cancelled',
        scripts: status.status !== 'cancelled' && status.features.includes('scriptedRules'),
      });
      // Billing off: no condition at all.
      expect(
        scheduledWorkAllowedSql(billingOff.context.config, sql`${company.id}::uuid`, now),
      ).toBeUndefined();
    }
  });
});
