// Scripted rules on the engine, against the in-process Apple Ads sandbox over a company synced
// through the real API: a script and the rule playbook it re-creates plan the same changes; a real
// run applies through the gateway and reverts; kill switches, caps and other companies' ids hold;
// a script that throws or loops fails alone; and a hostile script writes nothing outside the
// gateway's rows.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  AUTOMATION_MESSAGES,
  type PlanId,
  type ProviderSubscriptionStatus,
  RULE_TEMPLATE_IDS,
  type RuleTemplateId,
  ruleTemplate,
  scriptedRuleInput,
  scriptTemplate,
  type ScriptedRuleInput,
} from '@tapwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../analytics/overview.repository';
import { subscriptions } from '../billing/billing.tables';
import { createSubscription } from '../billing/subscription-factories';
import { listSyncableIntegrations } from '../integrations/integrations.repository';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';
import {
  automationActor,
  countRequests,
  everyKeywordOf,
  findTestRule,
  insertTestRule,
  recordingContext,
  setKillSwitch,
} from '../automation/engine/engine-test-kit';
import { revertRun } from '../automation/engine/revert';
import {
  executeRun,
  runDueRules,
  startRuleRun,
  type EngineContext,
} from '../automation/engine/rule-runner';
import { findRun, listRunChanges } from '../automation/engine/rule-runs.repository';
import { SAFETY_MESSAGES } from '../automation/engine/safety-gateway';
import { closeScriptSandbox } from './sandbox';
import { replayScriptBacktest } from './script-backtest';
import { insertTestScript, scriptInput, setScriptsEnabled } from './script-test-kit';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let other: ConnectedCompany;
let ctx: EngineContext;
let appleOrigin: string;
let adGroupIds: number[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(allowingSandbox(sandbox), { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  await server.jobs.stop();
  ctx = recordingContext(server.context).ctx;
  appleOrigin = new URL(sandbox.url).origin;
  const groups = await rowsOf(
    server.database.db,
    sql`SELECT id FROM ad_groups WHERE team_id = ${company.teamId} AND NOT deleted ORDER BY id`,
  );
  adGroupIds = groups.map((row) => Number(row.id));
  await setScriptsEnabled(server.database.db, company.teamId, true);
}, 300_000);
afterAll(async () => {
  await closeScriptSandbox();
  await server?.close();
  await sandbox?.close();
});

const db = () => server.database.db;

async function runNow(
  kind: 'rule' | 'script',
  input: Parameters<typeof insertTestRule>[2] | ScriptedRuleInput,
  dryRun: boolean,
) {
  const rule =
    kind === 'rule'
      ? await insertTestRule(db(), company.teamId, input as Parameters<typeof insertTestRule>[2])
      : await insertTestScript(db(), company.teamId, input as ScriptedRuleInput);
  const { runId } = await startRuleRun(ctx, automationActor(company.teamId), rule.id, dryRun);
  await executeRun(ctx, runId);
  return { runId, run: (await findRun(db(), company.teamId, runId))! };
}

const changesOf = async (runId: string) =>
  (
    await listRunChanges(db(), company.teamId, runId, [
      'PLANNED',
      'APPLIED',
      'SKIPPED',
      'FAILED',
      'PENDING',
      'REVERTED',
    ])
  ).map(({ level, entityId, action, before, after, status, message }) => ({
    level,
    entityId,
    action,
    before,
    after,
    status,
    message,
  }));

const sorted = <T>(items: T[]) =>
  [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Lowers by 10% every keyword bid of an ad group: the script twin of everyKeywordOf. */
const lowerBidsOf = (adGroupId: number, extra: Partial<ScriptedRuleInput> = {}) =>
  scriptInput(
    `for (const keyword of tw.keywords({ adGroupIds: [${adGroupId}] })) {
  if (keyword.metrics.impressions > -1)
    tw.changeBid(keyword, { operation: 'DECREASE_BY', unit: 'PERCENT', value: 10 }, 'test');
}`,
    extra,
  );

const NO_INSTALLS = sql.raw(
  'tap_installs = 0, view_installs = 0, total_installs = 0, tap_new_downloads = 0, ' +
    'tap_redownloads = 0, view_new_downloads = 0, view_redownloads = 0',
);

/**
 * Gives the synced data entities each playbook acts on (the demo's numbers seldom cross every
 * playbook's thresholds): keywords spending without installs, search terms tapped without
 * installs, campaigns spending their daily budget. The rule and the script read the same rows.
 */
async function shapeDataFor(id: RuleTemplateId) {
  const teamId = company.teamId;
  if (id === 'CUT_WASTE')
    await db()
      .execute(sql`UPDATE keyword_report_facts SET ${NO_INSTALLS}, local_spend_micros = 5000000
      WHERE team_id = ${teamId} AND keyword_id IN (SELECT DISTINCT keyword_id FROM keyword_report_facts
        WHERE team_id = ${teamId} ORDER BY keyword_id LIMIT 3)`);
  if (id === 'NEGATE_NON_INSTALLING_TERMS')
    await db().execute(sql`UPDATE search_term_report_facts SET ${NO_INSTALLS}, taps = 10
      WHERE team_id = ${teamId} AND (ad_group_id, search_term_text) IN (
        SELECT DISTINCT ad_group_id, search_term_text FROM search_term_report_facts
        WHERE team_id = ${teamId} AND search_term_text <> '' ORDER BY 1, 2 LIMIT 3)`);
  if (id === 'BUDGET_PACING') {
    // LAST_1_DAY is today's UTC date, which the accounts' own dates reach only later in some
    // hours: the latest synced day becomes today.
    const today = new Date().toISOString().slice(0, 10);
    await db().execute(sql`UPDATE campaign_report_facts SET date = ${today}
      WHERE team_id = ${teamId} AND grain = 'DAILY' AND date = (SELECT max(date)
        FROM campaign_report_facts WHERE team_id = ${teamId} AND grain = 'DAILY')
        AND NOT EXISTS (SELECT 1 FROM campaign_report_facts
          WHERE team_id = ${teamId} AND grain = 'DAILY' AND date = ${today})`);
    await db()
      .execute(sql`UPDATE campaign_report_facts f SET local_spend_micros = 2 * c.daily_budget_micros
      FROM campaigns c WHERE f.team_id = ${teamId} AND c.team_id = f.team_id AND c.id = f.campaign_id
        AND c.daily_budget_micros IS NOT NULL`);
  }
}

describe('parity with the rule engine', () => {
  it.each(RULE_TEMPLATE_IDS)('plans the same changes as the %s rule in a dry run', async (id) => {
    await shapeDataFor(id);
    const promoteTo = { adAccountId: sandbox.accounts()[0]!.id, adGroupId: adGroupIds[0]! };
    const rule = await runNow('rule', ruleTemplate(id, promoteTo), true);
    const script = await runNow('script', scriptTemplate(id, promoteTo), true);
    expect(script.run.status).not.toBe('FAILED');
    const changes = await changesOf(script.runId);
    expect(changes.length).toBeGreaterThan(0);
    expect(sorted(changes)).toEqual(sorted(await changesOf(rule.runId)));
  });

  it('plans the same bid changes as a builder rule over one ad group', async () => {
    const adGroupId = adGroupIds[1]!;
    const rule = await runNow(
      'rule',
      everyKeywordOf(adGroupId, [
        { type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 10 },
      ]),
      true,
    );
    const script = await runNow('script', lowerBidsOf(adGroupId), true);
    const changes = await changesOf(script.runId);
    expect(changes.length).toBeGreaterThan(0);
    expect(sorted(changes)).toEqual(sorted(await changesOf(rule.runId)));
    expect(script.run.status).toBe('CONDITION MATCHED');
    expect(script.run.evaluated).toBe(changes.length);
  });
});

describe('real runs', () => {
  it('applies through the gateway, keeps the log and reverts', async () => {
    const source = `tw.log('starting');\n${lowerBidsOf(adGroupIds[2]!).source}`;
    const { result, requests } = await countRequests(appleOrigin, () =>
      runNow('script', scriptInput(source), false),
    );
    const { runId, run } = result;
    expect(run.status).toBe('SUCCESS');
    expect(run.scriptLog?.map((line) => line.text)).toEqual(['starting']);
    expect(requests.length).toBeGreaterThan(0);
    const applied = (await changesOf(runId)).filter((change) => change.status === 'APPLIED');
    expect(applied.length).toBe(run.matched);
    const reverted = await revertRun(ctx, automationActor(company.teamId), runId);
    expect(reverted.reverted).toBe(applied.length);
  });

  it('sends nothing while the kill switch is on', async () => {
    await setKillSwitch(db(), company.teamId, true);
    try {
      const script = await insertTestScript(db(), company.teamId, lowerBidsOf(adGroupIds[3]!), {
        enabled: true,
      });
      // A manual real run is refused up front; a due one skips each change.
      await expect(
        startRuleRun(ctx, automationActor(company.teamId), script.id, false),
      ).rejects.toMatchObject({ error: 'AUTOMATION_SWITCHED_OFF' });
      const { requests } = await countRequests(appleOrigin, () =>
        runDueRules(ctx, new Date(Date.now() + 48 * 3_600_000), 'DATA', company.teamId),
      );
      expect(requests).toEqual([]);
      const [run] = await rowsOf(
        db(),
        sql`SELECT id FROM automation_rule_runs WHERE rule_id = ${script.id}`,
      );
      const changes = await changesOf(String(run!.id));
      expect(changes.length).toBeGreaterThan(0);
      expect(new Set(changes.map((change) => change.message))).toEqual(
        new Set([AUTOMATION_MESSAGES.killSwitchOn]),
      );
    } finally {
      await setKillSwitch(db(), company.teamId, false);
    }
  });

  it('cuts a flood of proposals to the cap on changes per run', async () => {
    const flood = scriptInput(
      `for (let i = 0; i < 50; i++)
  for (const keyword of tw.keywords())
    tw.changeBid(keyword, { operation: 'DECREASE_BY', unit: 'PERCENT', value: 1 + (i % 5) });`,
      { caps: { maxChangesPerRun: 3 } },
    );
    const { runId, run } = await runNow('script', flood, true);
    expect(await changesOf(runId)).toHaveLength(3);
    expect(run.message).toBe(SAFETY_MESSAGES.overChangesPerRun(3));
  });

  it("changes nothing for another company's entity ids", async () => {
    other ??= await connectSandboxCompany(server, sandbox);
    const [foreign] = await rowsOf(
      db(),
      sql`SELECT id FROM keywords WHERE team_id <> ${company.teamId} LIMIT 1`,
    );
    const id = String(foreign?.id ?? 999_999_999);
    const hostile = scriptInput(
      `const fake = { level: 'KEYWORD', id: '${id}', name: 'x', status: 'ENABLED', adAccountId: 1,
  adamId: 1, campaignId: 1, adGroupId: 1, keywordId: ${id}, text: 'x', currency: 'USD', bid: 1,
  dailyBudget: null, metrics: {} };
try { tw.pause(fake); } catch (error) { tw.log('refused'); }`,
    );
    const { result, requests } = await countRequests(appleOrigin, () =>
      runNow('script', hostile, false),
    );
    expect(requests).toEqual([]);
    expect(await changesOf(result.runId)).toEqual([]);
  });
});

describe('failing scripts', () => {
  it('fail their own runs with their logs, and the other scripts of the batch run', async () => {
    const team = company.teamId;
    const threw = await insertTestScript(
      db(),
      team,
      scriptInput(`tw.log('before'); throw new Error('boom');`),
      { enabled: true },
    );
    const looped = await insertTestScript(db(), team, scriptInput(`while (true) {}`), {
      enabled: true,
    });
    const fine = await insertTestScript(db(), team, lowerBidsOf(adGroupIds[4]!), {
      enabled: true,
    });
    await runDueRules(ctx, new Date(Date.now() + 96 * 3_600_000), 'DATA', team);
    const runs = await rowsOf(
      db(),
      sql`SELECT rule_id, status, message, script_log FROM automation_rule_runs
        WHERE rule_id IN (${threw.id}, ${looped.id}, ${fine.id})`,
    );
    const byRule = new Map(runs.map((run) => [String(run.rule_id), run]));
    expect(byRule.get(threw.id)).toMatchObject({ status: 'FAILED' });
    expect(String(byRule.get(threw.id)!.message)).toContain('boom');
    expect(JSON.stringify(byRule.get(threw.id)!.script_log)).toContain('before');
    expect(byRule.get(looped.id)).toMatchObject({ status: 'FAILED' });
    expect(byRule.get(fine.id)).toMatchObject({ status: 'SUCCESS' });
  }, 60_000);

  it('run no script of a company with scripted rules off', async () => {
    const team = company.teamId;
    await setScriptsEnabled(db(), team, false);
    try {
      const script = await insertTestScript(db(), team, lowerBidsOf(adGroupIds[5]!), {
        enabled: true,
      });
      await runDueRules(ctx, new Date(Date.now() + 120 * 3_600_000), 'SCHEDULED');
      const runs = await rowsOf(
        db(),
        sql`SELECT id FROM automation_rule_runs WHERE rule_id = ${script.id}`,
      );
      expect(runs).toEqual([]);
    } finally {
      await setScriptsEnabled(db(), team, true);
    }
  });
});

describe('nothing is written outside the gateway', () => {
  it('leaves only the run, its changes and its activity entries after a hostile script', async () => {
    const tables = await rowsOf(
      db(),
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async ({ tablename }) => {
            const [row] = await rowsOf(
              db(),
              sql`SELECT count(*)::int AS n FROM ${sql.identifier(String(tablename))}`,
            );
            return [String(tablename), Number(row!.n)] as const;
          }),
        ),
      );
    const before = await counts();
    const hostile = scriptInput(
      `try { globalThis.constructor.constructor('return process')().exit(1); } catch (e) { tw.log(String(e)); }
try { Object.prototype.polluted = true; } catch (e) {}
for (const keyword of tw.keywords({ adGroupIds: [${adGroupIds[6]!}] }))
  for (let i = 0; i < 100; i++) tw.pause(keyword, 'again');
tw.log('x'.repeat(100000));`,
    );
    const script = await insertTestScript(db(), company.teamId, hostile);
    const { run } = await (async () => {
      const { runId } = await startRuleRun(ctx, automationActor(company.teamId), script.id, false);
      await executeRun(ctx, runId);
      return { run: (await findRun(db(), company.teamId, runId))! };
    })();
    const after = await counts();
    const grown = Object.keys(after).filter((table) => after[table] !== before[table]);
    const changes = (await changesOf(run.id)).length;
    // The script's own row (inserted above) is the test's, not the run's.
    expect(after.automation_rules! - before.automation_rules!).toBe(1);
    expect(after.automation_rule_runs! - before.automation_rule_runs!).toBe(1);
    expect(after.automation_rule_changes! - before.automation_rule_changes!).toBe(changes);
    expect(changes).toBeGreaterThan(0);
    expect(grown.sort()).toEqual([
      'activity_logs',
      'automation_rule_changes',
      'automation_rule_runs',
      'automation_rules',
    ]);
  }, 60_000);
});

