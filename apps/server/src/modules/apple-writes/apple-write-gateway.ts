// The one way a change reaches Apple Ads. It opens the team's Apple client for an ad account
// (refusing accounts of other teams and Apple roles that only read), runs the pre-send checks,
// sends, and then replaces the stored copy with Apple's answer and writes the activity log entry
// in one transaction. Automation's safety controls (dry run, caps, kill switch) join
// PRE_SEND_CHECKS.
import {
  AppleAdsError,
  V1RequestError,
  type AccountClient,
  type BulkItemResult,
  type Creative,
  type CreativeCreate,
} from '@tapwise/apple-ads';
import { ADS_MANAGER_MESSAGES, type EntityRef, type WritableLevel } from '@tapwise/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { insertActivityLog } from '../activity-log/activity-log.repository';
import { saveEntities, type EntityRows } from '../ads-data/ads-data.repository';
import { appleAdsClientFor, canManageCampaigns } from '../integrations/apple-ads-connection';
import { findIntegration, listAdAccounts } from '../integrations/integrations.repository';
import {
  findStoredEntity,
  saveStoredCopies,
  type STORED_KIND,
  type StoredRow,
} from './apple-writes.repository';
import { collect, creativeRow } from '../sync/entity-rows';
import { LEVEL_OPERATIONS, type AppleEntityOf } from './entity-levels';
import type { WriteActor } from './write-actor';

type NewRow<L extends WritableLevel> = EntityRows[(typeof STORED_KIND)[L]][0];

/** A change to one existing entity. */
export interface EntityChange<L extends WritableLevel> {
  level: L;
  ref: EntityRef;
  /** Sends the change, built on Apple's current entity; null when it would change nothing. */
  send(account: AccountClient, current: AppleEntityOf[L]): Promise<AppleEntityOf[L] | null>;
  /** The spec's wording when Apple refuses. */
  failure: string;
  /** The activity log entry's kind and line in words; null when a larger action records it. */
  record(stored: StoredRow<L>, row: NewRow<L>): LogLine | null;
}

export interface LogLine {
  logType: string;
  message: string;
  /** What the entry says changed, when not the entity's fields before and after. */
  fields?: { before: Record<string, unknown> | null; after: Record<string, unknown> };
}

export interface ChangeOutcome<L extends WritableLevel> {
  changed: boolean;
  row: NewRow<L>;
}

/** New entities of one level created in one request to Apple. */
export interface EntityCreation<L extends 'keyword' | 'negativeKeyword', Item> {
  level: L;
  items: Item[];
  send(account: AccountClient, items: Item[]): Promise<BulkItemResult<AppleEntityOf[L]>[]>;
  failure: string;
  /** Null when a larger action records the creation (a keyword's move). */
  record(row: NewRow<L>): LogLine | null;
}

/** Levels created one entity per request. */
export type SingleCreationLevel = 'campaign' | 'adGroup' | 'ad';

/** One new campaign, ad group or ad. */
export interface SingleCreation<L extends SingleCreationLevel> {
  level: L;
  /**
   * The entity an earlier attempt created when its answer was lost (looked up by name), so a
   * retry adopts it instead of creating a second one; null when there is none.
   */
  findExisting(account: AccountClient): Promise<AppleEntityOf[L] | null>;
  send(account: AccountClient): Promise<AppleEntityOf[L]>;
  failure: string;
  record(row: NewRow<L>): LogLine;
}

interface PendingChange {
  level: WritableLevel;
  ref: EntityRef;
  stored: StoredRow;
  /** Apple's entity now, as a stored row. */
  current: { modificationTime?: Date | null };
}

/** Runs before anything is sent; throws to refuse the change. */
type PreSendCheck = (pending: PendingChange, gateway: GatewayScope) => Promise<void>;

interface GatewayScope {
  db: Database;
  actor: WriteActor;
  adAccountId: number;
}

/**
 * Apple changed the entity after the user loaded it: nothing is sent, and the stored copy takes
 * Apple's values so a reload shows them.
 */
const refuseIfChangedInApple: PreSendCheck = async (pending, scope) => {
  const seen = pending.ref.modificationTime;
  const current = pending.current.modificationTime;
  if (!seen || !current || current.getTime() <= new Date(seen).getTime()) return;
  await saveStoredCopies(scope.db, scope.actor.teamId, pending.level, [pending.current]);
  throw new AppError('ENTITY_CHANGED', ADS_MANAGER_MESSAGES.entityChanged);
};

const PRE_SEND_CHECKS: readonly PreSendCheck[] = [refuseIfChangedInApple];

