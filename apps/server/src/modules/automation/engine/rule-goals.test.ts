// Rule conditions on goal metrics (docs/goals.md): judged from attribution_daily over the rule's
// lookback, and ASA/MMP CONDITION NOT MATCHED, changing nothing, while the goal's app has no
// ACTIVE partner integration or no partner row in the lookback. Dry runs only.
import { automationRuleInput, ZERO_COUNTS, type AutomationRuleInput } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createMember } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../../ads-manager/ads-manager-factories';
import { createAttrIntegration } from '../../attribution/attribution-factories';
import { seedAttributionDaily, seedGoal } from '../../goals/goal-factories';
import { automationActor, insertTestRule, recordingContext } from './engine-test-kit';
import { planBacktest, replayBacktest } from './backtest';
import { executeRun, startRuleRun, type EngineContext } from './rule-runner';
import { findRun, listRunChanges } from './rule-runs.repository';
import { addDays, isoDay } from './rule-windows';

let server: TestServer;
let ctx: EngineContext;
let teamId: string;
let userId: string;
let account: SeededAccount;
let goalId: string;
const today = isoDay(new Date());

const spend = (amount: number) => ({
  ...ZERO_COUNTS,
  impressions: 100,
  taps: 10,
  tapInstalls: 5,
  totalInstalls: 5,
  localSpendMicros: amount * 1_000_000,
});

beforeAll(async () => {
  server = await startTestServer();
  ({ ctx } = recordingContext(server.context));
  const db = server.database.db;
  teamId = (await createCompany(db)).id;
  userId = (await createMember(db, teamId, { role: 'ADMIN' })).user.id;
  const keyword = (text: string) => ({
    text,
    bidMicros: 1_000_000,
    status: 'ENABLED' as const,
    deleted: false,
    matchType: 'EXACT' as const,
  });
  account = await seedAdsManagerAccount(db, teamId, [keyword('alpha'), keyword('beta')]);
  const [alpha, beta] = account.keywords;
  await writeAccountFacts(db, account, [
    { keywordId: alpha!.id, grain: 'DAILY', date: addDays(today, -1), counts: spend(30) },
    { keywordId: beta!.id, grain: 'DAILY', date: addDays(today, -1), counts: spend(10) },
  ]);
  goalId = (
    await seedGoal(db, teamId, {
      adamId: account.adamId,
      name: 'Trials',
      events: ['Start Trial'],
      daysSinceInstall: 7,
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let ruleNumber = 0;
/** Keywords with more than 2 trials at under 11.00 each lose 20% of their bid. */
const trialRule = (): AutomationRuleInput => ({
  name: `Goal rule ${++ruleNumber}`,
  target: 'KEYWORD',
  scope: {
    adAccountIds: [],
    adamIds: [account.adamId],
    campaignIds: [],
    adGroupIds: [],
    keywordIds: [],
  },
  lookback: { range: 'LAST_7_DAYS' },
  matchMode: 'ALL',
  goalId,
  conditions: [
    { metric: 'goals', comparator: 'GREATER_THAN', value: 2 },
    { metric: 'costPerGoal', comparator: 'LESS_THAN', value: 11 },
  ],
  actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
  checkFrequency: 'DAILY',
});

async function dryRun() {
  const db = server.database.db;
  const saved = await insertTestRule(db, teamId, trialRule(), { createdBy: userId });
  const { runId } = await startRuleRun(ctx, automationActor(teamId, userId), saved.id, true);
  await executeRun(ctx, runId);
  const run = (await findRun(db, teamId, runId))!;
  const changes = await listRunChanges(db, teamId, runId, ['PLANNED']);
  return { run, changes };
}

describe('goal conditions', () => {
  it('need the rule to pick a goal', () => {
    const { goalId: _picked, ...withoutGoal } = trialRule();
    const parsed = automationRuleInput.safeParse(withoutGoal);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['goalId'] });
    expect(automationRuleInput.safeParse(trialRule()).success).toBe(true);
  });

  it('are not judged without partner data: ASA/MMP CONDITION NOT MATCHED, nothing planned', async () => {
    const db = server.database.db;
    // No partner integration at all.
    const none = await dryRun();
    expect(none.run.status).toBe('ASA/MMP CONDITION NOT MATCHED');
    expect(none.changes).toEqual([]);
    // A disabled integration's rows do not show the partner is sending; an active integration
    // without rows in the lookback (40 days ago only) neither.
    const disabled = await createAttrIntegration(db, server.context.secrets, {
      teamId,
      adamId: account.adamId,
      partner: 'ADJUST',
      status: 'DISABLED',
    });
    await seedAttributionDaily(db, disabled, [
      {
        day: addDays(today, -1),
        kind: 'event',
        eventType: 'Start Trial',
        count: 9,
        campaignId: account.campaignId,
        adGroupId: account.adGroupId,
        keywordId: account.keywords[0]!.id,
      },
    ]);
    expect((await dryRun()).run.status).toBe('ASA/MMP CONDITION NOT MATCHED');
    const active = await createAttrIntegration(db, server.context.secrets, {
      teamId,
      adamId: account.adamId,
    });
    await seedAttributionDaily(db, active, [
      { day: addDays(today, -40), kind: 'install', count: 3, campaignId: account.campaignId },
    ]);
    const stale = await dryRun();
    expect(stale.run.status).toBe('ASA/MMP CONDITION NOT MATCHED');
    expect(stale.changes).toEqual([]);
  });

  it('match the keyword whose goal metrics pass, from the partner rows of the lookback', async () => {
    const db = server.database.db;
    const integration = await createAttrIntegration(db, server.context.secrets, {
      teamId,
      adamId: account.adamId,
      partner: 'APPSFLYER',
    });
    const [alpha, beta] = account.keywords;
    const ids = { campaignId: account.campaignId, adGroupId: account.adGroupId };
    const trial = { kind: 'event' as const, eventType: 'Start Trial', day: addDays(today, -1) };
    await seedAttributionDaily(db, integration, [
      // alpha: 3 trials for 30.00 = 10.00 each; beta: 1 trial (and 5 outside the window).
      { ...ids, ...trial, keywordId: alpha!.id, count: 3 },
      { ...ids, ...trial, keywordId: beta!.id, count: 1 },
      { ...ids, ...trial, keywordId: beta!.id, count: 5, daysSinceInstall: 9 },
    ]);
    const { run, changes } = await dryRun();
    expect(run).toMatchObject({ status: 'CONDITION MATCHED', evaluated: 2, matched: 1 });
    expect(changes.map((change) => [change.entityName, change.after])).toEqual([
      ['alpha', { bidMicros: 800_000 }],
    ]);
  });

  it('are replayed by backtests from the partner rows of each day', async () => {
    const { goalId: _picked, ...rule } = trialRule();
    const plan = planBacktest({
      rule: { ...rule, goalId, lookback: { range: 'LAST_1_DAY' } },
      start: addDays(today, -3),
      end: today,
    });
    const result = await replayBacktest(server.database.db, teamId, plan);
    // The partner rows and spend of the previous test are yesterday's: only the day replayed
    // with yesterday in its one-day lookback matches alpha; beta's one trial never passes 2.
    expect(result.days.map((day) => [day.date, day.matched])).toEqual([
      [addDays(today, -3), 0],
      [addDays(today, -2), 0],
      [addDays(today, -1), 1],
      [today, 0],
    ]);
    expect(result.days[2]!.changes.map((change) => change.entityName)).toEqual(['alpha']);
  });
});