describe('backtests', () => {
  it('replays a script day by day, carrying the bids it changed to the next day', async () => {
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const script = {
      ...scriptedRuleInput.parse(lowerBidsOf(adGroupIds[7] ?? adGroupIds[0]!)),
      imports: [],
    };
    const done: number[] = [];
    const result = await replayScriptBacktest(
      db(),
      company.teamId,
      { script, start: day(2), end: day(0) },
      async (count) => {
        done.push(count);
      },
    );
    expect(done).toEqual([1, 2, 3]);
    expect(result.days.map((each) => each.date)).toEqual([day(2), day(1), day(0)]);
    const [first, second] = result.days;
    expect(first!.changes.length).toBeGreaterThan(0);
    // The second day lowers the bid the first day left, not the stored one.
    for (const change of second!.changes) {
      const earlier = first!.changes.find((each) => each.entityId === change.entityId);
      if (earlier) expect(change.before).toEqual(earlier.after);
    }
    expect(result.totalChanges).toBe(
      result.days.reduce((sum, each) => sum + each.changes.length, 0),
    );
  });
});

describe('the plan on schedule (docs/billing.md "Scheduled work")', () => {
  const billingOn = () => ({
    ...ctx,
    config: { ...ctx.config, billing: { ...ctx.config.billing, mode: 'chargebee' as const } },
  });
  let hoursAhead = 200;
  /** Runs the scheduler once for the company, a day after the previous call. */
  const tick = async (engine: EngineContext) => {
    hoursAhead += 24;
    await runDueRules(
      engine,
      new Date(Date.now() + hoursAhead * 3_600_000),
      'SCHEDULED',
      company.teamId,
    );
  };
  const runsOf = async (ruleId: string) =>
    (await rowsOf(db(), sql`SELECT id FROM automation_rule_runs WHERE rule_id = ${ruleId}`)).length;
  const setPlan = (planId: PlanId, status: ProviderSubscriptionStatus) =>
    db()
      .update(subscriptions)
      .set({ planId, status })
      .where(eq(subscriptions.teamId, company.teamId));
  /** A builder rule and a script of the company, both enabled and due. */
  const ruleAndScript = async (index: number) => {
    const adGroupId = adGroupIds[index % adGroupIds.length]!;
    const rule = await insertTestRule(
      db(),
      company.teamId,
      everyKeywordOf(adGroupId, [
        { type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 10 },
      ]),
      { enabled: true },
    );
    const script = await insertTestScript(db(), company.teamId, lowerBidsOf(adGroupId), {
      enabled: true,
    });
    return { rule, script };
  };

  beforeAll(async () => {
    // Only this block's rules run: the earlier tests' (a looping script among them) stay off.
    await db().execute(
      sql`UPDATE automation_rules SET enabled = false WHERE team_id = ${company.teamId}`,
    );
    await createSubscription(db(), company.teamId, { planId: 'growth', status: 'active' });
  });
  afterAll(async () => {
    await db().delete(subscriptions).where(eq(subscriptions.teamId, company.teamId));
  });

  it("runs a growth company's rules but not its scripts, and an enterprise company's both", async () => {
    await setPlan('growth', 'active');
    const { rule, script } = await ruleAndScript(1);
    await tick(billingOn());
    expect(await runsOf(rule.id)).toBe(1);
    expect(await runsOf(script.id)).toBe(0);
    await setPlan('enterprise', 'active');
    await tick(billingOn());
    expect(await runsOf(script.id)).toBe(1);
  }, 60_000);

  it('runs nothing of a cancelled company and no sync of it, and all of it once it pays', async () => {
    await setPlan('enterprise', 'cancelled');
    const { rule, script } = await ruleAndScript(2);
    const syncable = async (engine: EngineContext) =>
      (await listSyncableIntegrations(db(), engine.config)).some(
        (integration) => integration.teamId === company.teamId,
      );
    await tick(billingOn());
    expect([await runsOf(rule.id), await runsOf(script.id)]).toEqual([0, 0]);
    expect(await syncable(billingOn())).toBe(false);
    // Nothing was switched off: paying again is enough.
    expect((await findTestRule(db(), rule.id)).enabled).toBe(true);
    await setPlan('enterprise', 'active');
    await tick(billingOn());
    expect([await runsOf(rule.id), await runsOf(script.id)]).toEqual([1, 1]);
    expect(await syncable(billingOn())).toBe(true);
  }, 60_000);

  it('runs a trial past its end like a cancelled company', async () => {
    await db()
      .update(subscriptions)
      .set({
        planId: 'growth',
        status: 'in_trial',
        subscriptionId: null,
        trialEnd: new Date(Date.now() - 60_000),
      })
      .where(eq(subscriptions.teamId, company.teamId));
    const { rule } = await ruleAndScript(3);
    await tick(billingOn());
    expect(await runsOf(rule.id)).toBe(0);
  }, 60_000);

  it('runs everything with billing off, whatever the subscription says', async () => {
    await setPlan('growth', 'cancelled');
    const { rule, script } = await ruleAndScript(4);
    await tick(ctx);
    expect([await runsOf(rule.id), await runsOf(script.id)]).toEqual([1, 1]);
    expect(
      (await listSyncableIntegrations(db(), ctx.config)).some(
        (integration) => integration.teamId === company.teamId,
      ),
    ).toBe(true);
  }, 60_000);
});
