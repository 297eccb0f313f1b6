// The ads manager's writes (spec 1 §4, §9): each validates its input with the contracts' schema
// and goes through the Apple write gateway.
import {
  ADS_MANAGER_MESSAGES as MESSAGES,
  adGroupEditInput,
  campaignEditInput,
  DIRECT_WRITE_MAX_ROWS,
  keywordBidInput,
  statusChangeInput,
  type ReportRow,
  type WriteRowResult,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { findReportRow } from '../ads-manager/report-row.repository';
import { openAppleWriteGateway, type AppleWriteGateway } from './apple-write-gateway';
import { campaignNameTaken, findStoredEntity } from './apple-writes.repository';
import { startBulkAction } from './bulk-actions.service';
import { adGroupEdit, campaignEdit, keywordBidChange, statusChange } from './entity-changes';
import { rowResult } from './write-row-result';
import type { WriteActor } from './write-actor';

type WriteContext = Pick<AppContext, 'db' | 'secrets' | 'jobs'>;

export interface WriteResult {
  successMessage: string;
  results: WriteRowResult[];
  bulkActionId: string | null;
}

export interface EntityWriteResult {
  successMessage: string;
  row: ReportRow;
}

/**
 * Pause, resume or delete. One entity answers with its error; several answer per row; more than
 * DIRECT_WRITE_MAX_ROWS run as a bulk action.
 */
export async function changeEntityStatus(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<WriteResult> {
  const input = statusChangeInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const successMessage = input.action === 'delete' ? MESSAGES.deleted : MESSAGES.statusChanged;
  if (input.entities.length > DIRECT_WRITE_MAX_ROWS) {
    const bulkActionId = await startBulkAction(ctx, actor, input);
    return { successMessage, results: [], bulkActionId };
  }
  if (input.entities.length === 1) {
    await gateway.change(statusChange(input.level, input.action, input.entities[0]!));
    return {
      successMessage,
      results: [{ id: input.entities[0]!.id, ok: true, message: null }],
      bulkActionId: null,
    };
  }
  const results: WriteRowResult[] = [];
  for (const ref of input.entities)
    results.push(
      await rowResult(ref.id, gateway.change(statusChange(input.level, input.action, ref))),
    );
  return { successMessage, results, bulkActionId: null };
}

export async function updateCampaign(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<EntityWriteResult> {
  const input = campaignEditInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  if (
    input.name !== undefined &&
    (await campaignNameTaken(
      ctx.db,
      actor.teamId,
      input.adAccountId,
      input.name,
      input.campaign.id,
    ))
  )
    throw new AppError('CONFLICT', MESSAGES.campaignNameTaken);
  const outcome = await gateway.change(campaignEdit(input));
  return {
    successMessage: outcome.changed ? MESSAGES.campaignUpdated : MESSAGES.noChanges,
    row: await writtenRow(ctx.db, actor, 'campaigns', outcome.row),
  };
}

export async function updateAdGroup(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<EntityWriteResult> {
  const input = adGroupEditInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const adGroup = await storedOrMissing(
    ctx.db,
    actor,
    'adGroup',
    input.adAccountId,
    input.adGroup.id,
  );
  const currency = await campaignCurrency(ctx.db, actor, gateway, adGroup.campaignId);
  const outcome = await gateway.change(adGroupEdit(input, currency));
  return {
    successMessage: outcome.changed ? MESSAGES.adGroupUpdated : MESSAGES.noChanges,
    row: await writtenRow(ctx.db, actor, 'adGroups', outcome.row),
  };
}

export async function changeKeywordBid(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<EntityWriteResult> {
  const input = keywordBidInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const keyword = await storedOrMissing(
    ctx.db,
    actor,
    'keyword',
    input.adAccountId,
    input.keyword.id,
  );
  const currency = await campaignCurrency(ctx.db, actor, gateway, keyword.campaignId);
  const outcome = await gateway.change(keywordBidChange(input, currency));
  return {
    successMessage: outcome.changed ? MESSAGES.bidChanged : MESSAGES.noChanges,
    row: await writtenRow(ctx.db, actor, 'keywords', outcome.row),
  };
}

/** The table row of an entity just written, as its report level reads it. */
async function writtenRow(
  db: Database,
  actor: WriteActor,
  level: 'campaigns' | 'adGroups' | 'keywords',
  written: { adAccountId: number; id: number },
): Promise<ReportRow> {
  const row = await findReportRow(db, actor.teamId, level, written.adAccountId, written.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such entity.');
  return row;
}

export async function storedOrMissing<L extends 'campaign' | 'adGroup' | 'keyword'>(
  db: Database,
  actor: WriteActor,
  level: L,
  adAccountId: number,
  id: number,
) {
  const stored = await findStoredEntity(db, actor.teamId, level, adAccountId, id);
  if (!stored || stored.deleted) throw new AppError('NOT_FOUND', 'No such entity.');
  return stored;
}

/** Money sent to Apple is in the campaign's currency, as stored with the campaign. */
export async function campaignCurrency(
  db: Database,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  campaignId: number,
): Promise<string> {
  const campaign = await findStoredEntity(
    db,
    actor.teamId,
    'campaign',
    gateway.adAccountId,
    campaignId,
  );
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign.currency;
}
