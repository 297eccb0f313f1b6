// Backtests as jobs (docs/api/automation.md): a member starts one with a rule draft and a range,
// a job replays it away from the requests being served and tells the member over the socket
// after each day, and the member reads the result once it is DONE. A member runs one at a time.
import {
  AUTOMATION_MESSAGES,
  BACKTESTS_KEPT_PER_MEMBER,
  type AutomationRuleDefinition,
  SOCKET_EVENTS,
  type RuleBacktestFailure,
  type RuleBacktestProgress,
  type RuleBacktestResult,
  type RuleBacktestRun,
} from '@tapwise/contracts';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { insertActivityLog } from '../../activity-log/activity-log.repository';
import type { AppContext } from '../../app-context';
import type { JobContext } from '../../job-context';
import { reportingCurrencyOf } from '../../currencies/exchange-rates.service';
import { replayScriptBacktest, type ScriptBacktest } from '../../scripted-rules/script-backtest';
import { BacktestTooWideError, planBacktest, replayBacktest } from './backtest';
import { ruleBacktestJob } from './jobs/rule-backtest.job';
import {
  findBacktest,
  findMovingBacktest,
  finishBacktest,
  insertBacktest,
  pruneBacktests,
  saveBacktestProgress,
  type BacktestRow,
} from './rule-backtests.repository';

/** What a backtest row keeps: a rule draft's backtestInput, or a scripted rule's. */
type BacktestInput =
  { rule: AutomationRuleDefinition; start: string; end: string } | ScriptBacktest;

/** A RUNNING backtest that has not moved for this long was lost with its worker. */
const BACKTEST_STALLED_MS = 2 * 60_000;

const FAILURE_MESSAGES: Record<RuleBacktestFailure, string> = {
  TOO_WIDE: AUTOMATION_MESSAGES.backtestTooWide,
  FAILED: AUTOMATION_MESSAGES.backtestFailed,
};

function progressOf(row: BacktestRow): RuleBacktestProgress {
  return {
    backtestId: row.id,
    status: row.status,
    done: row.done,
    total: row.total,
    failure: row.failure ?? null,
  };
}

export async function startRuleBacktest(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: { teamId: string; userId: string },
  rawInput: unknown,
): Promise<{ successMessage: string; backtestId: string }> {
  const { rule, start, end, days } = planBacktest(rawInput);
  // A draft without a currency is in the company's reporting currency, as saving it would be.
  const currency = rule.currency ?? (await reportingCurrencyOf(ctx.db, caller.teamId));
  return queueBacktest(ctx, caller, { rule: { ...rule, currency }, start, end }, days.length);
}

/**
 * Keeps a backtest's checked input (a rule's, or a scripted rule's) and queues its job; a member
 * runs one at a time and keeps the newest few.
 */
export async function queueBacktest(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: { teamId: string; userId: string },
  input: BacktestInput,
  total: number,
): Promise<{ successMessage: string; backtestId: string }> {
  const since = new Date(Date.now() - BACKTEST_STALLED_MS);
  if (await findMovingBacktest(ctx.db, caller.teamId, caller.userId, since))
    throw new AppError('CONFLICT', AUTOMATION_MESSAGES.backtestRunning);
  await pruneBacktests(ctx.db, caller.teamId, caller.userId, BACKTESTS_KEPT_PER_MEMBER - 1);
  const row = await insertBacktest(ctx.db, caller.teamId, { userId: caller.userId, input, total });
  await ctx.jobs.send(ruleBacktestJob, { teamId: caller.teamId, backtestId: row.id });
  return { successMessage: AUTOMATION_MESSAGES.backtestStarted, backtestId: row.id };
}

/** One of the caller's own backtests; anyone else's, or no such id, is not found. */
export async function readRuleBacktest(
  ctx: Pick<AppContext, 'db'>,
  caller: { teamId: string; userId: string },
  id: string,
): Promise<RuleBacktestRun> {
  const row = z.uuid().safeParse(id).success ? await findBacktest(ctx.db, caller.teamId, id) : null;
  if (!row || row.userId !== caller.userId) throw new AppError('NOT_FOUND', 'No such backtest.');
  return {
    ...progressOf(row),
    result: row.status === 'DONE' ? row.result : null,
    message: row.failure ? FAILURE_MESSAGES[row.failure] : null,
  };
}

/** The job's work: replays the days, saving and announcing each; a finished backtest is left. */
export async function runRuleBacktest(ctx: JobContext, teamId: string, id: string): Promise<void> {
  const row = await findBacktest(ctx.db, teamId, id);
  if (!row || row.status !== 'RUNNING') return;
  const input = row.input as BacktestInput;
  const announce = (progress: RuleBacktestProgress) =>
    ctx.realtime.toUser(row.userId, SOCKET_EVENTS.ruleBacktest, progress);
  let outcome: { result: RuleBacktestResult } | { failure: RuleBacktestFailure };
  try {
    const onDay = async (done: number) => {
      await saveBacktestProgress(ctx.db, teamId, id, done);
      announce({ ...progressOf(row), done });
    };
    const result =
      'script' in input
        ? await replayScriptBacktest(ctx.db, teamId, input, onDay)
        : await replayBacktest(ctx.db, teamId, planBacktest(input), onDay);
    outcome = { result };
  } catch (error) {
    if (!(error instanceof BacktestTooWideError)) throw error;
    outcome = { failure: 'TOO_WIDE' };
  }
  const finished = await finishBacktest(ctx.db, teamId, id, outcome);
  if ('result' in outcome)
    await insertActivityLog(ctx.db, teamId, {
      userId: row.userId,
      logType: 'rule_tested',
      message: `Backtest of ${'script' in input ? `scripted rule "${input.script.name}"` : `rule "${input.rule.name}"`} from ${input.start} to ${input.end}: ${outcome.result.totalChanges} changes`,
    });
  if (finished) announce(progressOf(finished));
}

/** The job failed on its last attempt: the backtest ends, so that its progress bar does too. */
export async function giveUpRuleBacktest(
  ctx: Pick<JobContext, 'db' | 'realtime'>,
  teamId: string,
  id: string,
): Promise<void> {
  const row = await findBacktest(ctx.db, teamId, id);
  if (!row || row.status !== 'RUNNING') return;
  const finished = await finishBacktest(ctx.db, teamId, id, { failure: 'FAILED' });
  if (finished) ctx.realtime.toUser(row.userId, SOCKET_EVENTS.ruleBacktest, progressOf(finished));
}
