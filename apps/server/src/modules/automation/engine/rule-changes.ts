// The changes a rule intends for its matched rows (pure): new bids and budgets within the
// action's limits and the safety caps, pauses and resumes, keywords and negative keywords to add.
// Nothing is planned where it would change nothing.
import {
  conditionMetrics,
  moneyToMicros,
  type AutomationRuleDefinition,
  type RuleMoneyConversion,
  type MatchType,
  type RuleActionInput,
  type RuleActionType,
  type RuleMatchedValues,
  type SafetyCaps,
} from '@tapwise/contracts';
import type { RuleFactRow } from './rule-facts.repository';
import type { RuleValues, ValuedRow } from './rule-evaluation';

const CENT = 10_000;

export type ChangeValues = Record<string, unknown>;

/** What the safety gateway sends to Apple for a change. */
export type ChangeWrite =
  | { kind: 'status'; level: 'campaign' | 'adGroup' | 'keyword'; id: number; pause: boolean }
  | { kind: 'bid'; level: 'keyword' | 'adGroup'; id: number; micros: number; currency: string }
  | { kind: 'budget'; id: number; micros: number }
  | {
      kind: 'negativeKeyword';
      campaignId: number;
      adGroupId: number | null;
      text: string;
      matchType: MatchType;
    }
  | { kind: 'keyword'; adGroupId: number; text: string; matchType: MatchType; bid: string | null };

export interface IntendedChange {
  adAccountId: number;
  /** The entity acted on: campaign, adGroup, keyword or searchTerm. */
  level: string;
  entityId: string;
  entityName: string;
  /** The entity's campaign and ad group (itself at its level; no ad group for a campaign). */
  campaignId: number;
  adGroupId: number | null;
  /** The values of the rule's condition metrics that made the row match. */
  matchedValues: RuleMatchedValues;
  action: RuleActionType;
  before: ChangeValues | null;
  after: ChangeValues | null;
  capped: boolean;
  write: ChangeWrite;
  /** Set when the change cannot be made at all; it is recorded FAILED with these words. */
  refusal?: string;
  /** How the rule's money was converted into the account's currency (rule-money.ts). */
  conversion?: RuleMoneyConversion | null;
}

/** A row that matched the rule. */
export type MatchedRow = ValuedRow;

/** A change as one action plans it; planChanges adds the values the row matched on. */
type ActionChange = Omit<IntendedChange, 'matchedValues'>;

/** The ad group a search term is promoted to, as stored; null when it is not the team's. */
export interface PromoteTarget {
  adAccountId: number;
  campaignId: number;
  name: string;
}

/** What the planner needs to know of the stored copy beyond the rows. */
export interface PlanningContext {
  /** negativeKey() of live negative keywords of the rows' campaigns. */
  negatives: ReadonlySet<string>;
  /** keywordKey() of live keywords of the promote targets. */
  keywords: ReadonlySet<string>;
  promoteTargets: ReadonlyMap<number, PromoteTarget | null>;
}

export const negativeKey = (
  campaignId: number,
  adGroupId: number | null,
  matchType: string,
  text: string,
) => `${campaignId}:${adGroupId ?? ''}|${matchType}|${text.toLowerCase()}`;
export const keywordKey = (adGroupId: number, matchType: string, text: string) =>
  `${adGroupId}|${matchType}|${text.toLowerCase()}`;

export const PROMOTE_TARGET_REFUSED =
  'The ad group to add the keyword to is not in the same ad account.';

const LEVEL_OF = { CAMPAIGN: 'campaign', AD_GROUP: 'adGroup', KEYWORD: 'keyword' } as const;

type AmountAction = Extract<RuleActionInput, { type: 'CHANGE_BID' | 'CHANGE_BUDGET' }>;

const floorCents = (micros: number) => Math.floor(micros / CENT) * CENT;
const ceilCents = (micros: number) => Math.ceil(micros / CENT) * CENT;

/**
 * The new bid or budget: the action's target within its min and max, on whole cents and at
 * least 0.01, then cut to the caps (a percentage of the current value and an absolute amount).
 * Null when it would not change.
 */
export function plannedAmount(
  action: Omit<AmountAction, 'type'> & { type: 'CHANGE_BID' | 'CHANGE_BUDGET' },
  current: number,
  values: RuleValues,
  caps: SafetyCaps,
): { micros: number; capped: boolean } | null {
  const step = () =>
    action.unit === 'PERCENT'
      ? (current * action.value!) / 100
      : Math.round(action.value! * 1_000_000);
  const targets: Record<AmountAction['operation'], () => number | null> = {
    SET_TO: () => Math.round(action.value! * 1_000_000),
    INCREASE_BY: () => current + step(),
    DECREASE_BY: () => current - step(),
    SET_TO_AVERAGE_CPA: () => values.avgCpa,
    SET_TO_AVERAGE_CPT: () => values.avgCpt,
  };
  let target = targets[action.operation]();
  if (target === null) return null;
  if (action.min) target = Math.max(target, moneyToMicros(action.min));
  if (action.max) target = Math.min(target, moneyToMicros(action.max));
  target = Math.max(CENT, Math.round(target / CENT) * CENT);
  const capAmount = action.type === 'CHANGE_BID' ? caps.maxBidChange : caps.maxBudgetChange;
  const limit = Math.min(
    Math.floor((current * caps.maxChangePercent) / 100),
    moneyToMicros(capAmount),
  );
  let capped = false;
  if (Math.abs(target - current) > limit) {
    capped = true;
    // Rounded towards the current value, so the cut change never exceeds the cap.
    target = target > current ? floorCents(current + limit) : ceilCents(current - limit);
    if (target < CENT) return null;
  }
  return target === current ? null : { micros: target, capped };
}