export interface AppleWriteGateway {
  adAccountId: number;
  /** The ad account's currency, which every amount sent to it is in. */
  currency: string;
  change<L extends WritableLevel>(change: EntityChange<L>): Promise<ChangeOutcome<L>>;
  /** Per item: created (with Apple's new id) or refused with Apple's message. */
  create<L extends 'keyword' | 'negativeKeyword', Item>(
    creation: EntityCreation<L, Item>,
  ): Promise<CreatedItem[]>;
  /** Creates one entity (or adopts the one an earlier attempt made), stored and logged. */
  createOne<L extends SingleCreationLevel>(creation: SingleCreation<L>): Promise<AppleEntityOf[L]>;
  /** A live creative for the app's page: the one Apple has, else a new one (stored, not logged). */
  creativeFor(input: CreativeCreate, failure: string): Promise<Creative>;
  /** Reads Apple's current entities, e.g. what an interrupted creation already made. */
  read<T>(query: (account: AccountClient) => Promise<T>, failure: string): Promise<T>;
  /** Records what Apple now holds when an action stopped half way, outside any change. */
  note(level: WritableLevel, entityId: number, line: Required<LogLine>): Promise<void>;
}

export interface CreatedItem {
  ok: boolean;
  message: string | null;
  id: number | null;
}

export const READ_ONLY_APPLE_ROLE =
  'Your Apple Ads role on this ad account can only read. Ask for a role that can manage campaigns.';

/** Opens the gateway for one ad account of the actor's team. */
export async function openAppleWriteGateway(
  ctx: { db: Database; secrets: SecretBox },
  actor: WriteActor,
  adAccountId: number,
): Promise<AppleWriteGateway> {
  if (!actor.mayWrite) throw new AppError('FORBIDDEN', ADS_MANAGER_MESSAGES.readOnly);
  const integration = await findIntegration(ctx.db, actor.teamId);
  const adAccount = (await listAdAccounts(ctx.db, actor.teamId)).find(
    (account) => account.adAccountId === adAccountId,
  );
  if (!integration || !adAccount) throw new AppError('NOT_FOUND', 'No such ad account.');
  if (integration.state === 'INVALID')
    throw new AppError('INVALID_INTEGRATION', 'The Apple Ads integration needs to be added again.');
  if (!canManageCampaigns(adAccount.roleNames))
    throw new AppError('FORBIDDEN', READ_ONLY_APPLE_ROLE);
  const account = appleAdsClientFor(ctx.secrets, integration).forAccount(adAccountId);
  const scope: GatewayScope = { db: ctx.db, actor, adAccountId };
  return {
    adAccountId,
    currency: adAccount.currency,
    change: (change) => applyChange(scope, account, change),
    create: (creation) => applyCreation(scope, account, creation),
    createOne: (creation) => applySingleCreation(scope, account, creation),
    creativeFor: (input, failure) => findOrCreateCreative(scope, account, input, failure),
    read: (query, failure) =>
      query(account).catch((error: unknown) => {
        throw refusal(error, failure);
      }),
    note: (level, entityId, line) => noteActivity(scope, level, entityId, line),
  };
}

async function noteActivity(
  scope: GatewayScope,
  level: WritableLevel,
  entityId: number,
  { fields, ...entry }: Required<LogLine>,
): Promise<void> {
  const { db, actor, adAccountId } = scope;
  await insertActivityLog(db, actor.teamId, {
    userId: actor.userId,
    impersonatorId: actor.impersonatorId,
    ...entry,
    change: {
      level,
      adAccountId,
      entityId: String(entityId),
      ...fields,
      source: actor.source,
    },
  });
}

async function applyChange<L extends WritableLevel>(
  scope: GatewayScope,
  account: AccountClient,
  change: EntityChange<L>,
): Promise<ChangeOutcome<L>> {
  const { db, actor, adAccountId } = scope;
  const operations = LEVEL_OPERATIONS[change.level];
  const stored = await findStoredEntity(db, actor.teamId, change.level, adAccountId, change.ref.id);
  if (!stored || stored.deleted) throw new AppError('NOT_FOUND', 'No such entity.');
  const current = await currentInApple(scope, account, change, stored);
  const currentRow = operations.row(adAccountId, current);
  for (const check of PRE_SEND_CHECKS)
    await check({ level: change.level, ref: change.ref, stored, current: currentRow }, scope);
  const answer = await change.send(account, current).catch((error: unknown) => {
    throw refusal(error, change.failure);
  });
  if (!answer) return { changed: false, row: currentRow };
  const row = operations.row(adAccountId, answer);
  const line = change.record(stored, row);
  await db.transaction(async (tx) => {
    await saveStoredCopies(tx, actor.teamId, change.level, [row]);
    if (!line) return;
    const { fields, ...entry } = line;
    await insertActivityLog(tx, actor.teamId, {
      userId: actor.userId,
      impersonatorId: actor.impersonatorId,
      ...entry,
      change: {
        level: change.level,
        adAccountId,
        entityId: String(change.ref.id),
        ...(fields ?? changedFields(stored, row)),
        source: actor.source,
      },
    });
  });
  return { changed: true, row };
}

/** Apple's entity now; one Apple no longer has was deleted there, which the copy learns. */
async function currentInApple<L extends WritableLevel>(
  scope: GatewayScope,
  account: AccountClient,
  change: EntityChange<L>,
  stored: StoredRow,
): Promise<AppleEntityOf[L]> {
  try {
    return await LEVEL_OPERATIONS[change.level].get(account, change.ref.id);
  } catch (error) {
    if (error instanceof AppleAdsError && error.kind === 'not-found') {
      const { teamId: _team, ...row } = stored;
      await saveStoredCopies(scope.db, scope.actor.teamId, change.level, [
        { ...row, deleted: true },
      ]);
      throw new AppError('ENTITY_CHANGED', ADS_MANAGER_MESSAGES.entityChanged);
    }
    throw refusal(error, change.failure);
  }
}

