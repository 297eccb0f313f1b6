// Every change an automation rule intends passes here, in this order: past the cap on changes
// per run it is left out (counted); a dry run records it PLANNED and calls nothing; a kill
// switch (the company's or Tapwise's) skips it; so does the rule's action limit; otherwise it is
// recorded PENDING under its idempotency key, sent through the Apple write gateway, and recorded
// APPLIED or FAILED. A retried run finds its keys: what was decided stays decided, and only
// PENDING changes are sent again.
import { microsToAmount } from '@tapwise/apple-ads';
import {
  ADS_MANAGER_MESSAGES,
  adGroupEditInput,
  AUTOMATION_MESSAGES,
  campaignEditInput,
  keywordBidInput,
  RULE_CHANGE_STATUSES,
  type RuleChangeStatus,
  type SafetyCaps,
} from '@tapwise/contracts';
import { ZodError } from 'zod';
import { AppError } from '../../../platform/errors';
import type { JobContext } from '../../job-context';
import {
  openAppleWriteGateway,
  type AppleWriteGateway,
} from '../../apple-writes/apple-write-gateway';
import {
  adGroupEdit,
  campaignEdit,
  keywordBidChange,
  statusChange,
} from '../../apple-writes/entity-changes';
import { addNegativeKeywords, addTargetingKeywords } from '../../apple-writes/keyword-additions';
import type { WriteActor } from '../../apple-writes/write-actor';
import type { ChangeWrite, IntendedChange } from './rule-changes';
import {
  appliedSince,
  insertChange,
  insertChanges,
  listRunChanges,
  readKillSwitches,
  updateChange,
  type KillSwitches,
  type NewChange,
} from './rule-runs.repository';

export type GatewayContext = Pick<JobContext, 'db' | 'secrets' | 'logger'>;

export interface GatewayRun {
  teamId: string;
  runId: string;
  ruleId: string;
  dryRun: boolean;
  caps: SafetyCaps;
  /** At most one change per entity and action within this many hours; null for none. */
  actionLimitHours: number | null;
  /** The rule's creator, as the automation source. */
  actor: WriteActor;
  /** Nothing recorded yet: the run was created just now (a batch knows; a job may be a retry). */
  fresh: boolean;
  /** The kill switches as the batch read them at its start; read here otherwise. */
  switches?: KillSwitches | undefined;
  /**
   * Where a batch collects the changes decided without Apple, to write a group's together
   * before its runs finish; written at the end of this run otherwise.
   */
  decided?: NewChange[] | undefined;
}

export const SAFETY_MESSAGES = {
  overChangesPerRun: (cap: number) =>
    `Further changes were left out: a run makes at most ${cap} changes.`,
  actionLimit: 'Skipped: this rule already changed it within its action limit.',
  notValid: 'The change is not valid for Apple Ads.',
} as const;

export const idempotencyKeyOf = (runId: string, change: IntendedChange) =>
  `${runId}:${change.level}:${change.entityId}:${change.action}`;

type Decision = { status: RuleChangeStatus; message: string | null };

export interface GatewayOutcome {
  /** The changes the run took up, with their final status. */
  results: { change: IntendedChange; status: RuleChangeStatus }[];
  /** Further changes were left out over maxChangesPerRun (not recorded one by one). */
  leftOut: boolean;
}

/** Action-limit skips do not use up a run's changes; every other recorded change does. */
const usesUpCap = (change: { status: RuleChangeStatus; message: string | null }) =>
  !(change.status === 'SKIPPED' && change.message === SAFETY_MESSAGES.actionLimit);

/**
 * Passes a run's changes through the gateway in order. A run records at most maxChangesPerRun
 * changes (planned, skipped by a kill switch, sent): a dry run shows what a real run would do,
 * and a rule matching thousands of entities does not write thousands of audit rows.
 */
