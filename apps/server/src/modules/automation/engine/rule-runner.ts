// Runs rules: one rule's run (a manual run, or a job retried after a crash), or every due rule in
// one batch. A batch groups rules by team, target and grain and reads each group's rows for all
// its windows with ONE aggregate query, then filters and evaluates per rule in memory.
import { randomUUID } from 'node:crypto';
import {
  AUTOMATION_MESSAGES,
  automationRuleInput,
  effectiveCaps,
  scriptedRuleInput,
  nextRunAt,
  type AutomationRuleDefinition,
  type RuleChangeStatus,
  type RuleRunTrigger,
  type RuleSchedule,
} from '@tapwise/contracts';
import { RatesHistory } from '@tapwise/exchange-rates';
import { AppError } from '../../../platform/errors';
import { insertActivityLog } from '../../activity-log/activity-log.repository';
import type { WriteActor } from '../../apple-writes/write-actor';
import { ratesOver } from '../../currencies/exchange-rates.service';
import type { JobContext } from '../../job-context';
import { ruleRunJob } from './jobs/rule-run.job';
import { planningContext } from './planning-context';
import type { IntendedChange } from './rule-changes';
import { valued, type ValuedRow } from './rule-evaluation';
import {
  indexRows,
  loadRuleFacts,
  loadRuleFactsByWindow,
  rowsInScope,
  type IndexedRows,
} from './rule-facts.repository';
import {
  claimRun,
  findLiveRule,
  findRunById,
  releaseWorkOfWorkers,
  finishRuns as finishRunRows,
  insertChanges,
  insertRun,
  insertRunsOnce,
  claimDueRules,
  readKillSwitches,
  recordRuleRun,
  updateRun,
  type KillSwitches,
  type NewChange,
  type RuleRow,
  type RunRow,
} from './rule-runs.repository';
import {
  matchedRows,
  matchRule,
  needsRates,
  NO_RATE_MESSAGE,
  planChangesByCurrency,
  ruleCurrencyOf,
} from './rule-money';
import { rowsWithGoal, usesGoal } from './rule-goals';
import { factWindow, isoDay, windowKey, type FactWindow } from './rule-windows';
import { notifyOnce } from './run-notification';
import {
  matchedRunStatus,
  gatewayRunOf,
  RUN_FAILED_MESSAGE,
  RUN_FAILED_OUTCOME,
  type Finished,
  type RunOutcome,
} from './run-outcome';
import { passThroughSafetyGateway, SAFETY_MESSAGES, type GatewayRun } from './safety-gateway';
import { processScriptRun, runScriptsOfBatch } from '../../scripted-rules/script-runs';

export { RUN_FAILED_MESSAGE } from './run-outcome';

export type EngineContext = Pick<JobContext, 'db' | 'secrets' | 'logger' | 'config' | 'jobs'> &
  Pick<JobContext, 'workerId'>;

export const RULE_DELETED_MESSAGE = 'The rule was deleted before it ran.';

/** Creates a manual run and queues it; a real run is refused while automation is switched off. */
export async function startRuleRun(
  ctx: Pick<EngineContext, 'db' | 'jobs'>,
  actor: WriteActor,
  ruleId: string,
  dryRun: boolean,
): Promise<{ runId: string }> {
  const rule = await findLiveRule(ctx.db, actor.teamId, ruleId);
  if (!rule) throw new AppError('NOT_FOUND', 'No such rule.');
  if (!dryRun) {
    const switches = await readKillSwitches(ctx.db, actor.teamId);
    if (switches.globalKillSwitch)
      throw new AppError('AUTOMATION_SWITCHED_OFF', AUTOMATION_MESSAGES.globalKillSwitchOn);
    if (switches.killSwitch)
      throw new AppError('AUTOMATION_SWITCHED_OFF', AUTOMATION_MESSAGES.killSwitchOn);
  }
  const run = await insertRun(ctx.db, actor.teamId, {
    ruleId,
    ruleName: rule.name,
    trigger: 'MANUAL',
    dryRun,
    runKey: `manual:${randomUUID()}`,
    triggeredBy: actor.userId,
  });
  await ctx.jobs.send(ruleRunJob, { runId: run.id });
  return { runId: run.id };
}

