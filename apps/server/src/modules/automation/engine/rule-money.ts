// A rule's money in an item's currency (pure). A rule's money values are in the rule's currency;
// each item is evaluated and changed in its account's currency, so the values are converted at
// the reference rate of the evaluation day, once per currency, and every change records how.
import {
  DEFAULT_SAFETY_CAPS,
  effectiveCaps,
  ruleMetricKind,
  type AutomationRuleDefinition,
  type RuleMoneyConversion,
  type RuleMoneyValue,
  type SafetyCaps,
} from '@tapwise/contracts';
import type { RatesHistory } from '@tapwise/exchange-rates';
import { planChanges, type IntendedChange, type PlanningContext } from './rule-changes';
import { ruleTest, type RuleValues, type ValuedRow } from './rule-evaluation';
import type { RuleFactRow } from './rule-facts.repository';

const MICROS = 1_000_000;
const CENT = 10_000;

/** The rule's currency; a definition saved before rules had one reads each item's own currency. */
export const ruleCurrencyOf = (rule: Pick<AutomationRuleDefinition, 'currency'>) =>
  rule.currency ?? null;

const toMicros = (units: number) => Math.round(units * MICROS);
const moneyMicros = (amount: string) => toMicros(Number(amount));
/** Micros as a money string the planner reads back to the micro. */
const moneyString = (micros: number) => (micros / MICROS).toFixed(6);

/**
 * Whether the rule has money of its own to convert: a money condition against a value (not
 * against another metric, which is in the item's currency too), an amount change and its limits
 * and caps, or a promoted keyword's bid.
 */
export function hasRuleMoney(rule: AutomationRuleDefinition): boolean {
  const moneyCondition = rule.conditions.some(
    (condition) => ruleMetricKind(condition.metric) === 'money' && !condition.compareTo,
  );
  return (
    moneyCondition ||
    rule.actions.some(
      (action) =>
        action.type === 'CHANGE_BID' ||
        action.type === 'CHANGE_BUDGET' ||
        (action.type === 'ADD_AS_KEYWORD' && action.bid !== undefined),
    )
  );
}

/**
 * The rule with its money multiplied by `factor`, and the values converted. Amounts stay
 * unrounded (the planner rounds its results to cents); a promoted keyword's bid is sent to Apple
 * as it is, so it is rounded to cents here.
 */
export function convertRuleMoney(
  rule: AutomationRuleDefinition,
  factor: number,
): { rule: AutomationRuleDefinition; values: RuleMoneyValue[] } {
  const values: RuleMoneyValue[] = [];
  const convert = (
    source: RuleMoneyValue['source'],
    name: string,
    ruleMicros: number,
    roundToCents = false,
  ) => {
    const exact = ruleMicros * factor;
    const micros = roundToCents ? Math.round(exact / CENT) * CENT : Math.round(exact);
    values.push({ source, name, ruleMicros, micros });
    return micros;
  };
  const units = (source: RuleMoneyValue['source'], name: string, entered: number) =>
    convert(source, name, toMicros(entered)) / MICROS;
  const conditions = rule.conditions.map((condition) => {
    if (ruleMetricKind(condition.metric) !== 'money' || condition.compareTo) return condition;
    const { metric } = condition;
    return {
      ...condition,
      ...(condition.value !== undefined
        ? { value: units('condition', metric, condition.value) }
        : {}),
      ...(condition.range
        ? {
            range: {
              from: units('condition', metric, condition.range.from),
              to: units('condition', metric, condition.range.to),
            },
          }
        : {}),
    };
  });
  let changesAmounts = false;
  const actions = rule.actions.map((action) => {
    if (action.type === 'ADD_AS_KEYWORD' && action.bid !== undefined)
      return {
        ...action,
        bid: (convert('action', 'bid', moneyMicros(action.bid), true) / MICROS).toFixed(2),
      };
    if (action.type !== 'CHANGE_BID' && action.type !== 'CHANGE_BUDGET') return action;
    changesAmounts = true;
    const amount = action.unit === 'AMOUNT' && action.value !== undefined;
    return {
      ...action,
      ...(amount ? { value: units('action', 'value', action.value!) } : {}),
      ...(action.min
        ? { min: moneyString(convert('action', 'min', moneyMicros(action.min))) }
        : {}),
      ...(action.max
        ? { max: moneyString(convert('action', 'max', moneyMicros(action.max))) }
        : {}),
    };
  });
  const caps = { ...rule.caps };
  if (changesAmounts)
    for (const key of ['maxBidChange', 'maxBudgetChange'] as const)
      caps[key] = moneyString(
        convert('cap', key, moneyMicros(rule.caps[key] ?? DEFAULT_SAFETY_CAPS[key])),
      );
  return { rule: { ...rule, conditions, actions, caps }, values };
}