async function applyCreation<L extends 'keyword' | 'negativeKeyword', Item>(
  scope: GatewayScope,
  account: AccountClient,
  creation: EntityCreation<L, Item>,
): Promise<CreatedItem[]> {
  const { db, actor, adAccountId } = scope;
  const answers = await creation.send(account, creation.items).catch((error: unknown) => {
    throw refusal(error, creation.failure);
  });
  const operations = LEVEL_OPERATIONS[creation.level];
  const rows = answers.flatMap((answer) =>
    answer.success && answer.result ? [operations.row(adAccountId, answer.result)] : [],
  );
  await db.transaction(async (tx) => {
    await saveStoredCopies(tx, actor.teamId, creation.level, rows);
    for (const row of rows) {
      const line = creation.record(row);
      if (!line) continue;
      const { fields, ...entry } = line;
      await insertActivityLog(tx, actor.teamId, {
        userId: actor.userId,
        impersonatorId: actor.impersonatorId,
        ...entry,
        change: {
          level: creation.level,
          adAccountId,
          entityId: String(row.id),
          ...(fields ?? { before: null, after: changedFields(null, row).after }),
          source: actor.source,
        },
      });
    }
  });
  return creation.items.map((_item, index) => {
    const answer = answers.find((candidate) => candidate.correlationId === index);
    if (answer?.success && answer.result) return { ok: true, message: null, id: answer.result.id };
    return { ok: false, message: answer?.error?.message ?? creation.failure, id: null };
  });
}

async function applySingleCreation<L extends SingleCreationLevel>(
  scope: GatewayScope,
  account: AccountClient,
  creation: SingleCreation<L>,
): Promise<AppleEntityOf[L]> {
  const { db, actor, adAccountId } = scope;
  let entity: AppleEntityOf[L];
  try {
    entity = (await creation.findExisting(account)) ?? (await creation.send(account));
  } catch (error) {
    throw refusal(error, creation.failure);
  }
  const row = LEVEL_OPERATIONS[creation.level].row(adAccountId, entity);
  const { fields, ...entry } = creation.record(row);
  await db.transaction(async (tx) => {
    await saveStoredCopies(tx, actor.teamId, creation.level, [row]);
    await insertActivityLog(tx, actor.teamId, {
      userId: actor.userId,
      impersonatorId: actor.impersonatorId,
      ...entry,
      change: {
        level: creation.level,
        adAccountId,
        entityId: String(entity.id),
        ...(fields ?? { before: null, after: changedFields(null, row).after }),
        source: actor.source,
      },
    });
  });
  return entity;
}

/** Apple keeps one default product page creative per app, so an existing one is reused. */
async function findOrCreateCreative(
  scope: GatewayScope,
  account: AccountClient,
  input: CreativeCreate,
  failure: string,
): Promise<Creative> {
  const { adamId, productPageId = null } = input.destination.parameters;
  const samePage = (creative: Creative) =>
    !creative.deleted &&
    creative.creativeType === input.creativeType &&
    String(creative.destination.parameters.adamId) === adamId &&
    (creative.destination.parameters.productPageId ?? null) === productPageId;
  let creative: Creative;
  try {
    creative =
      (await collect(account.creatives.all())).find(samePage) ??
      (await account.creatives.create(input));
  } catch (error) {
    throw refusal(error, failure);
  }
  await saveEntities(scope.db, scope.actor.teamId, 'creatives', [
    creativeRow(scope.adAccountId, creative),
  ]);
  return creative;
}

/** Apple's refusal in the spec's words; a duplicate campaign name has its own. */
function refusal(error: unknown, failure: string): unknown {
  // The client refused the call before it left Tapwise: its message names Apple's rule.
  if (error instanceof V1RequestError) return new AppError('BAD_REQUEST', error.message);
  if (!(error instanceof AppleAdsError)) return error;
  const duplicateName =
    error.code === 'DUPLICATE_NAME' ||
    error.details.some((detail) => detail.code === 'DUPLICATE_NAME');
  if (duplicateName) return new AppError('CONFLICT', ADS_MANAGER_MESSAGES.campaignNameTaken);
  return new AppError('APPLE_ADS_WRITE_FAILED', failure);
}

const UNRECORDED_FIELDS = new Set(['teamId', 'modificationTime']);

/** The fields a change touched, before and after, as JSON values. */
function changedFields(
  stored: Record<string, unknown> | null,
  row: Record<string, unknown>,
): { before: Record<string, unknown> | null; after: Record<string, unknown> } {
  const json = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    if (UNRECORDED_FIELDS.has(field)) continue;
    const old = stored ? json(stored[field]) : undefined;
    if (stored && JSON.stringify(old) === JSON.stringify(json(value))) continue;
    if (stored) before[field] = old;
    after[field] = json(value);
  }
  return { before: stored ? before : null, after };
}
