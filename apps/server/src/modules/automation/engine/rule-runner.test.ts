// The engine's decisions for a fixed set of rules over fixed facts (seeded through the sync's own
// repository), computed by hand; the run statuses; scheduling; the kill switch on manual runs;
// and a backtest over seeded history. Dry runs only: these companies' Apple is unreachable.
import {
  AUTOMATION_MESSAGES,
  ZERO_COUNTS,
  type AutomationRuleInput,
  type MetricCounts,
} from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createMember } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { listActivityLogs } from '../../activity-log/activity-log.repository';
import { replaceFacts } from '../../ads-data/ads-data.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../../ads-manager/ads-manager-factories';
import { automationRuleRuns } from '../automation.tables';
import { planBacktest, replayBacktest } from './backtest';
import {
  automationActor,
  findTestRule,
  insertTestRule,
  recordingContext,
  setGlobalKillSwitch,
  setKillSwitch,
} from './engine-test-kit';
import {
  executeRun,
  giveUpRun,
  RUN_FAILED_MESSAGE,
  runDueRules,
  startRuleRun,
  type EngineContext,
} from './rule-runner';
import { findLiveRule, findRun, listRunChanges } from './rule-runs.repository';
import { SAFETY_MESSAGES } from './safety-gateway';
import { addDays, isoDay } from './rule-windows';

let server: TestServer;
let ctx: EngineContext;
let sent: { name: string; payload: unknown }[];
let teamId: string;
let userId: string;
let account: SeededAccount;
const today = isoDay(new Date());

function counts(values: {
  spend: number;
  taps: number;
  installs: number;
  impressions?: number;
}): MetricCounts {
  return {
    ...ZERO_COUNTS,
    localSpendMicros: values.spend * 1_000_000,
    taps: values.taps,
    impressions: values.impressions ?? values.taps * 10,
    tapInstalls: values.installs,
    totalInstalls: values.installs,
  };
}

const keyword = (text: string, bidMicros: number, status: 'ENABLED' | 'PAUSED' = 'ENABLED') => ({
  text,
  bidMicros,
  status,
  deleted: false,
  matchType: 'EXACT' as const,
});