/** The rule as it applies to the items of one currency on a day. */
export type CurrencyRule =
  | { currency: string; rule: AutomationRuleDefinition; conversion: RuleMoneyConversion | null }
  /** No reference rate between the rule's currency and this one: its items are not evaluated. */
  | { currency: string; rule: null; conversion: null };

/**
 * The rule for each currency of the rows on `day`: as it is for the rule's own currency (or any
 * currency when the rule has no money), converted at the day's rate for the others.
 */
export function rulesByCurrency(
  rule: AutomationRuleDefinition,
  currencies: Iterable<string>,
  rates: RatesHistory,
  day: string,
): Map<string, CurrencyRule> {
  const ruleCurrency = ruleCurrencyOf(rule);
  const money = hasRuleMoney(rule);
  const byCurrency = new Map<string, CurrencyRule>();
  for (const currency of currencies) {
    if (byCurrency.has(currency)) continue;
    if (ruleCurrency === null || currency === ruleCurrency || !money) {
      byCurrency.set(currency, { currency, rule, conversion: null });
      continue;
    }
    const factor = rates.factorOn(ruleCurrency, currency, day);
    if (factor === null) {
      byCurrency.set(currency, { currency, rule: null, conversion: null });
      continue;
    }
    const converted = convertRuleMoney(rule, factor);
    byCurrency.set(currency, {
      currency,
      rule: converted.rule,
      conversion: { ruleCurrency, currency, factor, rateDay: day, values: converted.values },
    });
  }
  return byCurrency;
}

/** Whether any row's currency differs from the rule's, so that rates must be read. */
export function needsRates(rule: AutomationRuleDefinition, rows: readonly { row: RuleFactRow }[]) {
  const ruleCurrency = ruleCurrencyOf(rule);
  return (
    ruleCurrency !== null &&
    hasRuleMoney(rule) &&
    rows.some(({ row }) => row.currency !== ruleCurrency)
  );
}

export const NO_RATE_MESSAGE = (ruleCurrency: string, currencies: readonly string[], day: string) =>
  `Items in ${currencies.join(', ')} were not evaluated: no reference rate from ${ruleCurrency} for ${day}.`;

/** The rows of one currency that matched the rule as it applies to them. */
export interface CurrencyMatch {
  rule: AutomationRuleDefinition;
  conversion: RuleMoneyConversion | null;
  matched: ValuedRow[];
}

export interface RuleMatches {
  byCurrency: CurrencyMatch[];
  /** Rows evaluated: those of currencies without a rate are not. */
  evaluated: number;
  matched: number;
  /** Currencies left out for want of a rate, in the order met. */
  unconvertible: string[];
}

/** Evaluates rows against the rule, each currency's rows against the rule in that currency. */
export function matchRule(
  rule: AutomationRuleDefinition,
  rows: readonly ValuedRow[],
  rates: RatesHistory,
  day: string,
): RuleMatches {
  const rules = rulesByCurrency(
    rule,
    rows.map(({ row }) => row.currency),
    rates,
    day,
  );
  const groups = new Map<string, CurrencyMatch & { test: (values: RuleValues) => boolean }>();
  const unconvertible: string[] = [];
  let evaluated = 0;
  let matched = 0;
  for (const valuedRow of rows) {
    const currency = valuedRow.row.currency;
    let group = groups.get(currency);
    if (!group) {
      const applied = rules.get(currency)!;
      if (!applied.rule) {
        if (!unconvertible.includes(currency)) unconvertible.push(currency);
        continue;
      }
      group = { ...applied, rule: applied.rule, matched: [], test: ruleTest(applied.rule) };
      groups.set(currency, group);
    }
    evaluated++;
    if (group.test(valuedRow.values)) {
      group.matched.push(valuedRow);
      matched++;
    }
  }
  return {
    byCurrency: [...groups.values()].map(({ rule: applied, conversion, matched: rowsOf }) => ({
      rule: applied,
      conversion,
      matched: rowsOf,
    })),
    evaluated,
    matched,
    unconvertible,
  };
}

/** Every matched row, in currency then row order. */
export const matchedRows = (matches: RuleMatches): ValuedRow[] =>
  matches.byCurrency.flatMap((group) => group.matched);

/**
 * The changes each currency's rule intends for its rows, each carrying the conversion of the
 * rule's money into its account's currency; lazy, as planChanges.
 */
export function* planChangesByCurrency(
  matches: RuleMatches,
  context: PlanningContext,
  capsOf: (rule: AutomationRuleDefinition) => SafetyCaps = effectiveCaps,
): Generator<IntendedChange> {
  // Keywords and negatives taken by one currency's rows are taken for the next.
  const taken = { negatives: new Set(context.negatives), keywords: new Set(context.keywords) };
  for (const group of matches.byCurrency)
    for (const change of planChanges(group.rule, group.matched, capsOf(group.rule), context, taken))
      yield { ...change, conversion: group.conversion };
}