/**
 * Workers were found lost: each unfinished run they held is sent again as a job of its own (a
 * batch's runs too), and resumes finding the changes it recorded, so nothing is applied twice.
 * Rules their batches had leased without a run yet are due again at once.
 */
export async function resumeRuleRunsOfLostWorkers(
  ctx: Pick<EngineContext, 'db' | 'jobs' | 'logger'>,
  workerIds: string[],
): Promise<number> {
  const { runs, rules } = await releaseWorkOfWorkers(ctx.db, workerIds);
  for (const run of runs) await ctx.jobs.send(ruleRunJob, { runId: run.id });
  if (runs.length || rules)
    ctx.logger.info({ runs: runs.length, rules }, 'resuming the rule runs of lost workers');
  return runs.length;
}

/**
 * The job body: executes a run once; a finished run is left as it is, and so is one another live
 * worker is executing (a second job for the same run).
 */
export async function executeRun(ctx: EngineContext, runId: string): Promise<void> {
  const run = await claimRun(ctx.db, runId, ctx.workerId ?? null);
  if (!run) return;
  const rule = await findLiveRule(ctx.db, run.teamId, run.ruleId);
  if (!rule) {
    await updateRun(ctx.db, run.teamId, run.id, {
      status: 'FAILED',
      message: RULE_DELETED_MESSAGE,
      finishedAt: new Date(),
    });
    return;
  }
  const now = new Date();
  if (rule.kind === 'SCRIPT') {
    await finishRuns(ctx, rule.teamId, [await processScriptRun(ctx, rule, run, now)]);
    return;
  }
  const finished = await processRun(ctx, rule, run, now, async (definition) =>
    (
      await loadRuleFacts(
        ctx.db,
        rule.teamId,
        definition.target,
        factWindow(definition.lookback, definition.target, now),
        definition.scope,
      )
    ).map(valued),
  );
  await finishRuns(ctx, rule.teamId, [finished]);
}

/** The run's job failed on every attempt: the run ends as FAILED instead of staying PENDING. */
export async function giveUpRun(ctx: Pick<EngineContext, 'db'>, runId: string): Promise<void> {
  const run = await findRunById(ctx.db, runId);
  if (!run || run.finishedAt) return;
  await updateRun(ctx.db, run.teamId, run.id, {
    status: 'FAILED',
    message: RUN_FAILED_MESSAGE,
    finishedAt: new Date(),
  });
}

/** A rule's or scripted rule's schedule, or null when its stored definition no longer validates. */
function scheduleOf(rule: RuleRow): RuleSchedule | null {
  const parsed = (rule.kind === 'SCRIPT' ? scriptedRuleInput : automationRuleInput).safeParse(
    rule.definition,
  );
  return parsed.success ? parsed.data : null;
}

type DueRule = { rule: RuleRow } & (
  | { definition: AutomationRuleDefinition; window: FactWindow }
  /** The stored definition no longer validates: its run fails on its own. */
  | { definition: null; window: null }
);

/**
 * Due rules grouped by team, target and grain (daily or hourly facts): each group's rows are read
 * once for all its windows.
 */
function groupDueRules(rules: readonly RuleRow[], now: Date): DueRule[][] {
  const groups = new Map<string, DueRule[]>();
  for (const rule of rules) {
    const parsed = automationRuleInput.safeParse(rule.definition);
    const due: DueRule = parsed.success
      ? {
          rule,
          definition: parsed.data,
          window: factWindow(parsed.data.lookback, parsed.data.target, now),
        }
      : { rule, definition: null, window: null };
    const key = due.definition
      ? `${rule.teamId}|${due.definition.target}|${due.window.grain}`
      : `invalid|${rule.id}`;
    groups.set(key, [...(groups.get(key) ?? []), due]);
  }
  return [...groups.values()];
}

/** A group's rows for each of its windows, by windowKey. */
async function readGroup(
  ctx: EngineContext,
  group: readonly DueRule[],
): Promise<Map<string, IndexedRows>> {
  const { rule, definition } = group[0]!;
  if (!definition) throw new Error('The rule is not valid.');
  const windows = new Map(group.map(({ window }) => [windowKey(window!), window!]));
  const rows = await loadRuleFactsByWindow(ctx.db, rule.teamId, definition.target, [
    ...windows.values(),
  ]);
  return new Map(
    [...windows.keys()].map((key, index) => [key, indexRows(rows[index]!.map(valued))]),
  );
}

