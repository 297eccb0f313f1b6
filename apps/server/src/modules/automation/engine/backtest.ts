// A rule replayed over stored daily history, day by day, each day's window ending that day: when
// it would have fired and what it would have changed, with the bids, budgets and statuses it
// changed carried forward to the next days. Nothing is sent to Apple and nothing stored: the
// job in backtest-runs.ts keeps the result. Between two days the event loop gets a turn, so a
// replay on the embedded database never holds the server for more than one day's reads.
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import {
  ACTION_LIMIT_FREQUENCY_HOURS,
  AUTOMATION_MESSAGES,
  BACKTEST_MAX_DAYS,
  BACKTEST_MAX_LISTED_CHANGES,
  BACKTEST_MAX_ROWS_PER_DAY,
  backtestInput,
  effectiveCaps,
  type AutomationRuleDefinition,
  type RuleBacktestDay,
  type RuleBacktestResult,
} from '@tapwise/contracts';
import type { RatesHistory } from '@tapwise/exchange-rates';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { ratesOver } from '../../currencies/exchange-rates.service';
import { planningContext } from './planning-context';
import { keywordKey, negativeKey, type ChangeValues, type IntendedChange } from './rule-changes';
import { valued } from './rule-evaluation';
import { rowsWithGoal, usesGoal } from './rule-goals';
import { matchedRows, matchRule, planChangesByCurrency } from './rule-money';
import { loadRuleFacts, type RuleFactRow } from './rule-facts.repository';
import { addDays, factWindow, isoDay } from './rule-windows';

export const BACKTEST_RANGE_MESSAGE = `A backtest covers at most ${BACKTEST_MAX_DAYS} days, ending today at the latest.`;

/** A backtest as the job runs it: the rule and the days to replay. */
export interface BacktestPlan {
  rule: AutomationRuleDefinition;
  start: string;
  end: string;
  days: string[];
}

/** Checks a backtest's input: the rule, and a range of at most BACKTEST_MAX_DAYS up to today. */
export function planBacktest(rawInput: unknown): BacktestPlan {
  const { rule, start, end } = backtestInput.parse(rawInput);
  return { rule, start, end, days: backtestDays(start, end) };
}

/** The days from start to end: at most BACKTEST_MAX_DAYS, up to today. */
export function backtestDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let date = start; date <= end && days.length <= BACKTEST_MAX_DAYS; date = addDays(date, 1))
    days.push(date);
  if (start > end || days.length > BACKTEST_MAX_DAYS || end > isoDay(new Date()))
    throw new AppError('BAD_REQUEST', BACKTEST_RANGE_MESSAGE, { end: BACKTEST_RANGE_MESSAGE });
  return days;
}

/** The scope held more entities a day than a backtest evaluates. */
export class BacktestTooWideError extends AppError {
  constructor() {
    super('BAD_REQUEST', AUTOMATION_MESSAGES.backtestTooWide);
  }
}

/** What the replay has changed so far. */
export interface Simulation {
  /** Merged `after` values per level:entityId. */
  values: Map<string, ChangeValues>;
  negatives: Set<string>;
  keywords: Set<string>;
  /** Day index of the last change per entity and action (the action limit). */
  lastChange: Map<string, number>;
}

const stateKey = (level: string, entityId: string) => `${level}:${entityId}`;
const LEVEL_OF_TARGET = {
  CAMPAIGN: 'campaign',
  AD_GROUP: 'adGroup',
  KEYWORD: 'keyword',
  SEARCH_TERM: 'searchTerm',
} as const;

export const newSimulation = (): Simulation => ({
  values: new Map(),
  negatives: new Set(),
  keywords: new Set(),
  lastChange: new Map(),
});

/** The row as the replay left it: simulated bid, budget and status. */
export function simulated(row: RuleFactRow, simulation: Simulation): RuleFactRow {
  const changed = simulation.values.get(stateKey(LEVEL_OF_TARGET[row.target], row.entityId));
  if (!changed) return row;
  const bid = changed.bidMicros ?? changed.defaultBidMicros;
  return {
    ...row,
    bidMicros: typeof bid === 'number' ? bid : row.bidMicros,
    dailyBudgetMicros:
      typeof changed.dailyBudgetMicros === 'number'
        ? changed.dailyBudgetMicros
        : row.dailyBudgetMicros,
    status: typeof changed.status === 'string' ? changed.status : row.status,
  };
}

/** The changes a day keeps: past the action limit, up to the per-run cap. */
export function withinLimits(
  changes: IntendedChange[],
  rule: Pick<AutomationRuleDefinition, 'actionLimitFrequency' | 'caps'>,
  simulation: Simulation,
  day: number,
): IntendedChange[] {
  const limitHours = rule.actionLimitFrequency
    ? ACTION_LIMIT_FREQUENCY_HOURS[rule.actionLimitFrequency]
    : 0;
  return changes
    .filter((change) => {
      const last = simulation.lastChange.get(`${change.entityId}:${change.action}`);
      return last === undefined || (day - last) * 24 >= limitHours;
    })
    .slice(0, effectiveCaps(rule).maxChangesPerRun);
}