beforeAll(async () => {
  server = await startTestServer();
  ({ ctx, sent } = recordingContext(server.context));
  const db = server.database.db;
  teamId = (await createCompany(db)).id;
  userId = (await createMember(db, teamId, { role: 'ADMIN' })).user.id;
  account = await seedAdsManagerAccount(db, teamId, [
    keyword('alpha', 1_000_000),
    keyword('beta', 2_000_000),
    keyword('gamma', 500_000, 'PAUSED'),
  ]);
  const [alpha, beta] = account.keywords;
  await writeAccountFacts(db, account, [
    // alpha: 30.00 spent on 20 taps yesterday, no install.
    {
      keywordId: alpha!.id,
      grain: 'DAILY',
      date: addDays(today, -1),
      counts: counts({ spend: 30, taps: 20, installs: 0 }),
    },
    // beta: 10.00 / 10 taps / 5 installs two days ago, 4.00 / 4 taps / 3 installs today.
    {
      keywordId: beta!.id,
      grain: 'DAILY',
      date: addDays(today, -2),
      counts: counts({ spend: 10, taps: 10, installs: 5 }),
    },
    {
      keywordId: beta!.id,
      grain: 'DAILY',
      date: today,
      counts: counts({ spend: 4, taps: 4, installs: 3 }),
    },
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const base = {
  scope: { adAccountIds: [], adamIds: [], campaignIds: [], adGroupIds: [], keywordIds: [] },
  matchMode: 'ALL' as const,
  checkFrequency: 'DAILY' as const,
  lookback: { range: 'LAST_7_DAYS' as const },
};

let ruleNumber = 0;
async function dryRun(
  rule: Omit<AutomationRuleInput, 'name' | 'checkFrequency' | 'scope' | 'lookback'> &
    Partial<AutomationRuleInput>,
) {
  const saved = await insertTestRule(
    server.database.db,
    teamId,
    {
      ...base,
      name: `Rule ${++ruleNumber}`,
      ...rule,
    } as AutomationRuleInput,
    { createdBy: userId },
  );
  const { runId } = await startRuleRun(ctx, automationActor(teamId, userId), saved.id, true);
  await executeRun(ctx, runId);
  const run = (await findRun(server.database.db, teamId, runId))!;
  const changes = await listRunChanges(server.database.db, teamId, runId, ['PLANNED']);
  const decisions = changes
    .map((change) => ({
      entity: change.entityName,
      action: change.action,
      before: change.before,
      after: change.after,
      capped: change.capped,
    }))
    .sort((a, b) => a.entity.localeCompare(b.entity));
  return { run, decisions, rule: saved };
}

describe('decisions on fixed data (dry runs)', () => {
  it('cuts the bid of the keyword that spent without installing', async () => {
    // alpha: spend 30.00 > 20 and 0 installs < 1 → 1.00 − 20% = 0.80; beta spent 14.00.
    const { run, decisions } = await dryRun({
      target: 'KEYWORD',
      conditions: [
        { metric: 'spend', comparator: 'GREATER_THAN', value: 20 },
        { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
      ],
      actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
    });
    expect(run).toMatchObject({ status: 'CONDITION MATCHED', evaluated: 3, matched: 1 });
    expect(decisions).toEqual([
      {
        entity: 'alpha',
        action: 'CHANGE_BID',
        before: { bidMicros: 1_000_000 },
        after: { bidMicros: 800_000 },
        capped: false,
      },
    ]);
  });

  it('raises the winner within the caps', async () => {
    // beta over 7 days: 14.00 / 8 tap installs = 1.75 < 2 and 8 installs > 5. 2.00 + 60% = 3.20,
    // cut to the 50% cap: 2.00 + 1.00 = 3.00.
    const { decisions } = await dryRun({
      target: 'KEYWORD',
      conditions: [
        { metric: 'avgCpa', comparator: 'LESS_THAN', value: 2 },
        { metric: 'installs', comparator: 'GREATER_THAN', value: 5 },
      ],
      actions: [
        { type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'PERCENT', value: 60, max: '5.00' },
      ],
    });
    expect(decisions).toEqual([
      {
        entity: 'beta',
        action: 'CHANGE_BID',
        before: { bidMicros: 2_000_000 },
        after: { bidMicros: 3_000_000 },
        capped: true,
      },
    ]);
  });

  it('pauses where the average CPT exceeds 1.2 × the bid (ANY)', async () => {
    // alpha: 30.00 / 20 = 1.50 > 1.00 × 1.2; beta: 14.00 / 14 = 1.00 < 2.40; gamma: no taps.
    const { decisions } = await dryRun({
      target: 'KEYWORD',
      matchMode: 'ANY',
      conditions: [
        {
          metric: 'avgCpt',
          comparator: 'GREATER_THAN',
          compareTo: { metric: 'bid', multiplier: 1.2 },
        },
        { metric: 'taps', comparator: 'GREATER_THAN', value: 1000 },
      ],
      actions: [{ type: 'PAUSE' }],
    });
    expect(decisions).toEqual([
      {
        entity: 'alpha',
        action: 'PAUSE',
        before: { status: 'ENABLED' },
        after: { status: 'PAUSED' },
        capped: false,
      },
    ]);
  });

  it('reads only today for the last day and sets the bid', async () => {
    // Today only beta has 4 taps: 2.00 → 1.50 (−0.50, within the caps).
    const { decisions } = await dryRun({
      target: 'KEYWORD',
      lookback: { range: 'LAST_1_DAY' },
      conditions: [{ metric: 'taps', comparator: 'EQUALS', value: 4 }],
      actions: [{ type: 'CHANGE_BID', operation: 'SET_TO', unit: 'AMOUNT', value: 1.5 }],
    });
    expect(decisions).toEqual([
      {
        entity: 'beta',
        action: 'CHANGE_BID',
        before: { bidMicros: 2_000_000 },
        after: { bidMicros: 1_500_000 },
        capped: false,
      },
    ]);
  });

  it('adds the search term with taps and no installs as a negative of its ad group', async () => {
    // "alpha search": 20 taps > 19, 0 installs; "beta search": 8 installs.
    const { decisions } = await dryRun({
      target: 'SEARCH_TERM',
      conditions: [
        { metric: 'taps', comparator: 'GREATER_THAN', value: 19 },
        { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
      ],
      actions: [{ type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' }],
    });
    expect(decisions).toEqual([
      {
        entity: 'alpha search',
        action: 'ADD_AS_NEGATIVE_KEYWORD',
        before: null,
        after: {
          campaignId: account.campaignId,
          adGroupId: account.adGroupId,
          text: 'alpha search',
          matchType: 'EXACT',
        },
        capped: false,
      },
    ]);
  });

  it('raises the campaign budget by 10% when spend nears it', async () => {
    // Today the campaign spent 4.00; budget 50.00 × 0.05 = 2.50 < 4.00 → 50.00 + 10% = 55.00.
    const { decisions } = await dryRun({
      target: 'CAMPAIGN',
      lookback: { range: 'LAST_1_DAY' },
      conditions: [
        {
          metric: 'spend',
          comparator: 'GREATER_THAN',
          compareTo: { metric: 'dailyBudget', multiplier: 0.05 },
        },
      ],
      actions: [{ type: 'CHANGE_BUDGET', operation: 'INCREASE_BY', unit: 'PERCENT', value: 10 }],
    });
    expect(decisions).toEqual([
      {
        entity: expect.any(String) as string,
        action: 'CHANGE_BUDGET',
        before: { dailyBudgetMicros: 50_000_000 },
        after: { dailyBudgetMicros: 55_000_000 },
        capped: false,
      },
    ]);
  });

  it('reads the hourly facts for an hour lookback of a campaign', async () => {
    const now = new Date();
    const hourOf = (at: Date) => ({ date: isoDay(at), hour: at.getUTCHours() });
    const threeHoursAgo = new Date(now.getTime() - 3 * 3_600_000);
    const rows = [
      { ...hourOf(now), spend: 6 },
      { ...hourOf(threeHoursAgo), spend: 50 },
    ].map(({ date, hour, spend }) => ({
      adAccountId: account.adAccountId,
      adamId: account.adamId,
      campaignId: account.campaignId,
      date,
      hour,
      ...counts({ spend, taps: 1, installs: 0 }),
    }));
    await replaceFacts(
      server.database.db,
      teamId,
      'campaignHours',
      {
        adAccountId: account.adAccountId,
        campaignIds: [account.campaignId],
        grain: 'DAILY',
        from: isoDay(threeHoursAgo),
        to: isoDay(now),
      },
      rows as never,
    );
    const rule = (value: number) => ({
      target: 'CAMPAIGN' as const,
      lookback: { range: 'LAST_1_HOUR' as const },
      conditions: [{ metric: 'spend' as const, comparator: 'GREATER_THAN' as const, value }],
      actions: [{ type: 'PAUSE' as const }],
    });
    // The current hour's 6.00 counts, the 50.00 of three hours ago does not.
    expect((await dryRun(rule(5))).decisions).toHaveLength(1);
    expect((await dryRun(rule(7))).run.status).toBe('CONDITION NOT MATCHED');
  });

  it('plans the e-mail of a dry run without sending it, and logs the test', async () => {
    const { run } = await dryRun({
      target: 'KEYWORD',
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 10 }],
      actions: [
        {
          type: 'EMAIL_NOTIFICATION',
          recipients: { emails: ['ops@acme.test'], externalEmails: [] },
        },
      ],
    });
    const changes = await listRunChanges(server.database.db, teamId, run.id, [
      'PLANNED',
      'APPLIED',
    ]);
    expect(changes).toMatchObject([
      { action: 'EMAIL_NOTIFICATION', status: 'PLANNED', entityName: 'ops@acme.test' },
    ]);
    const logs = await listActivityLogs(server.database.db, teamId, 1);
    expect(logs[0]).toMatchObject({ logType: 'rule_tested', userId });
    expect(sent.some((job) => job.name === 'automation.run')).toBe(true);
  });

  it('ends a run its job gave up on as FAILED', async () => {
    const rule = await insertTestRule(
      server.database.db,
      teamId,
      {
        ...base,
        name: `Rule ${++ruleNumber}`,
        target: 'KEYWORD',
        conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1 }],
        actions: [{ type: 'PAUSE' }],
      },
      { createdBy: userId },
    );
    const { runId } = await startRuleRun(ctx, automationActor(teamId, userId), rule.id, true);

    await giveUpRun(ctx, runId);

    const run = await findRun(server.database.db, teamId, runId);
    expect(run).toMatchObject({ status: 'FAILED', message: RUN_FAILED_MESSAGE });
    expect(run?.finishedAt).toBeInstanceOf(Date);
  });

  it('leaves the rule’s last and next run as they were: a dry run is a test', async () => {
    const { rule } = await dryRun({
      target: 'KEYWORD',
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 10 }],
      actions: [{ type: 'PAUSE' }],
    });
    const after = await findLiveRule(server.database.db, teamId, rule.id);
    expect(after).toMatchObject({
      lastRunAt: null,
      lastRunStatus: null,
      nextRunAt: rule.nextRunAt,
    });
  });
});

describe('the cap on changes per run', () => {
  it('records at most maxChangesPerRun changes and counts the rest in the run', async () => {
    // alpha and beta both have taps; gamma is paused already. One change allowed.
    const { run, decisions } = await dryRun({
      target: 'KEYWORD',
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 0.5 }],
      actions: [{ type: 'PAUSE' }],
      caps: { maxChangesPerRun: 1 },
    });
    expect(decisions).toHaveLength(1);
    expect(run).toMatchObject({
      status: 'CONDITION MATCHED',
      matched: 2,
      message: SAFETY_MESSAGES.overChangesPerRun(1),
    });
  });
});