/** How many decided changes a batch collects before writing them while its later rules run. */
const CHANGES_PER_WRITE = 5000;

/**
 * The batch's runs of one team's rules, created in one statement: new ones, and earlier attempts'
 * that no live worker is executing. A run found done whose rule never learned it (a crash in
 * between) moves its rule on instead.
 */
async function openRuns<T extends { rule: RuleRow }>(
  ctx: EngineContext,
  team: string,
  items: readonly T[],
  trigger: Exclude<RuleRunTrigger, 'MANUAL'>,
  runKeyOf: (rule: RuleRow) => string,
  now: Date,
): Promise<(T & { run: RunRow; created: boolean })[]> {
  const workerId = ctx.workerId ?? null;
  const started = await insertRunsOnce(
    ctx.db,
    team,
    items.map(({ rule }) => ({
      ruleId: rule.id,
      ruleName: rule.name,
      trigger,
      dryRun: false,
      runKey: runKeyOf(rule),
      triggeredBy: null,
      workerId,
    })),
  );
  const open: (T & { run: RunRow; created: boolean })[] = [];
  for (const [position, item] of items.entries()) {
    const { run, created } = started[position]!;
    if (!created && !run.finishedAt && !(await claimRun(ctx.db, run.id, workerId))) continue;
    if (run.finishedAt) {
      const schedule = scheduleOf(item.rule);
      await recordRuleRun(ctx.db, team, item.rule.id, {
        lastRunAt: run.finishedAt,
        lastRunStatus: run.status,
        nextRunAt: schedule ? nextRunAt(schedule, run.finishedAt, now) : null,
      });
      continue;
    }
    open.push({ ...item, run, created });
  }
  return open;
}

/**
 * Runs every enabled rule and scripted rule due at `now` (of one team, when its fresh data has
 * landed). Scripts run after the builder rules, team by team, a few at a time.
 */
export async function runDueRules(
  ctx: EngineContext,
  now: Date,
  trigger: Exclude<RuleRunTrigger, 'MANUAL'>,
  teamId?: string,
  syncId?: string,
): Promise<{ runs: number }> {
  const workerId = ctx.workerId ?? null;
  const claimed = await claimDueRules(ctx.db, ctx.config, now, teamId, workerId);
  const groups = groupDueRules(
    claimed.filter((rule) => rule.kind !== 'SCRIPT'),
    now,
  );
  // One read per group, shared by its rules; a failed read fails each of them.
  const reads = groups.map((group) => {
    let rows: Promise<Map<string, IndexedRows>> | null = null;
    return () => (rows ??= readGroup(ctx, group));
  });
  const rates = ratesReader(ctx);
  const switches = new Map<string, Promise<KillSwitches>>();
  const switchesOf = (team: string) => {
    if (!switches.has(team)) switches.set(team, readKillSwitches(ctx.db, team));
    return switches.get(team)!;
  };
  const runKeyOf = (rule: RuleRow) =>
    trigger === 'SCHEDULED'
      ? `scheduled:${dueHour(rule.nextRunAt ?? now)}`
      : `data:${syncId ?? now.toISOString()}`;
  let runs = 0;
  // The batch's writes, one after the other, while its rules run.
  let recording: Promise<void> = Promise.resolve();
  const record = (write: () => Promise<void>) => {
    recording = recording.then(write);
    // Awaited later: this only keeps a failure from counting as unhandled meanwhile.
    recording.catch(() => undefined);
  };
  for (const [index, group] of groups.entries()) {
    // The database reads this group's rows and the next groups' while the runs are created.
    for (const ahead of [0, 1, 2]) reads[index + ahead]?.().catch(() => undefined);
    const team = group[0]!.rule.teamId;
    const earlierGroups = recording;
    const open = await openRuns(ctx, team, group, trigger, runKeyOf, now);
    const finished: Finished[] = [];
    const decided: NewChange[] = [];
    for (const { rule, window, run, created } of open) {
      finished.push(
        await processRun(
          ctx,
          rule,
          run,
          now,
          async (parsed) =>
            rowsInScope((await reads[index]!()).get(windowKey(window!))!, parsed.scope),
          { fresh: created, switches: await switchesOf(team), decided, rates },
        ),
      );
      if (decided.length >= CHANGES_PER_WRITE) {
        const changes = decided.splice(0);
        record(() => insertChanges(ctx.db, team, changes));
      }
    }
    // The group's last changes, then its runs, are written while the next group's rules run. The
    // earlier groups' writes are done by now (a failed one stops the batch here).
    await earlierGroups;
    const changes = decided.splice(0);
    record(() => insertChanges(ctx.db, team, changes).then(() => finishRuns(ctx, team, finished)));
    runs += finished.length;
  }
  await recording;
  const scripts = claimed.filter((rule) => rule.kind === 'SCRIPT');
  for (const team of new Set(scripts.map((rule) => rule.teamId))) {
    const ofTeam = scripts.filter((rule) => rule.teamId === team).map((rule) => ({ rule }));
    const open = await openRuns(ctx, team, ofTeam, trigger, runKeyOf, now);
    const finished = await runScriptsOfBatch(ctx, open, now, await switchesOf(team));
    await finishRuns(ctx, team, finished);
    runs += finished.length;
  }
  return { runs };
}

