// Adding targeting and negative keywords (also "add as keyword / negative" from search terms):
// duplicates are refused before anything is sent, the rest go to Apple's bulk create.
import {
  moneyFromMicros,
  type KeywordCreate,
  type NegativeKeywordCreate,
} from '@tapwise/apple-ads';
import {
  ADS_MANAGER_MESSAGES as MESSAGES,
  addKeywordsInput,
  addNegativeKeywordsInput,
  moneyToMicros,
  type MatchType,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { openAppleWriteGateway, type AppleWriteGateway } from './apple-write-gateway';
import {
  listLiveAdGroups,
  listLiveCampaignIds,
  listLiveKeywords,
  listLiveNegativeKeywords,
} from './apple-writes.repository';
import { campaignCurrency, storedOrMissing } from './apple-writes.service';
import type { WriteActor } from './write-actor';
import { tickChecklist } from '../onboarding/onboarding.service';

type WriteContext = Pick<AppContext, 'db' | 'secrets'>;

/** Apple's bulk create takes at most this many items per request. */
const BULK_CREATE_MAX = 1000;

export interface RefusedKeyword {
  text: string;
  matchType: string;
  message: string;
}

export interface AddKeywordsResult {
  successMessage: string;
  added: number;
  refused: RefusedKeyword[];
}

interface Candidate {
  text: string;
  matchType: MatchType;
}

/** Same text (any case) and match type. */
const keyOf = (keyword: { text: string; matchType: string }, scope = '') =>
  `${scope}|${keyword.matchType}|${keyword.text.toLowerCase()}`;

/** Splits candidates into new ones and those already there or repeated in the request. */
function withoutDuplicates<K extends Candidate>(
  candidates: readonly K[],
  taken: Set<string>,
  scopeOf: (candidate: K) => string,
): { fresh: K[]; refused: RefusedKeyword[] } {
  const fresh: K[] = [];
  const refused: RefusedKeyword[] = [];
  for (const candidate of candidates) {
    const key = keyOf(candidate, scopeOf(candidate));
    if (taken.has(key)) {
      refused.push({
        text: candidate.text,
        matchType: candidate.matchType,
        message: MESSAGES.keywordDuplicate,
      });
      continue;
    }
    taken.add(key);
    fresh.push(candidate);
  }
  return { fresh, refused };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/** Creates in chunks; Apple's refusals of single items join the refused list. */
async function createAll<Item extends Candidate>(
  items: Item[],
  create: (chunk: Item[]) => Promise<{ ok: boolean; message: string | null }[]>,
): Promise<{ added: number; refused: RefusedKeyword[] }> {
  let added = 0;
  const refused: RefusedKeyword[] = [];
  for (const chunk of chunks(items, BULK_CREATE_MAX)) {
    const results = await create(chunk);
    results.forEach((result, index) => {
      if (result.ok) added++;
      else
        refused.push({
          text: chunk[index]!.text,
          matchType: chunk[index]!.matchType,
          message: result.message ?? MESSAGES.updateFailed,
        });
    });
  }
  return { added, refused };
}

export async function addTargetingKeywords(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<AddKeywordsResult> {
  const input = addKeywordsInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const adGroup = await storedOrMissing(
    ctx.db,
    actor,
    'adGroup',
    input.adAccountId,
    input.adGroupId,
  );
  const currency = await campaignCurrency(ctx.db, actor, gateway, adGroup.campaignId);
  const existing = await listLiveKeywords(ctx.db, actor.teamId, input.adAccountId, adGroup.id);
  const { fresh, refused } = withoutDuplicates(
    input.keywords,
    new Set(existing.map((keyword) => keyOf(keyword))),
    () => '',
  );
  const created = await createAll(fresh, (chunk) =>
    gateway.create({
      level: 'keyword',
      items: chunk.map((keyword): KeywordCreate => ({
        adGroupId: adGroup.id,
        text: keyword.text,
        matchType: keyword.matchType,
        ...(keyword.bid ? { bid: moneyFromMicros(moneyToMicros(keyword.bid), currency) } : {}),
      })),
      send: (account, items) => account.keywords.bulkCreate(items, { allowPartialSuccess: true }),
      failure: MESSAGES.updateFailed,
      record: (row) => ({
        logType: 'keyword_added',
        message: `Added keyword "${row.text}" (${row.matchType}) to ad group "${adGroup.name}"`,
      }),
    }),
  );
  if (created.added > 0) await tickChecklist(ctx.db, actor, 'addKeys');
  return {
    successMessage: MESSAGES.keywordsAdded,
    added: created.added,
    refused: [...refused, ...created.refused],
  };
}

interface NegativeTarget {
  campaignId: number;
  adGroupId: number | null;
}

export async function addNegativeKeywords(
  ctx: WriteContext,
  actor: WriteActor,
  rawInput: unknown,
): Promise<AddKeywordsResult> {
  const input = addNegativeKeywordsInput.parse(rawInput);
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  const targets = await negativeTargets(ctx, actor, gateway, input);
  const existing = await listLiveNegativeKeywords(ctx.db, actor.teamId, input.adAccountId, [
    ...new Set(targets.map((target) => target.campaignId)),
  ]);
  const scopeOf = (target: NegativeTarget) => `${target.campaignId}:${target.adGroupId ?? ''}`;
  const { fresh, refused } = withoutDuplicates(
    targets.flatMap((target) => input.keywords.map((keyword) => ({ ...keyword, target }))),
    new Set(existing.map((negative) => keyOf(negative, scopeOf(negative)))),
    (candidate) => scopeOf(candidate.target),
  );
  const created = await createAll(fresh, (chunk) =>
    gateway.create({
      level: 'negativeKeyword',
      // negativekeywordcreate.md: an ad group negative names its ad group only.
      items: chunk.map(({ target, text, matchType }): NegativeKeywordCreate => ({
        ...(target.adGroupId === null
          ? { campaignId: target.campaignId }
          : { adGroupId: target.adGroupId }),
        text,
        matchType,
      })),
      send: (account, items) =>
        account.negativeKeywords.bulkCreate(items, { allowPartialSuccess: true }),
      failure: MESSAGES.updateFailed,
      record: (row) => ({
        logType: 'negative_keyword_added',
        message: `Added negative keyword "${row.text}" (${row.matchType}) to ${
          row.adGroupId === null ? `campaign ${row.campaignId}` : `ad group ${row.adGroupId}`
        }`,
      }),
    }),
  );
  return {
    successMessage:
      input.target === 'SELECTED_CAMPAIGNS'
        ? MESSAGES.negativeKeywordsAddedToCampaign
        : MESSAGES.negativeKeywordsAddedToAdGroup,
    added: created.added,
    refused: [...refused, ...created.refused],
  };
}

/** Where the negatives go; every selected id must be a live entity of the ad account. */
async function negativeTargets(
  ctx: WriteContext,
  actor: WriteActor,
  gateway: AppleWriteGateway,
  input: ReturnType<typeof addNegativeKeywordsInput.parse>,
): Promise<NegativeTarget[]> {
  const { db } = ctx;
  const adAccountId = gateway.adAccountId;
  const campaignIds = [...new Set(input.campaignIds)];
  if (input.target === 'SELECTED_AD_GROUPS') {
    const adGroupIds = [...new Set(input.adGroupIds)];
    const adGroups = await listLiveAdGroups(db, actor.teamId, adAccountId, { adGroupIds });
    if (adGroups.length !== adGroupIds.length) throw new AppError('NOT_FOUND', 'No such ad group.');
    return adGroups.map((adGroup) => ({ campaignId: adGroup.campaignId, adGroupId: adGroup.id }));
  }
  const live = await listLiveCampaignIds(db, actor.teamId, adAccountId, campaignIds);
  if (live.length !== campaignIds.length) throw new AppError('NOT_FOUND', 'No such campaign.');
  if (input.target === 'SELECTED_CAMPAIGNS')
    return live.map((campaignId) => ({ campaignId, adGroupId: null }));
  const adGroups = await listLiveAdGroups(db, actor.teamId, adAccountId, { campaignIds: live });
  return adGroups.map((adGroup) => ({ campaignId: adGroup.campaignId, adGroupId: adGroup.id }));
}