export function remember(change: IntendedChange, simulation: Simulation, day: number) {
  simulation.lastChange.set(`${change.entityId}:${change.action}`, day);
  const write = change.write;
  if (write.kind === 'negativeKeyword')
    simulation.negatives.add(
      negativeKey(write.campaignId, write.adGroupId, write.matchType, write.text),
    );
  else if (write.kind === 'keyword')
    simulation.keywords.add(keywordKey(write.adGroupId, write.matchType, write.text));
  else {
    const key = stateKey(change.level, change.entityId);
    simulation.values.set(key, { ...simulation.values.get(key), ...change.after });
  }
}

async function replayDay(
  db: Database,
  teamId: string,
  rule: AutomationRuleDefinition,
  date: string,
  day: number,
  simulation: Simulation,
  rates: RatesHistory,
): Promise<RuleBacktestDay> {
  // The end of the day: hour-based lookbacks read that day's stored daily facts.
  const endOfDay = new Date(`${date}T23:59:59Z`);
  const window = factWindow(rule.lookback, rule.target, endOfDay, true);
  const rows = await loadRuleFacts(db, teamId, rule.target, window, rule.scope);
  if (rows.length > BACKTEST_MAX_ROWS_PER_DAY) throw new BacktestTooWideError();
  const valuedRows = rows.map((row) => valued(simulated(row, simulation)));
  // Goal conditions read the partner rows of the day's lookback as a run would; a day without
  // partner data leaves goal metrics without a value, so they match nothing that day.
  const judged =
    (usesGoal(rule) && (await rowsWithGoal(db, teamId, rule, valuedRows, endOfDay))) || valuedRows;
  // The rule's money in each row's currency at the rate of the replayed day.
  const matches = matchRule(rule, judged, rates, date);
  const matched = matchedRows(matches);
  const stored = await planningContext(db, teamId, rule, matched);
  const planned = [
    ...planChangesByCurrency(matches, {
      negatives: new Set([...stored.negatives, ...simulation.negatives]),
      keywords: new Set([...stored.keywords, ...simulation.keywords]),
      promoteTargets: stored.promoteTargets,
    }),
  ];
  const changes = withinLimits(planned, rule, simulation, day);
  for (const change of changes) remember(change, simulation, day);
  return {
    date,
    evaluated: matches.evaluated,
    matched: matched.length,
    ...(matches.unconvertible.length ? { unconvertible: matches.unconvertible } : {}),
    changes: changes.map(backtestChange),
  };
}

/** A replayed change as the result lists it. */
export const backtestChange = (change: IntendedChange): RuleBacktestDay['changes'][number] => ({
  adAccountId: change.adAccountId,
  level: change.level,
  entityId: change.entityId,
  entityName: change.entityName,
  action: change.action,
  before: change.before,
  after: change.after,
  status: change.refusal ? 'FAILED' : 'PLANNED',
  capped: change.capped,
  message: change.refusal ?? null,
  conversion: change.conversion ?? null,
});

/** Replays a rule over the plan's days; `onDay` hears how many are done after each. */
export async function replayBacktest(
  db: Database,
  teamId: string,
  { rule, start, end, days }: BacktestPlan,
  onDay: (done: number) => Promise<void> = async () => undefined,
): Promise<RuleBacktestResult> {
  const simulation = newSimulation();
  const rates = await ratesOver(db, { start, end });
  return replayDays(
    { start, end, days },
    (date, index) => replayDay(db, teamId, rule, date, index, simulation, rates),
    onDay,
  );
}

/**
 * Replays days in order (a rule's or a scripted rule's); `onDay` hears how many are done after
 * each. The result lists at most BACKTEST_MAX_LISTED_CHANGES changes; `totalChanges` counts them
 * all.
 */
export async function replayDays(
  { start, end, days }: Omit<BacktestPlan, 'rule'>,
  replayOne: (date: string, index: number) => Promise<RuleBacktestDay>,
  onDay: (done: number) => Promise<void>,
): Promise<RuleBacktestResult> {
  const replayed: RuleBacktestDay[] = [];
  let totalChanges = 0;
  for (const [index, date] of days.entries()) {
    await eventLoopTurn();
    const day = await replayOne(date, index);
    const room = Math.max(0, BACKTEST_MAX_LISTED_CHANGES - totalChanges);
    totalChanges += day.changes.length;
    replayed.push({ ...day, changes: day.changes.slice(0, room) });
    await onDay(index + 1);
  }
  return { start, end, days: replayed, totalChanges };
}