describe('run statuses and scheduling', () => {
  it('answers NO CAMPAIGNS FOUND TO PROCESS when the scope holds nothing', async () => {
    const { run } = await dryRun({
      target: 'KEYWORD',
      scope: { adAccountIds: [], adamIds: [], campaignIds: [1], adGroupIds: [], keywordIds: [] },
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1 }],
      actions: [{ type: 'PAUSE' }],
    });
    expect(run.status).toBe('NO CAMPAIGNS FOUND TO PROCESS');
  });

  it('runs due rules once per due hour and moves them to their next check', async () => {
    const db = server.database.db;
    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    const rules = await Promise.all(
      [[account.campaignId], [1]].map((campaignIds, index) =>
        insertTestRule(
          db,
          teamId,
          {
            ...base,
            name: `Due ${index}`,
            scope: { ...base.scope, campaignIds },
            target: 'KEYWORD',
            conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1000 }],
            actions: [{ type: 'PAUSE' }],
          },
          { enabled: true, nextRunAt: due, createdBy: userId },
        ),
      ),
    );
    expect(await runDueRules(ctx, now, 'SCHEDULED', teamId)).toEqual({ runs: 2 });
    const [matchedNothing, emptyScope] = await Promise.all(
      rules.map((rule) => findTestRule(db, rule.id)),
    );
    expect(matchedNothing).toMatchObject({ lastRunStatus: 'CONDITION NOT MATCHED' });
    expect(emptyScope).toMatchObject({ lastRunStatus: 'NO CAMPAIGNS FOUND TO PROCESS' });
    // Daily: the next check is 24 hours after the hour of this one.
    const nextHour = Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000;
    expect(matchedNothing!.nextRunAt!.getTime()).toBe(nextHour);
    expect(await runDueRules(ctx, now, 'SCHEDULED', teamId)).toEqual({ runs: 0 });
  });

  it('runs a due rule once when the scheduler and a finished sync batch at the same time', async () => {
    const db = server.database.db;
    const now = new Date();
    const rule = await insertTestRule(
      db,
      teamId,
      {
        ...base,
        name: 'Due once',
        scope: { ...base.scope, campaignIds: [account.campaignId] },
        target: 'KEYWORD',
        conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1000 }],
        actions: [{ type: 'PAUSE' }],
      },
      { enabled: true, nextRunAt: new Date(now.getTime() - 60_000), createdBy: userId },
    );

    const batches = await Promise.all([
      runDueRules(ctx, now, 'SCHEDULED', teamId),
      runDueRules(ctx, now, 'DATA', teamId, 'sync-1'),
    ]);

    expect(batches.reduce((sum, batch) => sum + batch.runs, 0)).toBe(1);
    expect((await findTestRule(db, rule.id)).lastRunStatus).toBe('CONDITION NOT MATCHED');
  });

  it('evaluates each rule of a batch over its own window, read together with the others', async () => {
    const db = server.database.db;
    const now = new Date();
    // Over 20.00 spent: nobody today, alpha (30.00 yesterday) over 7 days; the kill switch keeps
    // the pause from Apple.
    const rules = await Promise.all(
      (['LAST_1_DAY', 'LAST_7_DAYS'] as const).map((range) =>
        insertTestRule(
          db,
          teamId,
          {
            ...base,
            name: `Spent ${range}`,
            scope: { ...base.scope, campaignIds: [account.campaignId] },
            lookback: { range },
            target: 'KEYWORD',
            conditions: [{ metric: 'spend', comparator: 'GREATER_THAN', value: 20 }],
            actions: [{ type: 'PAUSE' }],
          },
          { enabled: true, nextRunAt: new Date(now.getTime() - 60_000), createdBy: userId },
        ),
      ),
    );
    await setKillSwitch(db, teamId, true);
    try {
      expect(await runDueRules(ctx, now, 'SCHEDULED', teamId)).toEqual({ runs: 2 });
    } finally {
      await setKillSwitch(db, teamId, false);
    }
    const runs = await Promise.all(
      rules.map(async (rule) => {
        const [run] = await db
          .select()
          .from(automationRuleRuns)
          .where(eq(automationRuleRuns.ruleId, rule.id));
        return run;
      }),
    );
    expect(runs).toMatchObject([
      { status: 'CONDITION NOT MATCHED', evaluated: 3, matched: 0 },
      { status: 'CONDITION MATCHED', evaluated: 3, matched: 1 },
    ]);
  });

  it('refuses a real run while a kill switch is on, and still allows a dry run', async () => {
    const db = server.database.db;
    const rule = await insertTestRule(db, teamId, {
      ...base,
      name: 'Switched off',
      target: 'KEYWORD',
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1 }],
      actions: [{ type: 'PAUSE' }],
    });
    const actor = automationActor(teamId, userId);
    await setKillSwitch(db, teamId, true);
    await expect(startRuleRun(ctx, actor, rule.id, false)).rejects.toMatchObject({
      error: 'AUTOMATION_SWITCHED_OFF',
      message: AUTOMATION_MESSAGES.killSwitchOn,
    });
    await expect(startRuleRun(ctx, actor, rule.id, true)).resolves.toHaveProperty('runId');
    await setKillSwitch(db, teamId, false);
    await setGlobalKillSwitch(db, true);
    await expect(startRuleRun(ctx, actor, rule.id, false)).rejects.toMatchObject({
      message: AUTOMATION_MESSAGES.globalKillSwitchOn,
    });
    await setGlobalKillSwitch(db, false);
  });
});