export async function passThroughSafetyGateway(
  ctx: GatewayContext,
  run: GatewayRun,
  changes: Iterable<IntendedChange>,
  now: Date,
): Promise<GatewayOutcome> {
  const { db } = ctx;
  const gateways = new Map<number, Promise<AppleWriteGateway>>();
  const gatewayOf = (adAccountId: number) => {
    if (!gateways.has(adAccountId))
      gateways.set(adAccountId, openAppleWriteGateway(ctx, run.actor, adAccountId));
    return gateways.get(adAccountId)!;
  };
  // What an earlier attempt of this run decided, by idempotency key.
  const recorded = new Map(
    (run.fresh ? [] : await listRunChanges(db, run.teamId, run.runId, RULE_CHANGE_STATUSES)).map(
      (change) => [change.idempotencyKey, change],
    ),
  );
  let taken = [...recorded.values()].filter(usesUpCap).length;
  let leftOut = false;
  const switchesAtStart = run.dryRun
    ? null
    : (run.switches ?? (await readKillSwitches(db, run.teamId)));
  const results: GatewayOutcome['results'] = [];
  const settle = (change: IntendedChange, status: RuleChangeStatus) =>
    results.push({ change, status });
  // Changes decided without Apple (planned or skipped), written together at the end.
  const decided: NewChange[] = run.decided ?? [];
  for (const change of changes) {
    const key = idempotencyKeyOf(run.runId, change);
    const existing = recorded.get(key) ?? null;
    if (existing && existing.status !== 'PENDING') {
      settle(change, existing.status);
      continue;
    }
    if (!existing && taken >= run.caps.maxChangesPerRun) {
      leftOut = true;
      // A retried run reads on for changes an earlier attempt left PENDING; a fresh one stops.
      if (recorded.size === 0) break;
      continue;
    }
    const values = (status: RuleChangeStatus, message: string | null): NewChange => ({
      runId: run.runId,
      ruleId: run.ruleId,
      adAccountId: change.adAccountId,
      level: change.level,
      entityId: change.entityId,
      entityName: change.entityName,
      campaignId: change.campaignId,
      adGroupId: change.adGroupId,
      matchedValues: change.matchedValues,
      action: change.action,
      before: change.before,
      after: change.after,
      capped: change.capped,
      conversion: change.conversion ?? null,
      idempotencyKey: key,
      status,
      message,
    });
    const refusal =
      (await refusalOf(ctx, run, change, switchesAtStart, existing !== null, now)) ??
      // Read again just before sending: switching automation off takes effect mid-run.
      killSwitchRefusal(await readKillSwitches(db, run.teamId));
    if (refusal) {
      if (existing) await updateChange(db, run.teamId, existing.id, refusal);
      else {
        decided.push(values(refusal.status, refusal.message));
        if (usesUpCap(refusal)) taken++;
      }
      settle(change, refusal.status);
      continue;
    }
    const pending = existing ?? (await insertChange(db, run.teamId, values('PENDING', null)));
    if (!existing) taken++;
    try {
      const write = existing ? recordedWrite(change.write, existing.after) : change.write;
      await send(ctx, run.actor, await gatewayOf(change.adAccountId), write);
      await updateChange(db, run.teamId, pending.id, {
        status: 'APPLIED',
        message: null,
        appliedAt: new Date(),
      });
      settle(change, 'APPLIED');
    } catch (error) {
      await updateChange(db, run.teamId, pending.id, {
        status: 'FAILED',
        message: failureMessage(ctx, error),
      });
      settle(change, 'FAILED');
    }
  }
  if (!run.decided) await insertChanges(db, run.teamId, decided);
  return { results, leftOut };
}

function killSwitchRefusal(switches: KillSwitches): Decision | null {
  if (switches.globalKillSwitch)
    return { status: 'SKIPPED', message: AUTOMATION_MESSAGES.globalKillSwitchOn };
  if (switches.killSwitch) return { status: 'SKIPPED', message: AUTOMATION_MESSAGES.killSwitchOn };
  return null;
}

