// One-click revert of a run: its applied changes, newest first, undone through the Apple write
// gateway. A bid or budget goes back only while Apple still has the value the run set; pauses and
// resumes swap; added keywords and negative keywords are deleted. A person undoing is not held
// to the caps or the kill switch.
import {
  AUTOMATION_MESSAGES,
  adGroupEditInput,
  campaignEditInput,
  keywordBidInput,
  type WritableLevel,
} from '@tapwise/contracts';
import { microsToAmount } from '@tapwise/apple-ads';
import { AppError } from '../../../platform/errors';
import {
  openAppleWriteGateway,
  type AppleWriteGateway,
  type EntityChange,
} from '../../apple-writes/apple-write-gateway';
import { findStoredEntity } from '../../apple-writes/apple-writes.repository';
import { LEVEL_OPERATIONS } from '../../apple-writes/entity-levels';
import {
  adGroupEdit,
  campaignEdit,
  keywordBidChange,
  statusChange,
} from '../../apple-writes/entity-changes';
import type { WriteActor } from '../../apple-writes/write-actor';
import {
  findAddedKeyword,
  findAddedNegativeKeyword,
  findRun,
  listRunChanges,
  updateChange,
  updateRun,
  type ChangeRow,
} from './rule-runs.repository';
import type { GatewayContext } from './safety-gateway';

export const REVERT_MESSAGES = {
  changedSince: 'Changed since the run',
  alreadyRemoved: 'Already removed',
} as const;

/** Apple's value is no longer the one the run set. */
class ChangedSinceRun extends Error {}

export async function revertRun(
  ctx: GatewayContext,
  actor: WriteActor,
  runId: string,
): Promise<{ reverted: number; skipped: number }> {
  const run = await findRun(ctx.db, actor.teamId, runId);
  if (!run) throw new AppError('NOT_FOUND', 'No such run.');
  const applied =
    run.finishedAt && !run.dryRun
      ? await listRunChanges(ctx.db, actor.teamId, runId, ['APPLIED'])
      : [];
  // A sent e-mail or Slack message cannot be taken back.
  const changes = applied.filter(
    (change) => change.action !== 'EMAIL_NOTIFICATION' && change.action !== 'SLACK_NOTIFICATION',
  );
  if (changes.length === 0) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.nothingToRevert);
  const gateways = new Map<number, Promise<AppleWriteGateway>>();
  let reverted = 0;
  let skipped = 0;
  for (const change of changes) {
    if (!gateways.has(change.adAccountId))
      gateways.set(change.adAccountId, openAppleWriteGateway(ctx, actor, change.adAccountId));
    try {
      const skip = await undo(ctx, actor, await gateways.get(change.adAccountId)!, change);
      await updateChange(ctx.db, actor.teamId, change.id, {
        status: skip ? 'SKIPPED' : 'REVERTED',
        message: skip,
      });
      if (skip) skipped++;
      else reverted++;
    } catch (error) {
      if (error instanceof ChangedSinceRun)
        await updateChange(ctx.db, actor.teamId, change.id, {
          status: 'SKIPPED',
          message: REVERT_MESSAGES.changedSince,
        });
      // Apple refused: left APPLIED with the reason, so a later revert tries again.
      else if (error instanceof AppError)
        await updateChange(ctx.db, actor.teamId, change.id, { message: error.message });
      else throw error;
      skipped++;
    }
  }
  await updateRun(ctx.db, actor.teamId, runId, {
    revertedAt: new Date(),
    revertedBy: actor.userId,
  });
  return { reverted, skipped };
}

/** Undoes one change; answers why it was skipped, or null when it was undone. */
async function undo(
  ctx: GatewayContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  change: ChangeRow,
): Promise<string | null> {
  const id = Number(change.entityId);
  const after = change.after ?? {};
  switch (change.action) {
    case 'PAUSE':
    case 'RESUME':
      await gateway.change(
        statusChange(
          change.level as WritableLevel,
          change.action === 'PAUSE' ? 'resume' : 'pause',
          {
            id,
          },
        ),
      );
      return null;
    case 'CHANGE_BID':
    case 'CHANGE_BUDGET': {
      const [field, setTo] = Object.entries(after)[0]!;
      const before = change.before![field] as number;
      const restore = await restoringChange(ctx, actor, gateway, change, microsToAmount(before));
      await gateway.change(onlyIfStill(restore, gateway.adAccountId, field, setTo as number));
      return null;
    }
    case 'ADD_AS_KEYWORD': {
      const added = await findAddedKeyword(
        ctx.db,
        actor.teamId,
        gateway.adAccountId,
        after as never,
      );
      if (added === null) return REVERT_MESSAGES.alreadyRemoved;
      await gateway.change(statusChange('keyword', 'delete', { id: added }));
      return null;
    }
    case 'ADD_AS_NEGATIVE_KEYWORD': {
      const added = await findAddedNegativeKeyword(
        ctx.db,
        actor.teamId,
        gateway.adAccountId,
        after as never,
      );
      if (added === null) return REVERT_MESSAGES.alreadyRemoved;
      await gateway.change(statusChange('negativeKeyword', 'delete', { id: added }));
      return null;
    }
    default:
      return null;
  }
}

/** The edit that sets the bid or budget back, in the campaign's currency. */
async function restoringChange(
  ctx: GatewayContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  change: ChangeRow,
  amount: string,
): Promise<EntityChange<'campaign' | 'adGroup' | 'keyword'>> {
  const adAccountId = gateway.adAccountId;
  const id = Number(change.entityId);
  if (change.level === 'campaign')
    return campaignEdit(
      campaignEditInput.parse({ adAccountId, campaign: { id }, dailyBudget: amount }),
    );
  const stored = await findStoredEntity(
    ctx.db,
    actor.teamId,
    change.level as 'adGroup' | 'keyword',
    adAccountId,
    id,
  );
  if (!stored) throw new AppError('NOT_FOUND', 'No such entity.');
  const campaign = await findStoredEntity(
    ctx.db,
    actor.teamId,
    'campaign',
    adAccountId,
    stored.campaignId,
  );
  const currency = campaign?.currency ?? 'USD';
  if (change.level === 'keyword')
    return keywordBidChange(
      keywordBidInput.parse({ adAccountId, keyword: { id }, bid: amount }),
      currency,
    );
  return adGroupEdit(
    adGroupEditInput.parse({ adAccountId, adGroup: { id }, defaultBid: amount }),
    currency,
  );
}

/** Sends the change only while Apple's value of `field` is still the one the run set. */
function onlyIfStill<L extends 'campaign' | 'adGroup' | 'keyword'>(
  change: EntityChange<L>,
  adAccountId: number,
  field: string,
  setTo: number,
): EntityChange<L> {
  return {
    ...change,
    async send(account, current) {
      const row = LEVEL_OPERATIONS[change.level].row(adAccountId, current) as Record<
        string,
        unknown
      >;
      if (row[field] !== setTo) throw new ChangedSinceRun();
      return change.send(account, current);
    },
  };
}