function amountChange(
  action: AmountAction,
  { row, values }: MatchedRow,
  caps: SafetyCaps,
): ActionChange | null {
  const budget = action.type === 'CHANGE_BUDGET';
  const current = budget ? row.dailyBudgetMicros : row.bidMicros;
  if (current === null || row.target === 'SEARCH_TERM') return null;
  const planned = plannedAmount(action, current, values, caps);
  if (!planned) return null;
  // Budgets are changed by campaign rules, bids by keyword and ad group rules.
  const level = LEVEL_OF[row.target];
  const field = budget
    ? 'dailyBudgetMicros'
    : level === 'keyword'
      ? 'bidMicros'
      : 'defaultBidMicros';
  const id = Number(row.entityId);
  return {
    ...entityOf(row),
    action: action.type,
    before: { [field]: current },
    after: { [field]: planned.micros },
    capped: planned.capped,
    write: budget
      ? { kind: 'budget', id, micros: planned.micros }
      : {
          kind: 'bid',
          level: level as 'keyword' | 'adGroup',
          id,
          micros: planned.micros,
          currency: row.currency,
        },
  };
}

/** The entity a change is recorded against, and where it is. */
function entityOf(row: RuleFactRow) {
  return {
    adAccountId: row.adAccountId,
    level: row.target === 'SEARCH_TERM' ? 'searchTerm' : LEVEL_OF[row.target],
    entityId: row.entityId,
    entityName: row.name,
    campaignId: row.campaignId,
    adGroupId: row.adGroupId,
  };
}

function statusChange(pause: boolean, { row }: MatchedRow): ActionChange | null {
  if (row.target === 'SEARCH_TERM') return null;
  const wanted = pause ? 'PAUSED' : 'ENABLED';
  if (row.status === wanted) return null;
  return {
    ...entityOf(row),
    action: pause ? 'PAUSE' : 'RESUME',
    before: { status: row.status },
    after: { status: wanted },
    capped: false,
    write: { kind: 'status', level: LEVEL_OF[row.target], id: Number(row.entityId), pause },
  };
}

/** A keyword's or search term's text; other rows have none. */
const textOf = (row: RuleFactRow) =>
  row.target === 'SEARCH_TERM' ? row.searchTermText : row.target === 'KEYWORD' ? row.name : null;

function negativeChange(
  action: Extract<RuleActionInput, { type: 'ADD_AS_NEGATIVE_KEYWORD' }>,
  { row }: MatchedRow,
  taken: Set<string>,
): ActionChange | null {
  const text = textOf(row);
  if (text === null || row.adGroupId === null) return null;
  const adGroupId = action.level === 'AD_GROUP' ? row.adGroupId : null;
  const key = negativeKey(row.campaignId, adGroupId, action.matchType, text);
  if (taken.has(key)) return null;
  taken.add(key);
  const negative = { campaignId: row.campaignId, adGroupId, text, matchType: action.matchType };
  return {
    ...entityOf(row),
    action: action.type,
    before: null,
    after: negative,
    capped: false,
    write: { kind: 'negativeKeyword', ...negative },
  };
}

function keywordChange(
  action: Extract<RuleActionInput, { type: 'ADD_AS_KEYWORD' }>,
  { row }: MatchedRow,
  context: PlanningContext,
  taken: Set<string>,
): ActionChange | null {
  const text = row.searchTermText;
  if (text === null) return null;
  const key = keywordKey(action.adGroupId, action.matchType, text);
  if (taken.has(key)) return null;
  taken.add(key);
  const target = context.promoteTargets.get(action.adGroupId) ?? null;
  const keyword = {
    adGroupId: action.adGroupId,
    text,
    matchType: action.matchType,
    bid: action.bid ?? null,
  };
  return {
    ...entityOf(row),
    action: action.type,
    before: null,
    after: keyword,
    capped: false,
    write: { kind: 'keyword', ...keyword },
    ...(target && target.adAccountId === row.adAccountId
      ? {}
      : { refusal: PROMOTE_TARGET_REFUSED }),
  };
}

function intendedChange(
  action: RuleActionInput,
  match: MatchedRow,
  caps: SafetyCaps,
  context: PlanningContext,
  taken: { negatives: Set<string>; keywords: Set<string> },
): ActionChange | null {
  switch (action.type) {
    case 'PAUSE':
    case 'RESUME':
      return statusChange(action.type === 'PAUSE', match);
    case 'CHANGE_BID':
    case 'CHANGE_BUDGET':
      return amountChange(action, match, caps);
    case 'ADD_AS_NEGATIVE_KEYWORD':
      return negativeChange(action, match, taken.negatives);
    case 'ADD_AS_KEYWORD':
      return keywordChange(action, match, context, taken.keywords);
    case 'EMAIL_NOTIFICATION':
    case 'SLACK_NOTIFICATION':
      return null;
  }
}

/**
 * Every change the rule's actions intend for the matched rows, in row then action order. Lazy:
 * the gateway stops asking once a run has made as many changes as it may.
 */
export function* planChanges(
  rule: Pick<AutomationRuleDefinition, 'actions' | 'conditions'>,
  matched: readonly MatchedRow[],
  caps: SafetyCaps,
  context: PlanningContext,
  taken = { negatives: new Set(context.negatives), keywords: new Set(context.keywords) },
): Generator<IntendedChange> {
  const metrics = conditionMetrics(rule);
  for (const match of matched) {
    let matchedValues: RuleMatchedValues | undefined;
    for (const action of rule.actions) {
      const change = intendedChange(action, match, caps, context, taken);
      if (!change) continue;
      // Picked once per row, however many of its actions change it.
      matchedValues ??= Object.fromEntries(metrics.map((metric) => [metric, match.values[metric]]));
      yield { ...change, matchedValues };
    }
  }
}