/** Why a change is not sent, in the gateway's order; null when it may go to Apple. */
async function refusalOf(
  ctx: GatewayContext,
  run: GatewayRun,
  change: IntendedChange,
  switches: KillSwitches | null,
  resent: boolean,
  now: Date,
): Promise<Decision | null> {
  if (run.dryRun || !switches) return { status: 'PLANNED', message: null };
  const switchedOff = killSwitchRefusal(switches);
  if (switchedOff) return switchedOff;
  if (change.refusal) return { status: 'FAILED', message: change.refusal };
  if (resent) return null;
  if (
    run.actionLimitHours !== null &&
    (await appliedSince(
      ctx.db,
      run.teamId,
      { ruleId: run.ruleId, runId: run.runId, entityId: change.entityId, action: change.action },
      new Date(now.getTime() - run.actionLimitHours * 3_600_000),
    ))
  )
    return { status: 'SKIPPED', message: SAFETY_MESSAGES.actionLimit };
  return null;
}

/**
 * A change re-sent after a crash sends the amount recorded then, not one planned again from the
 * copy that change may already have updated (a percentage would otherwise compound).
 */
function recordedWrite(write: ChangeWrite, recorded: Record<string, unknown> | null): ChangeWrite {
  if (write.kind !== 'bid' && write.kind !== 'budget') return write;
  const micros = Object.values(recorded ?? {})[0];
  return typeof micros === 'number' ? { ...write, micros } : write;
}

/** Sends one change; Apple already having the value counts as done. */
async function send(
  ctx: GatewayContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  write: ChangeWrite,
): Promise<void> {
  const adAccountId = gateway.adAccountId;
  switch (write.kind) {
    case 'status':
      await gateway.change(
        statusChange(write.level, write.pause ? 'pause' : 'resume', { id: write.id }),
      );
      return;
    case 'bid': {
      const bid = microsToAmount(write.micros);
      if (write.level === 'keyword') {
        const input = keywordBidInput.parse({ adAccountId, keyword: { id: write.id }, bid });
        await gateway.change(keywordBidChange(input, write.currency));
      } else {
        const input = adGroupEditInput.parse({
          adAccountId,
          adGroup: { id: write.id },
          defaultBid: bid,
        });
        await gateway.change(adGroupEdit(input, write.currency));
      }
      return;
    }
    case 'budget':
      await gateway.change(
        campaignEdit(
          campaignEditInput.parse({
            adAccountId,
            campaign: { id: write.id },
            dailyBudget: microsToAmount(write.micros),
          }),
        ),
      );
      return;
    case 'negativeKeyword': {
      const result = await addNegativeKeywords(ctx, actor, {
        adAccountId,
        target: write.adGroupId === null ? 'SELECTED_CAMPAIGNS' : 'SELECTED_AD_GROUPS',
        campaignIds: [write.campaignId],
        adGroupIds: write.adGroupId === null ? [] : [write.adGroupId],
        keywords: [{ text: write.text, matchType: write.matchType }],
      });
      assertAdded(result);
      return;
    }
    case 'keyword': {
      const result = await addTargetingKeywords(ctx, actor, {
        adAccountId,
        adGroupId: write.adGroupId,
        keywords: [
          {
            text: write.text,
            matchType: write.matchType,
            ...(write.bid ? { bid: write.bid } : {}),
          },
        ],
      });
      assertAdded(result);
      return;
    }
  }
}

function assertAdded(result: { added: number; refused: { message: string }[] }) {
  if (result.added === 0)
    throw new AppError(
      'APPLE_ADS_WRITE_FAILED',
      result.refused[0]?.message ?? ADS_MANAGER_MESSAGES.updateFailed,
    );
}

/** Apple's or Tapwise's reason in words; anything unexpected is logged and worded generically. */
function failureMessage(ctx: GatewayContext, error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof ZodError) return SAFETY_MESSAGES.notValid;
  ctx.logger.error({ err: error }, 'automation change failed');
  return ADS_MANAGER_MESSAGES.updateFailed;
}
