// A bulk change of keyword bids from the page: previewed (old → new, what the caps cut or
// refuse), then applied as a run of the company's carrier rule through the automation engine's
// safety gateway (caps, kill switches, idempotency, audit) and on to Apple through the write
// gateway, whose activity entries carry the keywordOptimization source. An apply is reverted as
// any run is (engine/revert.ts).
import {
  applyBidChangesInput,
  AUTOMATION_MESSAGES,
  bidChangesInput,
  DEFAULT_SAFETY_CAPS,
  KEYWORD_OPTIMIZATION_MESSAGES,
  moneyToMicros,
  RULE_CHANGE_STATUSES,
  type BidChange,
  type BidChangeRefusal,
  type RuleChangeStatus,
  type SafetyCaps,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { writeActorOf } from '../apple-writes/write-actor';
import type { Caller } from '../automation/rules.service';
import { revertRun } from '../automation/engine/revert';
import { plannedAmount, type IntendedChange } from '../automation/engine/rule-changes';
import type { RuleValues } from '../automation/engine/rule-evaluation';
import {
  insertRun,
  listRunChanges,
  readKillSwitches,
  updateRun,
  type KillSwitches,
} from '../automation/engine/rule-runs.repository';
import { matchedRunStatus } from '../automation/engine/run-outcome';
import { passThroughSafetyGateway, SAFETY_MESSAGES } from '../automation/engine/safety-gateway';
import { carrierRule, findApplyRun, findRunByKey, listApplies } from './bid-applies.repository';
import { findChangeTargets, type ChangeTarget } from './keyword-optimization.repository';

/** The automation defaults hold the page's applies too (amounts in the keyword's currency). */
export const BID_APPLY_CAPS: SafetyCaps = DEFAULT_SAFETY_CAPS;

/** SET_TO reads no metric value. */
const NO_VALUES = {} as RuleValues;

export interface BidChangeLine {
  adAccountId: number;
  keywordId: number;
  text: string | null;
  currency: string | null;
  oldBidMicros: number | null;
  requestedBidMicros: number;
  /** The bid that will be (or was) sent, after the caps; null when nothing is sent. */
  newBidMicros: number | null;
  /** (new − old) / old. */
  change: number | null;
  capped: boolean;
  refusal: BidChangeRefusal | null;
  /** After an apply: the change's status in the run, and Apple's or the gateway's words. */
  status: RuleChangeStatus | null;
  message: string | null;
}

const keyOf = (ref: { adAccountId: number; keywordId: number }) =>
  `${ref.adAccountId}:${ref.keywordId}`;

function intendedChange(target: ChangeTarget, current: number, micros: number, capped: boolean) {
  const change: IntendedChange = {
    adAccountId: target.adAccountId,
    level: 'keyword',
    entityId: String(target.keywordId),
    entityName: target.text,
    campaignId: target.campaignId,
    adGroupId: target.adGroupId,
    matchedValues: {},
    action: 'CHANGE_BID',
    before: { bidMicros: current },
    after: { bidMicros: micros },
    capped,
    write: {
      kind: 'bid',
      level: 'keyword',
      id: target.keywordId,
      micros,
      currency: target.currency,
    },
  };
  return change;
}

/**
 * The lines and the changes for the gateway, in the order asked (each keyword once): the new bid
 * on whole cents cut to the caps, as a rule's SET_TO is; the count and kill switches as the
 * gateway will apply them.
 */
export function planBidChanges(
  changes: readonly BidChange[],
  targets: readonly ChangeTarget[],
  caps: SafetyCaps,
  switches: KillSwitches,
): { lines: BidChangeLine[]; intended: IntendedChange[] } {
  const byKey = new Map(targets.map((target) => [keyOf(target), target]));
  const seen = new Set<string>();
  const lines: BidChangeLine[] = [];
  const intended: IntendedChange[] = [];
  const switchedOff = switches.killSwitch || switches.globalKillSwitch;
  for (const change of changes) {
    if (seen.has(keyOf(change))) continue;
    seen.add(keyOf(change));
    const target = byKey.get(keyOf(change));
    const requested = moneyToMicros(change.bid);
    const line: BidChangeLine = {
      adAccountId: change.adAccountId,
      keywordId: change.keywordId,
      text: target?.text ?? null,
      currency: target?.currency ?? null,
      oldBidMicros: target?.bidMicros ?? null,
      requestedBidMicros: requested,
      newBidMicros: null,
      change: null,
      capped: false,
      refusal: null,
      status: null,
      message: null,
    };
    lines.push(line);
    const current = target?.bidMicros ?? null;
    if (!target || current === null) {
      line.refusal = 'NOT_FOUND';
      continue;
    }
    const planned = plannedAmount(
      { type: 'CHANGE_BID', operation: 'SET_TO', unit: 'AMOUNT', value: requested / 1_000_000 },
      current,
      NO_VALUES,
      caps,
    );
    if (!planned) {
      line.refusal = 'NO_CHANGE';
      continue;
    }
    line.newBidMicros = planned.micros;
    line.change = (planned.micros - current) / current;
    line.capped = planned.capped;
    if (intended.length >= caps.maxChangesPerRun) line.refusal = 'OVER_RUN_CAP';
    else if (switchedOff) line.refusal = 'KILL_SWITCH';
    if (line.refusal !== 'OVER_RUN_CAP')
      intended.push(intendedChange(target, current, planned.micros, planned.capped));
  }
  return { lines, intended };
}

async function plan(ctx: Pick<AppContext, 'db'>, teamId: string, changes: readonly BidChange[]) {
  const [targets, switches] = await Promise.all([
    findChangeTargets(ctx.db, teamId, changes),
    readKillSwitches(ctx.db, teamId),
  ]);
  return planBidChanges(changes, targets, BID_APPLY_CAPS, switches);
}

/** What an apply of these bids would do; nothing is recorded or sent. */
export async function previewBidChanges(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  input: unknown,
): Promise<BidChangeLine[]> {
  const { changes } = bidChangesInput.parse(input);
  return (await plan(ctx, teamId, changes)).lines;
}

/** Applies the bids as one run; sending the same requestId again sends nothing twice. */
export async function applyBidChanges(
  ctx: AppContext,
  caller: Caller,
  input: unknown,
): Promise<{ successMessage: string; runId: string; lines: BidChangeLine[] }> {
  const { changes, requestId } = applyBidChangesInput.parse(input);
  const teamId = caller.teamId;
  const { lines, intended } = await plan(ctx, teamId, changes);
  const rule = await carrierRule(ctx.db, teamId, caller.userId);
  const runKey = `apply:${requestId}`;
  // A repeated request answers what its first attempt did (its bids are set by now).
  const earlier = await findRunByKey(ctx.db, teamId, rule.id, runKey);
  if (!earlier && intended.length === 0)
    throw new AppError('BAD_REQUEST', KEYWORD_OPTIMIZATION_MESSAGES.nothingToApply);
  const run =
    earlier ??
    (await insertRun(ctx.db, teamId, {
      ruleId: rule.id,
      ruleName: rule.name,
      trigger: 'MANUAL',
      dryRun: false,
      runKey,
      triggeredBy: caller.userId,
    }));
  if (!run.finishedAt) {
    const { results, leftOut } = await passThroughSafetyGateway(
      ctx,
      {
        teamId,
        runId: run.id,
        ruleId: rule.id,
        dryRun: false,
        caps: BID_APPLY_CAPS,
        actionLimitHours: null,
        actor: writeActorOf(caller, 'keywordOptimization', 'keywordOptimization.write'),
        // A repeated request finds what its first attempt recorded.
        fresh: false,
      },
      intended,
      new Date(),
    );
    await updateRun(ctx.db, teamId, run.id, {
      status: matchedRunStatus(results.map((each) => each.status)).status,
      evaluated: lines.length,
      matched: intended.length,
      message: leftOut ? SAFETY_MESSAGES.overChangesPerRun(BID_APPLY_CAPS.maxChangesPerRun) : null,
      finishedAt: new Date(),
    });
  }
  const recorded = new Map(
    (await listRunChanges(ctx.db, teamId, run.id, RULE_CHANGE_STATUSES)).map((change) => [
      `${change.adAccountId}:${change.entityId}`,
      change,
    ]),
  );
  for (const line of lines) {
    const change = recorded.get(keyOf(line));
    if (!change) continue;
    Object.assign(line, {
      oldBidMicros: change.before?.bidMicros ?? line.oldBidMicros,
      newBidMicros: change.after?.bidMicros ?? line.newBidMicros,
      capped: change.capped,
      refusal: null,
      status: change.status,
      message: change.message,
    });
    const { oldBidMicros, newBidMicros } = line;
    line.change =
      oldBidMicros && newBidMicros ? (newBidMicros - oldBidMicros) / oldBidMicros : null;
  }
  return { successMessage: KEYWORD_OPTIMIZATION_MESSAGES.applied, runId: run.id, lines };
}

export interface BidApply {
  id: string;
  startedAt: Date;
  finishedAt: Date | null;
  status: string;
  triggeredBy: string | null;
  applied: number;
  failed: number;
  skipped: number;
  reverted: number;
  revertedAt: Date | null;
  revertible: boolean;
}

/** The company's recent applies, newest first. */
export async function listBidApplies(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  limit = 20,
): Promise<BidApply[]> {
  return (await listApplies(ctx.db, teamId, limit)).map(({ run, counts }) => ({
    id: run.id,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    status: run.status,
    triggeredBy: run.triggeredBy,
    applied: counts.APPLIED ?? 0,
    failed: counts.FAILED ?? 0,
    skipped: counts.SKIPPED ?? 0,
    reverted: counts.REVERTED ?? 0,
    revertedAt: run.revertedAt,
    revertible: run.finishedAt !== null && run.revertedAt === null && (counts.APPLIED ?? 0) > 0,
  }));
}

/** Sets the apply's bids back where Apple still has the ones it set. */
export async function revertBidApply(
  ctx: AppContext,
  caller: Caller,
  runId: string,
): Promise<{ successMessage: string; reverted: number; skipped: number }> {
  const run = await findApplyRun(ctx.db, caller.teamId, runId);
  if (!run) throw new AppError('NOT_FOUND', 'No such apply.');
  if (run.revertedAt) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.nothingToRevert);
  const result = await revertRun(
    ctx,
    writeActorOf(caller, 'keywordOptimization', 'keywordOptimization.write'),
    run.id,
  );
  return { successMessage: KEYWORD_OPTIMIZATION_MESSAGES.reverted, ...result };
}
