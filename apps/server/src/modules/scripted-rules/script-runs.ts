// Scripted rules on the rule engine: a script runs in the sandbox, reading the company's entities
// through the same fact readers, windows and goal values as rule conditions, and what it proposes
// is planned by the rules' planner and passed through the same safety gateway. A script that
// fails fails its own run, with its log kept on the run.
import {
  effectiveCaps,
  RULE_ACTIONS_BY_TARGET,
  ruleMetricKind,
  scriptedRuleInput,
  SCRIPT_FAILURE_MESSAGES,
  type RuleActionInput,
  type RuleChangeStatus,
  type RuleConditionMetric,
  type RuleScope,
  type SafetyCaps,
  type ScriptedRuleDefinition,
  type ScriptEntity,
  type ScriptProposal,
  type ScriptReadRequest,
} from '@tapwise/contracts';
import { inParallel } from '../../platform/in-parallel';
import type { Database } from '../../platform/db/database';
import { planningContext } from '../automation/engine/planning-context';
import {
  planChanges,
  type IntendedChange,
  type PlanningContext,
} from '../automation/engine/rule-changes';
import { valued, type ValuedRow } from '../automation/engine/rule-evaluation';
import {
  indexRows,
  loadRuleFacts,
  rowsInScope,
  type IndexedRows,
} from '../automation/engine/rule-facts.repository';
import { rowsWithGoal } from '../automation/engine/rule-goals';
import type { EngineContext, Known } from '../automation/engine/rule-runner';
import {
  matchedRunStatus,
  gatewayRunOf,
  RUN_FAILED_OUTCOME,
  type Finished,
  type RunOutcome,
} from '../automation/engine/run-outcome';
import type { KillSwitches, RuleRow, RunRow } from '../automation/engine/rule-runs.repository';
import { factWindow, windowKey } from '../automation/engine/rule-windows';
import { notifyOnce, type NotificationAction } from '../automation/engine/run-notification';
import { passThroughSafetyGateway, SAFETY_MESSAGES } from '../automation/engine/safety-gateway';
import { loadPinnedModules } from './custom-function-imports';
import { runScript, type ScriptRunResult } from './sandbox';

/** Scripts of one batch run this many at a time: their reads overlap while another computes. */
const SCRIPTS_AT_ONCE = 4;

/**
 * The company's rows of one level over one window, read once per batch (or run) and shared by
 * every script asking for them; requests narrow them in memory.
 */
export type SharedReads = Map<string, Promise<IndexedRows>>;

const NO_SCOPE: RuleScope = {
  adAccountIds: [],
  adamIds: [],
  campaignIds: [],
  adGroupIds: [],
  keywordIds: [],
};

const MICROS = 1_000_000;
const units = (micros: number | null) => (micros === null ? null : micros / MICROS);

/** A row as the script sees it: money in currency units, metrics from the rule values. */
export function scriptEntityOf({ row, values }: ValuedRow): ScriptEntity {
  const metrics: Record<string, number | null> = {};
  for (const [metric, value] of Object.entries(values)) {
    if (metric === 'bid' || metric === 'dailyBudget') continue;
    metrics[metric] =
      value !== null && ruleMetricKind(metric as RuleConditionMetric) === 'money'
        ? value / MICROS
        : value;
  }
  return {
    level: row.target,
    id: row.entityId,
    name: row.name,
    status: row.status,
    adAccountId: row.adAccountId,
    adamId: row.adamId,
    campaignId: row.campaignId,
    adGroupId: row.adGroupId,
    keywordId: row.keywordId,
    text:
      row.target === 'SEARCH_TERM'
        ? row.searchTermText
        : row.target === 'KEYWORD'
          ? row.name
          : null,
    currency: row.currency,
    bid: units(row.bidMicros),
    dailyBudget: units(row.dailyBudgetMicros),
    metrics,
  };
}

const entityKey = (level: string, id: string) => `${level}|${id}`;

/**
 * The host side of one run's reads: the company's entities at the asked level over the asked
 * lookback, narrowed by the request's campaigns and ad groups, with the goal's values when asked.
 * Remembers every entity read, by level and id, for the proposals to refer to.
 */
