// The changes the ads manager makes to existing entities, each built on Apple's current entity:
// status (pause, resume, delete), campaign and ad group edits, keyword bids. Each says what it
// sends, the spec's wording when Apple refuses, and its activity log line.
import {
  microsToAmount,
  moneyFromMicros,
  moneyToMicros,
  type AdGroup,
  type AdGroupUpdate,
  type Campaign,
  type CampaignUpdate,
  type TargetingData,
} from '@tapwise/apple-ads';
import {
  ADS_MANAGER_MESSAGES as MESSAGES,
  moneyToMicros as amountToMicros,
  type AdGroupEditInput,
  type AudienceTargeting,
  type CampaignEditInput,
  type EntityRef,
  type KeywordBidInput,
  type StatusAction,
  type WritableLevel,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { EntityChange } from './apple-write-gateway';
import { LEVEL_OPERATIONS } from './entity-levels';

const LEVEL_WORDS: Record<WritableLevel, string> = {
  campaign: 'campaign',
  adGroup: 'ad group',
  keyword: 'keyword',
  negativeKeyword: 'negative keyword',
  ad: 'ad',
};

const LOG_PREFIX: Record<WritableLevel, string> = {
  campaign: 'campaign',
  adGroup: 'ad_group',
  keyword: 'keyword',
  negativeKeyword: 'negative_keyword',
  ad: 'ad',
};

const STATUS_FAILURES: Record<WritableLevel, Record<StatusAction, string>> = {
  campaign: {
    pause: MESSAGES.campaignStatusFailed,
    resume: MESSAGES.campaignStatusFailed,
    delete: MESSAGES.campaignDeleteFailed,
  },
  adGroup: {
    pause: MESSAGES.adGroupStatusFailed,
    resume: MESSAGES.adGroupStatusFailed,
    delete: MESSAGES.adGroupDeleteFailed,
  },
  keyword: {
    pause: MESSAGES.keywordStatusFailed,
    resume: MESSAGES.keywordStatusFailed,
    delete: MESSAGES.keywordDeleteFailed,
  },
  negativeKeyword: {
    pause: MESSAGES.keywordStatusFailed,
    resume: MESSAGES.keywordStatusFailed,
    delete: MESSAGES.keywordDeleteFailed,
  },
  ad: {
    pause: MESSAGES.updateFailed,
    resume: MESSAGES.updateFailed,
    delete: MESSAGES.adDeleteFailed,
  },
};

const PAST_TENSE: Record<StatusAction, string> = {
  pause: 'Paused',
  resume: 'Resumed',
  delete: 'Deleted',
};
const LOG_SUFFIX: Record<StatusAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  delete: 'deleted',
};

/** How a stored row is named in a log line: keywords by their text. */
function nameOf(row: object): string {
  return 'name' in row ? String(row.name) : 'text' in row ? String(row.text) : '';
}

export function statusChange<L extends WritableLevel>(
  level: L,
  action: StatusAction,
  ref: EntityRef,
): EntityChange<L> {
  const operations = LEVEL_OPERATIONS[level];
  return {
    level,
    ref,
    failure: STATUS_FAILURES[level][action],
    async send(account, current) {
      if (action === 'delete') {
        await operations.remove(account, ref.id);
        // Apple answers a delete with no entity: the copy is Apple's last one, flagged.
        return {
          ...current,
          deleted: true,
          ...('displayStatus' in current ? { displayStatus: 'DELETED' } : {}),
        };
      }
      const status = action === 'pause' ? 'PAUSED' : 'ENABLED';
      if (current.status === status) return null;
      return operations.setStatus(account, ref.id, status);
    },
    record: (_stored, row) => ({
      logType: `${LOG_PREFIX[level]}_${LOG_SUFFIX[action]}`,
      message: `${PAST_TENSE[action]} ${LEVEL_WORDS[level]} "${nameOf(row)}"`,
    }),
  };
}

/** Apple's timestamps: UTC without a zone, to the millisecond. */
export function appleTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 23);
}

const sameTime = (apple: string | null, iso: string | null) =>
  (apple === null ? null : new Date(`${apple.replace(/Z$/, '')}Z`).getTime()) ===
  (iso === null ? null : new Date(iso).getTime());