describe('backtest', () => {
  it('fires on the days the rule matched, carrying the lowered bid forward', async () => {
    const db = server.database.db;
    const company = (await createCompany(db)).id;
    const history = await seedAdsManagerAccount(db, company, [keyword('delta', 1_000_000)]);
    const delta = history.keywords[0]!.id;
    await writeAccountFacts(db, history, [
      {
        keywordId: delta,
        grain: 'DAILY',
        date: addDays(today, -3),
        counts: counts({ spend: 30, taps: 10, installs: 0 }),
      },
      {
        keywordId: delta,
        grain: 'DAILY',
        date: addDays(today, -2),
        counts: counts({ spend: 5, taps: 10, installs: 0 }),
      },
      {
        keywordId: delta,
        grain: 'DAILY',
        date: addDays(today, -1),
        counts: counts({ spend: 25, taps: 10, installs: 0 }),
      },
    ]);
    const plan = planBacktest({
      rule: {
        ...base,
        name: 'Daily waste',
        target: 'KEYWORD',
        lookback: { range: 'LAST_1_DAY' },
        conditions: [{ metric: 'spend', comparator: 'GREATER_THAN', value: 20 }],
        actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
      },
      start: addDays(today, -5),
      end: today,
    });
    const result = await replayBacktest(db, company, plan);
    // Day −3: 1.00 − 20% = 0.80; day −1: 0.80 − 20% = 0.64.
    expect(result.days.map((day) => [day.date, day.matched])).toEqual([
      [addDays(today, -5), 0],
      [addDays(today, -4), 0],
      [addDays(today, -3), 1],
      [addDays(today, -2), 0],
      [addDays(today, -1), 1],
      [today, 0],
    ]);
    expect(result.totalChanges).toBe(2);
    expect(
      result.days.flatMap((day) => day.changes.map((change) => [change.before, change.after])),
    ).toEqual([
      [{ bidMicros: 1_000_000 }, { bidMicros: 800_000 }],
      [{ bidMicros: 800_000 }, { bidMicros: 640_000 }],
    ]);
  });

  it('refuses a period beyond the stored history', async () => {
    expect(() =>
      planBacktest({
        rule: {
          ...base,
          name: 'Too long',
          target: 'KEYWORD',
          conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 1 }],
          actions: [{ type: 'PAUSE' }],
        },
        start: addDays(today, -120),
        end: today,
      }),
    ).toThrow(expect.objectContaining({ error: 'BAD_REQUEST' }));
  });
});
