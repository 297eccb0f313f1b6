// A keyword's move or copy to another ad group of the same app (spec 2 §3.7 activity kinds
// "keyword moved" and "keyword copied"). A copy creates it there. A move is one change of the
// keyword, checked against Apple like any other (refused, with nothing sent, when Apple changed it
// since the page loaded): it is created in the new ad group, then deleted from its old one, and
// recorded once. When Apple creates it but will not delete it, the keyword is in both, recorded
// as copied, and the user is told to move it again: a move finds it in the new ad group already
// and only deletes it from the old one, so trying again finishes the move.
import {
  AppleAdsError,
  type AccountClient,
  type Keyword,
  type KeywordCreate,
} from '@tapwise/apple-ads';
import {
  ADS_MANAGER_MESSAGES as MESSAGES,
  keywordTransferInput,
  type EntityRef,
  type KeywordTransferInput,
  type WriteRowResult,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { openAppleWriteGateway, type AppleWriteGateway } from './apple-write-gateway';
import { listLiveKeywords, saveStoredCopies, type StoredRow } from './apple-writes.repository';
import type { WriteResult } from './apple-writes.service';
import { storedOrMissing } from './apple-writes.service';
import { LEVEL_OPERATIONS } from './entity-levels';
import type { WriteActor } from './write-actor';
import { rowResult } from './write-row-result';

type WriteContext = Pick<AppContext, 'db' | 'secrets'>;

/** Campaigns whose ad groups take keywords: Apple's search results placement. */
const SEARCH_RESULTS = 'APPSTORE_SEARCH_RESULTS';

interface Target {
  adGroup: StoredRow<'adGroup'>;
  /** Keywords already there, by match type and text in lower case. */
  existing: Map<string, number>;
}

const keyOf = (keyword: { text: string; matchType: string }) =>
  `${keyword.matchType}|${keyword.text.toLowerCase()}`;

/** Apple created the keyword in the new ad group and then refused to delete the old one. */
class MovedPartly extends Error {
  constructor(readonly created: Keyword) {
    super('moved partly');
  }
}

export async function transferKeywords(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<WriteResult> {
  const input = keywordTransferInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const target = await targetOf(ctx, actor, input);
  const results: WriteRowResult[] = [];
  for (const ref of input.keywords)
    results.push(await transferOne(ctx, actor, gateway, input.mode, ref, target));
  return {
    successMessage: input.mode === 'move' ? MESSAGES.keywordsMoved : MESSAGES.keywordsCopied,
    results,
    bulkActionId: null,
  };
}

/** The ad group keywords go to: live, of a search results campaign. */
async function targetOf(
  ctx: WriteContext,
  actor: WriteActor,
  input: KeywordTransferInput,
): Promise<Target> {
  const adGroup = await storedOrMissing(
    ctx.db,
    actor,
    'adGroup',
    input.adAccountId,
    input.targetAdGroupId,
  );
  const campaign = await storedOrMissing(
    ctx.db,
    actor,
    'campaign',
    input.adAccountId,
    adGroup.campaignId,
  );
  if (!campaign.supplySources.includes(SEARCH_RESULTS))
    throw new AppError('BAD_REQUEST', MESSAGES.keywordTransferNotSearchResults);
  const live = await listLiveKeywords(ctx.db, actor.teamId, input.adAccountId, adGroup.id);
  return { adGroup, existing: new Map(live.map((keyword) => [keyOf(keyword), keyword.id])) };
}

async function transferOne(
  ctx: WriteContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  mode: KeywordTransferInput['mode'],
  ref: EntityRef,
  target: Target,
): Promise<WriteRowResult> {
  const work = async () => {
    const keyword = await storedOrMissing(ctx.db, actor, 'keyword', gateway.adAccountId, ref.id);
    const source = await sourceOf(ctx, actor, gateway, keyword, target);
    if (mode === 'copy') await copyKeyword(gateway, keyword, source, target);
    else await moveKeyword(ctx, actor, gateway, ref, keyword, source, target);
  };
  try {
    return await rowResult(ref.id, work());
  } catch (error) {
    if (!(error instanceof MovedPartly)) throw error;
    return { id: ref.id, ok: false, message: MESSAGES.keywordMovePartly };
  }
}

/** The keyword's own ad group, checked against the target: another one, of the same app. */
async function sourceOf(
  ctx: WriteContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  keyword: StoredRow<'keyword'>,
  target: Target,
): Promise<StoredRow<'adGroup'>> {
  if (keyword.adGroupId === target.adGroup.id)
    throw new AppError('BAD_REQUEST', MESSAGES.keywordTransferSameAdGroup);
  const campaigns = await Promise.all(
    [keyword.campaignId, target.adGroup.campaignId].map((id) =>
      storedOrMissing(ctx.db, actor, 'campaign', gateway.adAccountId, id),
    ),
  );
  if (campaigns[0]!.adamId !== campaigns[1]!.adamId)
    throw new AppError('BAD_REQUEST', MESSAGES.keywordTransferOtherApp);
  return storedOrMissing(ctx.db, actor, 'adGroup', gateway.adAccountId, keyword.adGroupId);
}

const describe = (keyword: { text: string; matchType: string }) =>
  `keyword "${keyword.text}" (${keyword.matchType})`;

const placement = (adGroupId: number, keywordId: number) => ({ adGroupId, keywordId });

async function copyKeyword(
  gateway: AppleWriteGateway,
  keyword: StoredRow<'keyword'>,
  source: StoredRow<'adGroup'>,
  target: Target,
): Promise<void> {
  if (target.existing.has(keyOf(keyword)))
    throw new AppError('CONFLICT', MESSAGES.keywordDuplicate);
  const [created] = await gateway.create({
    level: 'keyword',
    items: [keyword.id],
    send: async (account, [id]) => {
      const current = await account.keywords.get(id!);
      // Deleted in Apple since the page loaded (its get answers deleted: true): nothing to copy.
      if (current.deleted) throw new AppError('ENTITY_CHANGED', MESSAGES.entityChanged);
      return account.keywords.bulkCreate([newKeyword(target, current)], {
        allowPartialSuccess: true,
      });
    },
    failure: MESSAGES.updateFailed,
    record: (row) => ({
      logType: 'keyword_copied',
      message: `Copied ${describe(keyword)} from ad group "${source.name}" to ad group "${target.adGroup.name}"`,
      fields: {
        before: placement(source.id, keyword.id),
        after: placement(target.adGroup.id, row.id),
      },
    }),
  });
  if (!created?.ok || created.id === null)
    throw new AppError('APPLE_ADS_WRITE_FAILED', created?.message ?? MESSAGES.updateFailed);
  target.existing.set(keyOf(keyword), created.id);
}

/** Apple's keyword as it is now, in the target: text, match type, status, its own bid if any. */
function newKeyword(target: Target, current: Keyword): KeywordCreate {
  return {
    adGroupId: target.adGroup.id,
    text: current.text,
    matchType: current.matchType,
    status: current.status,
    ...(current.bid ? { bid: current.bid } : {}),
  };
}

async function moveKeyword(
  ctx: WriteContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  ref: EntityRef,
  keyword: StoredRow<'keyword'>,
  source: StoredRow<'adGroup'>,
  target: Target,
): Promise<void> {
  // Set inside the change once Apple created the keyword in the target.
  let created = null as Keyword | null;
  try {
    await gateway.change({
      level: 'keyword',
      ref,
      failure: MESSAGES.keywordDeleteFailed,
      async send(account: AccountClient, current: Keyword) {
        if (!target.existing.has(keyOf(current)))
          created = await createInApple(account, newKeyword(target, current));
        try {
          await account.keywords.delete(current.id);
        } catch (error) {
          if (created && error instanceof AppleAdsError) throw new MovedPartly(created);
          throw error;
        }
        return { ...current, deleted: true };
      },
      record: () => ({
        logType: 'keyword_moved',
        message: `Moved ${describe(keyword)} from ad group "${source.name}" to ad group "${target.adGroup.name}"`,
        fields: {
          before: placement(source.id, keyword.id),
          after: placement(target.adGroup.id, created?.id ?? target.existing.get(keyOf(keyword))!),
        },
      }),
    });
  } catch (error) {
    if (error instanceof MovedPartly)
      await notePartlyMoved(gateway, keyword, source, target, error.created);
    throw error;
  } finally {
    // Whatever happened after, Apple holds the keyword created in the target: so does the copy.
    if (created) {
      const row = LEVEL_OPERATIONS.keyword.row(gateway.adAccountId, created);
      await saveStoredCopies(ctx.db, actor.teamId, 'keyword', [row]);
      target.existing.set(keyOf(keyword), created.id);
    }
  }
}

async function createInApple(account: AccountClient, item: KeywordCreate): Promise<Keyword> {
  const [answer] = await account.keywords.bulkCreate([item], { allowPartialSuccess: true });
  if (!answer?.success || !answer.result)
    throw new AppError('APPLE_ADS_WRITE_FAILED', answer?.error?.message ?? MESSAGES.updateFailed);
  return answer.result;
}

/** The keyword is in both ad groups now: recorded as copied, so the log says what Apple holds. */
async function notePartlyMoved(
  gateway: AppleWriteGateway,
  keyword: StoredRow<'keyword'>,
  source: StoredRow<'adGroup'>,
  target: Target,
  created: Keyword,
): Promise<void> {
  await gateway.note('keyword', created.id, {
    logType: 'keyword_copied',
    message: `Copied ${describe(keyword)} to ad group "${target.adGroup.name}"; Apple did not delete it from ad group "${source.name}", so the move is not finished`,
    fields: {
      before: placement(source.id, keyword.id),
      after: placement(target.adGroup.id, created.id),
    },
  });
}