export function campaignEdit(input: CampaignEditInput): EntityChange<'campaign'> {
  return {
    level: 'campaign',
    ref: input.campaign,
    failure: MESSAGES.updateFailed,
    async send(account, current) {
      const patch = campaignPatch(input, current);
      if (Object.keys(patch).length === 0) return null;
      return account.campaigns.update(current.id, patch);
    },
    record: (stored, row) => {
      const budgetOnly =
        stored.name === row.name &&
        stored.dailyBudgetMicros !== null &&
        row.dailyBudgetMicros !== null &&
        row.dailyBudgetMicros !== undefined &&
        row.dailyBudgetMicros !== stored.dailyBudgetMicros &&
        input.countriesOrRegions === undefined &&
        input.endTime === undefined;
      if (!budgetOnly)
        return { logType: 'campaign_updated', message: `Updated campaign "${row.name}"` };
      const raised = row.dailyBudgetMicros! > stored.dailyBudgetMicros!;
      return {
        logType: raised ? 'campaign_budget_increased' : 'campaign_budget_decreased',
        message: `Changed the daily budget of campaign "${row.name}" from ${microsToAmount(stored.dailyBudgetMicros!)} to ${microsToAmount(row.dailyBudgetMicros!)} ${row.currency}`,
      };
    },
  };
}

function campaignPatch(input: CampaignEditInput, current: Campaign): CampaignUpdate {
  const patch: CampaignUpdate = {};
  if (input.name !== undefined && input.name !== current.name) patch.name = input.name;
  const currency = current.dailyBudget.value.currency;
  if (
    input.dailyBudget !== undefined &&
    amountToMicros(input.dailyBudget) !== moneyToMicros(current.dailyBudget.value)
  )
    patch.dailyBudget = { value: moneyFromMicros(amountToMicros(input.dailyBudget), currency) };
  const countries = current.targeting.countryOrRegion?.include ?? [];
  if (
    input.countriesOrRegions !== undefined &&
    [...input.countriesOrRegions].sort().join() !== [...countries].sort().join()
  )
    patch.targeting = {
      ...current.targeting,
      countryOrRegion: { include: input.countriesOrRegions },
    } as CampaignUpdate['targeting'];
  if (input.endTime !== undefined && !sameTime(current.endTime, input.endTime))
    patch.endTime = input.endTime === null ? null : appleTime(input.endTime);
  return patch;
}

/**
 * v1 ad groups bid one way at a time (see docs/api/ads-manager.md, Writes): a default bid is a
 * MANUAL_CPT bid strategy, a CPA goal is MAX_CONVERSIONS with the goal as its bid. Setting one
 * replaces the other; removing the CPA goal needs the default bid to go back to.
 */
export function adGroupEdit(input: AdGroupEditInput, currency: string): EntityChange<'adGroup'> {
  const cpaGoal = input.cpaGoal === '' ? null : input.cpaGoal;
  if (cpaGoal && input.defaultBid !== undefined)
    throw new AppError('BAD_REQUEST', 'Set either a default bid or a CPA goal, not both.');
  return {
    level: 'adGroup',
    ref: input.adGroup,
    failure: MESSAGES.updateFailed,
    async send(account, current) {
      const patch = adGroupPatch(input, current, currency);
      if (Object.keys(patch).length === 0) return null;
      return account.adGroups.update(current.id, patch);
    },
    record: (_stored, row) => ({
      logType: 'ad_group_updated',
      message: `Updated ad group "${row.name}"`,
    }),
  };
}