const NO_RATES = new RatesHistory([]);

const dueHour = (at: Date) =>
  new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();

/**
 * What a batch knows about a run already, saving each run the reads (and some writes), and the
 * reference rates of a day, read once for all its runs.
 */
export type Known = Pick<GatewayRun, 'fresh' | 'switches' | 'decided'> & {
  rates?: (day: string) => Promise<RatesHistory>;
};

/** The rates of a day, read when a run first needs them and then kept for the batch. */
function ratesReader(ctx: Pick<EngineContext, 'db'>) {
  const byDay = new Map<string, Promise<RatesHistory>>();
  return (day: string) => {
    if (!byDay.has(day)) byDay.set(day, ratesOver(ctx.db, { start: day, end: day }));
    return byDay.get(day)!;
  };
}

/** Evaluates, plans and applies one run; answers its outcome, for finishRuns to record. */
async function processRun(
  ctx: EngineContext,
  rule: RuleRow,
  run: RunRow,
  now: Date,
  rowsOf: (definition: AutomationRuleDefinition) => Promise<readonly ValuedRow[]>,
  known: Known = { fresh: false },
): Promise<Finished> {
  let outcome: RunOutcome;
  try {
    const definition = automationRuleInput.parse(rule.definition);
    const rows = await rowsOf(definition);
    const judged = usesGoal(definition)
      ? await rowsWithGoal(ctx.db, rule.teamId, definition, rows, now)
      : rows;
    outcome = judged
      ? await evaluateAndApply(ctx, rule, definition, run, judged, now, known)
      : {
          status: 'ASA/MMP CONDITION NOT MATCHED',
          evaluated: rows.length,
          matched: 0,
          applied: 0,
          planned: 0,
          message: null,
        };
  } catch (error) {
    ctx.logger.error({ err: error, ruleId: rule.id, runId: run.id }, 'automation rule run failed');
    outcome = { ...RUN_FAILED_OUTCOME };
  }
  return { rule, run, outcome, now };
}