export function scriptReader(
  db: Database,
  teamId: string,
  now: Date,
  shared: SharedReads = new Map(),
  options: { dailyOnly?: boolean; adjust?: (row: ValuedRow) => ValuedRow } = {},
) {
  const read = new Map<string, ValuedRow>();
  const answers = new Map<string, Promise<ValuedRow[]>>();
  const companyRows = (request: ScriptReadRequest) => {
    const window = factWindow(request.lookback, request.level, now, options.dailyOnly);
    const key = `${teamId}|${request.level}|${windowKey(window)}`;
    if (!shared.has(key))
      shared.set(
        key,
        loadRuleFacts(db, teamId, request.level, window, NO_SCOPE).then((rows) =>
          indexRows(rows.map(valued)),
        ),
      );
    return shared.get(key)!;
  };
  const answer = async (request: ScriptReadRequest) => {
    const rows = rowsInScope(await companyRows(request), {
      ...NO_SCOPE,
      campaignIds: request.campaignIds,
      adGroupIds: request.adGroupIds,
    }).map(options.adjust ?? ((row) => row));
    if (!request.goalId) return rows;
    // Without partner data for the goal, its metrics have no value, as in a rule's run.
    const goal = { goalId: request.goalId, target: request.level, lookback: request.lookback };
    return (await rowsWithGoal(db, teamId, goal, rows, now)) ?? rows;
  };
  return {
    /** What ScriptHost.read answers. */
    async read(request: ScriptReadRequest): Promise<ScriptEntity[]> {
      const key = JSON.stringify(request);
      if (!answers.has(key)) answers.set(key, answer(request));
      const rows = await answers.get(key)!;
      for (const row of rows) {
        const id = entityKey(row.row.target, row.row.entityId);
        if (!read.has(id)) read.set(id, row);
      }
      return rows.map(scriptEntityOf);
    },
    /** An entity this run read, as first read; undefined for any other id. */
    entity: (level: string, id: string) => read.get(entityKey(level, id)),
  };
}

export type ScriptReader = ReturnType<typeof scriptReader>;

