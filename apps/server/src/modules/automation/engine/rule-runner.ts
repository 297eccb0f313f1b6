// Runs rules: one rule's run (a manual run, or a job retried after a crash), or every due rule in
// one batch. A batch groups rules by team, target and grain and reads each group's rows for all
// its windows with ONE aggregate query, then filters and evaluates per rule in memory.
import { randomUUID } from 'node:crypto';
import {
  AUTOMATION_MESSAGES,
  automationRuleInput,
  effectiveCaps,
  nextRunAt,
  ACTION_LIMIT_FREQUENCY_HOURS,
  type AutomationRuleDefinition,
  type AutomationRuleStatus,
  type RuleChangeStatus,
  type RuleRunTrigger,
  type SlackChannelRef,
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
  insertChange,
  findChangeByKey,
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
import {
  describeChange,
  postRunSlackNotification,
  sendRunNotification,
  type RunSummary,
} from './run-notification';
import { passThroughSafetyGateway, SAFETY_MESSAGES, type GatewayRun } from './safety-gateway';

export type EngineContext = Pick<JobContext, 'db' | 'secrets' | 'logger' | 'config' | 'jobs'> &
  Pick<JobContext, 'workerId'>;

export const RUN_FAILED_MESSAGE = 'The rule could not run. It will try again at its next check.';
export const RULE_DELETED_MESSAGE = 'The rule was deleted before it ran.';

interface RunOutcome {
  status: AutomationRuleStatus;
  evaluated: number;
  matched: number;
  applied: number;
  planned: number;
  /** Words for the run's log: why it failed, or how many changes the cap left out. */
  message: string | null;
}

/** Who a rule's changes are made by: its creator, through the automation source. */
const ruleActor = (rule: RuleRow): WriteActor => ({
  teamId: rule.teamId,
  userId: rule.createdBy,
  impersonatorId: null,
  mayWrite: true,
  source: 'automation',
});

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

/** Runs every enabled rule due at `now` (of one team, when its fresh data has landed). */
export async function runDueRules(
  ctx: EngineContext,
  now: Date,
  trigger: Exclude<RuleRunTrigger, 'MANUAL'>,
  teamId?: string,
  syncId?: string,
): Promise<{ runs: number }> {
  const workerId = ctx.workerId ?? null;
  const groups = groupDueRules(await claimDueRules(ctx.db, now, teamId, workerId), now);
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
    const started = await insertRunsOnce(
      ctx.db,
      team,
      group.map(({ rule }) => ({
        ruleId: rule.id,
        ruleName: rule.name,
        trigger,
        dryRun: false,
        runKey: runKeyOf(rule),
        triggeredBy: null,
        workerId,
      })),
    );
    const finished: Finished[] = [];
    const decided: NewChange[] = [];
    for (const [position, { rule, definition, window }] of group.entries()) {
      const { run, created } = started[position]!;
      // An earlier attempt's run is this batch's only if no live worker is executing it.
      if (!created && !run.finishedAt && !(await claimRun(ctx.db, run.id, workerId))) continue;
      if (run.finishedAt) {
        // The run is done but the rule never learned it (a crash in between): move it on.
        await recordRuleRun(ctx.db, team, rule.id, {
          lastRunAt: run.finishedAt,
          lastRunStatus: run.status,
          nextRunAt: definition ? nextRunAt(definition, run.finishedAt, now) : null,
        });
        continue;
      }
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
  return { runs };
}

const NO_RATES = new RatesHistory([]);

const dueHour = (at: Date) =>
  new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();

/**
 * What a batch knows about a run already, saving each run the reads (and some writes), and the
 * reference rates of a day, read once for all its runs.
 */
type Known = Pick<GatewayRun, 'fresh' | 'switches' | 'decided'> & {
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
    outcome = {
      status: 'FAILED',
      evaluated: 0,
      matched: 0,
      applied: 0,
      planned: 0,
      message: RUN_FAILED_MESSAGE,
    };
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
    {
      teamId: rule.teamId,
      runId: run.id,
      ruleId: rule.id,
      dryRun: run.dryRun,
      caps,
      actionLimitHours: definition.actionLimitFrequency
        ? ACTION_LIMIT_FREQUENCY_HOURS[definition.actionLimitFrequency]
        : null,
      actor: ruleActor(rule),
      ...known,
    },
    changes,
    now,
  );
  const applied = results
    .filter((result) => result.status === 'APPLIED')
    .map((result) => result.change);
  const notified = await notify(ctx, rule, definition, run, matched.length, applied);
  const all = [...results.map((result) => result.status), ...notified];
  const count = (status: RuleChangeStatus) => all.filter((each) => each === status).length;
  const status: AutomationRuleStatus =
    count('APPLIED') > 0
      ? 'SUCCESS'
      : all.length > 0 && count('FAILED') === all.length
        ? 'FAILED'
        : 'CONDITION MATCHED';
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

type NotificationAction = Extract<
  AutomationRuleDefinition['actions'][number],
  { type: 'EMAIL_NOTIFICATION' | 'SLACK_NOTIFICATION' }
>;

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

async function notifyOnce(
  ctx: EngineContext,
  rule: RuleRow,
  run: RunRow,
  action: NotificationAction,
  summary: RunSummary,
): Promise<RuleChangeStatus> {
  const idempotencyKey = `${run.id}:rule:${rule.id}:${action.type}`;
  const existing = await findChangeByKey(ctx.db, rule.teamId, idempotencyKey);
  if (existing) return existing.status;
  const target =
    action.type === 'EMAIL_NOTIFICATION'
      ? emailTarget(ctx, [...action.recipients.emails, ...action.recipients.externalEmails])
      : slackTarget(ctx, rule.teamId, action.channels);
  let status: RuleChangeStatus = run.dryRun ? 'PLANNED' : 'APPLIED';
  let message: string | null = null;
  if (!run.dryRun) {
    try {
      await target.send(summary);
    } catch (error) {
      ctx.logger.error(
        { err: error, ruleId: rule.id, action: action.type },
        'rule notification not sent',
      );
      status = 'FAILED';
      message = target.failure(error);
    }
  }
  await insertChange(ctx.db, rule.teamId, {
    runId: run.id,
    ruleId: rule.id,
    adAccountId: 0,
    level: 'rule',
    entityId: rule.id,
    entityName: target.names.join(', '),
    action: action.type,
    before: null,
    after: {
      ...target.recorded,
      matched: summary.matched,
      changes: summary.applied.map(describeChange),
    },
    status,
    message,
    idempotencyKey,
    appliedAt: status === 'APPLIED' ? new Date() : null,
  });
  return status;
}

function emailTarget(ctx: EngineContext, recipients: string[]) {
  return {
    names: recipients,
    recorded: { recipients },
    send: (summary: RunSummary) => sendRunNotification(ctx, { ...summary, recipients }),
    failure: () => 'The e-mail could not be sent.',
  };
}

function slackTarget(ctx: EngineContext, teamId: string, channels: SlackChannelRef[]) {
  return {
    names: channels.map((channel) => `#${channel.name}`),
    recorded: { channels },
    send: (summary: RunSummary) =>
      postRunSlackNotification(ctx, teamId, {
        ...summary,
        channelIds: channels.map((channel) => channel.id),
      }),
    // Slack's reason ("Slack is not connected", "…: channel_not_found") is the member's to read.
    failure: (error: unknown) =>
      error instanceof AppError ? error.message : 'The Slack message could not be sent.',
  };
}

interface Finished {
  rule: RuleRow;
  run: RunRow;
  outcome: RunOutcome;
  now: Date;
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
      const definition = automationRuleInput.safeParse(rule.definition);
      return {
        runId: run.id,
        ruleId: rule.id,
        status: outcome.status,
        evaluated: outcome.evaluated,
        matched: outcome.matched,
        message: outcome.message,
        finishedAt: new Date(),
        dryRun: run.dryRun,
        lastRunAt: now,
        nextRunAt: rule.enabled && definition.success ? nextRunAt(definition.data, now, now) : null,
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
  if (run.dryRun)
    return {
      logType: 'rule_tested',
      message: `Dry run of rule "${rule.name}": ${outcome.matched} matched, ${outcome.planned} changes planned`,
    };
  if (outcome.applied === 0) return null;
  // A rule judging a goal's metrics logs as such (spec 2 §3.7 rule_run_with_goal).
  const withGoal = Boolean((rule.definition as { goalId?: string } | null)?.goalId);
  return {
    logType: withGoal ? 'rule_run_with_goal' : 'rule_run',
    message: `Rule "${rule.name}" ran: ${outcome.matched} matched, ${outcome.applied} changes applied`,
  };
}