async function evaluateAndApply(
  ctx: EngineContext,
  rule: RuleRow,
  definition: AutomationRuleDefinition,
  run: RunRow,
  rows: readonly ValuedRow[],
  now: Date,
  known: Known,
): Promise<RunOutcome> {
  if (rows.length === 0)
    return {
      status: 'NO CAMPAIGNS FOUND TO PROCESS',
      evaluated: 0,
      matched: 0,
      applied: 0,
      planned: 0,
      message: null,
    };
  // The rule's money is converted into each row's currency at the rate of the evaluation day.
  const day = isoDay(now);
  const rates = needsRates(definition, rows)
    ? await (known.rates ?? ratesReader(ctx))(day)
    : NO_RATES;
  const matches = matchRule(definition, rows, rates, day);
  const noRate = matches.unconvertible.length
    ? NO_RATE_MESSAGE(ruleCurrencyOf(definition)!, matches.unconvertible, day)
    : null;
  const none = {
    evaluated: matches.evaluated,
    matched: 0,
    applied: 0,
    planned: 0,
    message: noRate,
  };
  if (matches.matched === 0) return { ...none, status: 'CONDITION NOT MATCHED' };
  const matched = matchedRows(matches);
  // The count of changes per run is the rule's; money caps are converted with its other money.
  const caps = effectiveCaps(definition);
  const changes = planChangesByCurrency(
    matches,
    await planningContext(ctx.db, rule.teamId, definition, matched),
  );
  const { results, leftOut } = await passThroughSafetyGateway(
    ctx,
    gatewayRunOf(rule, run, definition, caps, known),
    changes,
    now,
  );
  const applied = results
    .filter((result) => result.status === 'APPLIED')
    .map((result) => result.change);
  const notified = await notify(ctx, rule, definition, run, matched.length, applied);
  const { status, count } = matchedRunStatus([
    ...results.map((result) => result.status),
    ...notified,
  ]);
  const overCount = leftOut ? SAFETY_MESSAGES.overChangesPerRun(caps.maxChangesPerRun) : null;
  return {
    status,
    evaluated: matches.evaluated,
    matched: matched.length,
    applied: count('APPLIED'),
    planned: count('PLANNED'),
    message: [overCount, noRate].filter(Boolean).join(' ') || null,
  };
}

/**
 * The rule's notification actions (e-mail, Slack): one message per run that matched, recorded
 * among the run's changes (PLANNED in a dry run, which sends nothing). Retried runs do not send
 * them twice.
 */
async function notify(
  ctx: EngineContext,
  rule: RuleRow,
  definition: AutomationRuleDefinition,
  run: RunRow,
  matched: number,
  applied: readonly IntendedChange[],
): Promise<RuleChangeStatus[]> {
  const statuses: RuleChangeStatus[] = [];
  for (const action of definition.actions)
    if (action.type === 'EMAIL_NOTIFICATION' || action.type === 'SLACK_NOTIFICATION')
      statuses.push(
        await notifyOnce(ctx, rule, run, action, { ruleName: rule.name, matched, applied }),
      );
  return statuses;
}

/**
 * Records finished runs of one team: their outcome, their rules' last and next run, and the
 * activity entries. A batch records a group's runs together; a crash before leaves them PENDING
 * and the next check runs them again, finding the changes they recorded.
 */
async function finishRuns(ctx: EngineContext, teamId: string, finished: readonly Finished[]) {
  await finishRunRows(
    ctx.db,
    teamId,
    finished.map(({ rule, run, outcome, now }) => {
      const schedule = scheduleOf(rule);
      return {
        runId: run.id,
        ruleId: rule.id,
        status: outcome.status,
        evaluated: outcome.evaluated,
        matched: outcome.matched,
        message: outcome.message,
        scriptLog: outcome.scriptLog ?? null,
        finishedAt: new Date(),
        dryRun: run.dryRun,
        lastRunAt: now,
        nextRunAt: rule.enabled && schedule ? nextRunAt(schedule, now, now) : null,
      };
    }),
  );
  for (const { rule, run, outcome } of finished) {
    const entry = activityEntry(rule, run, outcome);
    if (entry)
      await insertActivityLog(ctx.db, teamId, {
        userId: run.triggeredBy ?? rule.createdBy,
        impersonatorId: null,
        ...entry,
      });
  }
}

/**
 * rule_tested for a dry run, rule_run (rule_run_with_goal) for a run that changed something;
 * nothing otherwise.
 */
function activityEntry(rule: RuleRow, run: RunRow, outcome: RunOutcome) {
  const noun = rule.kind === 'SCRIPT' ? 'scripted rule' : 'rule';
  if (run.dryRun)
    return {
      logType: 'rule_tested',
      message: `Dry run of ${noun} "${rule.name}": ${outcome.matched} matched, ${outcome.planned} changes planned`,
    };
  if (outcome.applied === 0) return null;
  // A rule judging a goal's metrics logs as such (spec 2 §3.7 rule_run_with_goal).
  const withGoal = Boolean((rule.definition as { goalId?: string } | null)?.goalId);
  return {
    logType: withGoal ? 'rule_run_with_goal' : 'rule_run',
    message: `${noun === 'rule' ? 'Rule' : 'Scripted rule'} "${rule.name}" ran: ${outcome.matched} matched, ${outcome.applied} changes applied`,
  };
}