/** The entity proposals, each entity and action once, with the rows they act on. */
export function proposedActions(
  proposals: readonly ScriptProposal[],
  reader: Pick<ScriptReader, 'entity'>,
): { action: RuleActionInput; row: ValuedRow }[] {
  const seen = new Set<string>();
  const actions: { action: RuleActionInput; row: ValuedRow }[] = [];
  for (const { entity, action } of proposals) {
    if (!entity) continue;
    const key = `${entity.level}|${entity.id}|${action.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Only an entity this run read (so one of the company's) at a level the action fits.
    const row = reader.entity(entity.level, entity.id);
    if (row && RULE_ACTIONS_BY_TARGET[row.row.target].includes(action.type))
      actions.push({ action, row });
  }
  return actions;
}

/**
 * The changes of a run's proposals, by the rules' planner: amounts are in the entity's own
 * currency, so nothing is converted. Lazy, as planChanges: the gateway stops at its cap.
 */
export function* scriptChanges(
  actions: readonly { action: RuleActionInput; row: ValuedRow }[],
  caps: SafetyCaps,
  context: PlanningContext,
): Generator<IntendedChange> {
  const taken = { negatives: new Set(context.negatives), keywords: new Set(context.keywords) };
  for (const { action, row } of actions)
    yield* planChanges({ actions: [action], conditions: [] }, [row], caps, context, taken);
}

/** The planner's view of the stored copy for a run's proposals. */
export const scriptPlanningContext = (
  db: Database,
  teamId: string,
  actions: readonly { action: RuleActionInput; row: ValuedRow }[],
) =>
  planningContext(
    db,
    teamId,
    { actions: actions.map(({ action }) => action) },
    actions.map(({ row }) => row),
  );

/** The run's notifications: the first of each kind the script proposed, with its message. */
function notificationsOf(proposals: readonly ScriptProposal[]) {
  const byType = new Map<string, { action: NotificationAction; message: string | undefined }>();
  for (const { entity, action, message } of proposals)
    if (
      entity === null &&
      (action.type === 'EMAIL_NOTIFICATION' || action.type === 'SLACK_NOTIFICATION') &&
      !byType.has(action.type)
    )
      byType.set(action.type, { action, message });
  return [...byType.values()];
}

/** Runs a definition's script in the sandbox with its pinned custom functions. */
export async function runDefinition(
  db: Database,
  teamId: string,
  definition: Pick<ScriptedRuleDefinition, 'source' | 'imports'>,
  reader: ScriptReader,
  now: Date,
  dryRun: boolean,
): Promise<ScriptRunResult> {
  const modules = await loadPinnedModules(db, teamId, definition.imports);
  return runScript(
    { source: definition.source, modules, now: now.toISOString(), dryRun },
    { read: (request) => reader.read(request) },
  );
}

/** A scripted rule's stored definition, checked again: its pins are kept beside the input. */
export function storedScript(rule: Pick<RuleRow, 'definition'>): ScriptedRuleDefinition {
  const stored = rule.definition as ScriptedRuleDefinition;
  return { ...scriptedRuleInput.parse(stored), imports: stored.imports ?? [] };
}

const failedOutcome = (result: ScriptRunResult): RunOutcome => ({
  status: 'FAILED',
  evaluated: result.evaluated,
  matched: 0,
  applied: 0,
  planned: 0,
  message: result.message ?? SCRIPT_FAILURE_MESSAGES[result.failure ?? 'THREW'],
  scriptLog: result.logs,
});

/** Runs one scripted rule's run: the script, then its proposals through the gateway. */
export async function processScriptRun(
  ctx: EngineContext,
  rule: RuleRow,
  run: RunRow,
  now: Date,
  known: Known & { reads?: SharedReads } = { fresh: false },
): Promise<Finished> {
  let outcome: RunOutcome;
  try {
    const definition = storedScript(rule);
    const reader = scriptReader(ctx.db, rule.teamId, now, known.reads);
    const result = await runDefinition(ctx.db, rule.teamId, definition, reader, now, run.dryRun);
    outcome = result.ok
      ? await applyProposals(ctx, rule, definition, run, result, reader, now, known)
      : failedOutcome(result);
  } catch (error) {
    ctx.logger.error({ err: error, ruleId: rule.id, runId: run.id }, 'scripted rule run failed');
    outcome = { ...RUN_FAILED_OUTCOME };
  }
  return { rule, run, outcome, now };
}

async function applyProposals(
  ctx: EngineContext,
  rule: RuleRow,
  definition: ScriptedRuleDefinition,
  run: RunRow,
  result: ScriptRunResult,
  reader: ScriptReader,
  now: Date,
  known: Known,
): Promise<RunOutcome> {
  const actions = proposedActions(result.proposals, reader);
  const notifications = notificationsOf(result.proposals);
  const none = {
    evaluated: result.evaluated,
    matched: 0,
    applied: 0,
    planned: 0,
    message: null,
    scriptLog: result.logs,
  };
  if (actions.length === 0 && notifications.length === 0)
    return { ...none, status: 'CONDITION NOT MATCHED' };
  const caps = effectiveCaps(definition);
  const context = await scriptPlanningContext(ctx.db, rule.teamId, actions);
  const { results, leftOut } = await passThroughSafetyGateway(
    ctx,
    gatewayRunOf(rule, run, definition, caps, { fresh: known.fresh, switches: known.switches }),
    scriptChanges(actions, caps, context),
    now,
  );
  const matched = new Set(actions.map(({ row }) => entityKey(row.row.target, row.row.entityId)))
    .size;
  const applied = results.filter((each) => each.status === 'APPLIED').map((each) => each.change);
  const notified: RuleChangeStatus[] = [];
  for (const { action, message } of notifications)
    notified.push(
      await notifyOnce(ctx, rule, run, action, {
        ruleName: rule.name,
        matched,
        applied,
        ...(message ? { message } : {}),
      }),
    );
  const { status, count } = matchedRunStatus([...results.map((each) => each.status), ...notified]);
  return {
    status,
    evaluated: result.evaluated,
    matched,
    applied: count('APPLIED'),
    planned: count('PLANNED'),
    message: leftOut ? SAFETY_MESSAGES.overChangesPerRun(caps.maxChangesPerRun) : null,
    scriptLog: result.logs,
  };
}

/**
 * A batch's due scripts of one team, SCRIPTS_AT_ONCE at a time, sharing the company's reads. Each
 * run ends on its own: a script that fails leaves the others running.
 */
export async function runScriptsOfBatch(
  ctx: EngineContext,
  open: readonly { rule: RuleRow; run: RunRow; created: boolean }[],
  now: Date,
  switches: KillSwitches,
): Promise<Finished[]> {
  const reads: SharedReads = new Map();
  const finished: Finished[] = [];
  await inParallel(open, SCRIPTS_AT_ONCE, async ({ rule, run, created }) => {
    finished.push(await processScriptRun(ctx, rule, run, now, { fresh: created, switches, reads }));
  });
  return finished;
}