function adGroupPatch(input: AdGroupEditInput, current: AdGroup, currency: string): AdGroupUpdate {
  const patch: AdGroupUpdate = {};
  if (input.name !== undefined && input.name !== current.name) patch.name = input.name;
  if (
    input.automatedKeywordsOptIn !== undefined &&
    input.automatedKeywordsOptIn !== current.automatedKeywordsOptIn
  )
    patch.automatedKeywordsOptIn = input.automatedKeywordsOptIn;
  if (input.startTime !== undefined && !sameTime(current.startTime, input.startTime))
    patch.startTime = appleTime(input.startTime);
  if (input.endTime !== undefined && !sameTime(current.endTime, input.endTime))
    patch.endTime = input.endTime === null ? null : appleTime(input.endTime);
  const bidStrategy = bidStrategyChange(input, current, currency);
  if (bidStrategy) patch.bidStrategy = bidStrategy;
  const targeting = targetingChange(input.targeting, current.targeting);
  if (targeting) patch.targeting = targeting;
  return patch;
}

function bidStrategyChange(
  input: AdGroupEditInput,
  current: AdGroup,
  currency: string,
): AdGroupUpdate['bidStrategy'] | null {
  const maxConversions = current.bidStrategy.bidStrategyType === 'MAX_CONVERSIONS';
  const currentBid = current.bidStrategy.bid ? moneyToMicros(current.bidStrategy.bid) : null;
  const wanted = (type: 'MANUAL_CPT' | 'MAX_CONVERSIONS', amount: string) => {
    const micros = amountToMicros(amount);
    if (maxConversions === (type === 'MAX_CONVERSIONS') && micros === currentBid) return null;
    return {
      bidStrategyType: type,
      bidStrategyGoal: type === 'MAX_CONVERSIONS' ? 'INSTALL' : 'TAP',
      bid: moneyFromMicros(micros, currency),
    };
  };
  if (input.cpaGoal) return wanted('MAX_CONVERSIONS', input.cpaGoal);
  if (input.defaultBid !== undefined) return wanted('MANUAL_CPT', input.defaultBid);
  if (input.cpaGoal === '' && maxConversions)
    throw new AppError('BAD_REQUEST', 'Removing the CPA goal needs a default bid to bid with.');
  return null;
}

const CLEARED: TargetingData = { include: null, exclude: null };
const included = (values: readonly (string | number)[]): TargetingData => ({
  include: values.map(String),
});

/** The targeting dimensions the edit changes, in Apple's {include, exclude} form. */
function targetingChange(
  targeting: AudienceTargeting | undefined,
  current: Record<string, TargetingData>,
): Record<string, TargetingData> | null {
  if (!targeting) return null;
  const wanted: Record<string, TargetingData> = {};
  if (targeting.deviceClass !== undefined)
    wanted.deviceClass = targeting.deviceClass ? included(targeting.deviceClass) : CLEARED;
  if (targeting.gender !== undefined)
    wanted.gender = targeting.gender ? included([targeting.gender]) : CLEARED;
  if (targeting.age !== undefined) {
    wanted.minAge = targeting.age ? included([targeting.age.min]) : CLEARED;
    wanted.maxAge =
      targeting.age && targeting.age.max !== null ? included([targeting.age.max]) : CLEARED;
  }
  if (targeting.daypart !== undefined)
    wanted.daypart = targeting.daypart ? included(targeting.daypart) : CLEARED;
  const changed = Object.entries(wanted).filter(
    ([dimension, value]) =>
      JSON.stringify(value.include ?? null) !== JSON.stringify(current[dimension]?.include ?? null),
  );
  return changed.length > 0 ? Object.fromEntries(changed) : null;
}

export function keywordBidChange(
  input: KeywordBidInput,
  currency: string,
): EntityChange<'keyword'> {
  const micros = amountToMicros(input.bid);
  return {
    level: 'keyword',
    ref: input.keyword,
    failure: MESSAGES.updateFailed,
    async send(account, current) {
      if (current.bid && moneyToMicros(current.bid) === micros) return null;
      return account.keywords.update(current.id, {
        bid: moneyFromMicros(micros, current.bid?.currency ?? currency),
      });
    },
    record: (stored, row) => ({
      logType:
        (row.bidMicros ?? 0) >= (stored.bidMicros ?? 0)
          ? 'keyword_bid_increased'
          : 'keyword_bid_decreased',
      message: `Changed the bid of keyword "${row.text}" from ${
        stored.bidMicros === null ? 'the default bid' : microsToAmount(stored.bidMicros)
      } to ${microsToAmount(micros)}`,
    }),
  };
}
