// Scripted rules as people manage them (docs/api/scripted-rules.md): saving checks the script
// compiles and pins the custom functions it imports; enabling needs the company's scripted rules
// on; a test runs the draft now and records nothing. Lifecycle changes are the rules' (same
// events, activity entries and name uniqueness across rules and scripts).
import {
  AUTOMATION_MESSAGES,
  effectiveCaps,
  scriptBacktestInput,
  scriptedRuleInput,
  SCRIPTED_RULE_MESSAGES,
  SCRIPT_LIMITS,
  type ScriptedRuleDefinition,
  type ScriptTestChange,
  type ScriptTestResult,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { readKillSwitches } from '../automation/engine';
import { backtestDays } from '../automation/engine/backtest';
import { queueBacktest } from '../automation/engine/backtest-runs';
import type { IntendedChange } from '../automation/engine/rule-changes';
import { SAFETY_MESSAGES } from '../automation/engine/safety-gateway';
import { listRules, readScriptsEnabled, type RuleRow } from '../automation/rules.repository';
import {
  createRule,
  readRule,
  replaceRuleDefinition,
  softDeleteRule,
  switchRule,
  type Caller,
} from '../automation/rules.service';
import { reportingCurrencyOf } from '../currencies/exchange-rates.service';
import { pinImports } from './custom-function-imports';
import type { ScriptBacktest } from './script-backtest';
import { compileScript } from './sandbox';
import {
  proposedActions,
  runDefinition,
  scriptChanges,
  scriptPlanningContext,
  scriptReader,
} from './script-runs';

export interface ScriptedRuleResult {
  successMessage: string;
  rule: RuleRow;
}

export const listScriptedRules = (db: AppContext['db'], teamId: string) =>
  listRules(db, teamId, 'SCRIPT');

export const readScriptedRule = (db: AppContext['db'], teamId: string, id: string | number) =>
  readRule(db, teamId, id, 'SCRIPT');

const badSource = (message: string) => new AppError('BAD_REQUEST', message, { source: message });

/**
 * The input checked: the schema, the script compiles, and every import is a function the member
 * sees, pinned at its newest version. The money is the draft's currency, else the saved one's,
 * else the company's reporting currency, as for rules.
 */
async function validScript(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  input: unknown,
  kept?: string,
): Promise<ScriptedRuleDefinition> {
  const parsed = scriptedRuleInput.parse(input);
  const compiled = await compileScript(parsed.source, 'script');
  if (!compiled.ok) throw badSource(compiled.message);
  const { pins, missing } = await pinImports(
    ctx.db,
    caller.teamId,
    caller.userId,
    compiled.imports,
  );
  if (missing.length > 0) throw badSource(`No function ${missing[0]}.`);
  if (pins.length > SCRIPT_LIMITS.imports)
    throw badSource(`A script imports at most ${SCRIPT_LIMITS.imports} functions.`);
  return {
    ...parsed,
    currency: parsed.currency ?? kept ?? (await reportingCurrencyOf(ctx.db, caller.teamId)),
    imports: pins,
  };
}

async function assertScriptsOn(ctx: Pick<AppContext, 'db'>, teamId: string) {
  if (!(await readScriptsEnabled(ctx.db, teamId)))
    throw new AppError('SCRIPTED_RULES_OFF', SCRIPTED_RULE_MESSAGES.studioOff);
}

/** Creates (no id) or replaces a scripted rule; `enable` switches it on after saving. */
export async function saveScriptedRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number | null,
  input: unknown,
  enable: boolean,
): Promise<ScriptedRuleResult> {
  const current = id === null ? null : await readScriptedRule(ctx.db, caller.teamId, id);
  const definition = await validScript(ctx, caller, input, current?.definition.currency);
  if (enable) await assertScriptsOn(ctx, caller.teamId);
  let rule = current
    ? await replaceRuleDefinition(ctx, caller, current, definition, 'SCRIPT')
    : await createRule(ctx, caller, definition, 'SCRIPT');
  if (enable) rule = await switchRule(ctx, caller, rule, true);
  return { successMessage: SCRIPTED_RULE_MESSAGES.saved, rule };
}

export async function setScriptedRuleEnabled(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number,
  enabled: boolean,
): Promise<ScriptedRuleResult> {
  const current = await readScriptedRule(ctx.db, caller.teamId, id);
  if (enabled) await assertScriptsOn(ctx, caller.teamId);
  return {
    successMessage: enabled ? SCRIPTED_RULE_MESSAGES.enabled : SCRIPTED_RULE_MESSAGES.disabled,
    rule: await switchRule(ctx, caller, current, enabled),
  };
}

/** Deleted scripted rules keep their logs; the name is free again at once. */
export async function deleteScriptedRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number,
): Promise<{ successMessage: string }> {
  const current = await readScriptedRule(ctx.db, caller.teamId, id);
  await softDeleteRule(ctx, caller, current.id, 'SCRIPT');
  return { successMessage: SCRIPTED_RULE_MESSAGES.deleted };
}

const testChange = (
  change: IntendedChange,
  status: string,
  message: string | null,
): ScriptTestChange => ({
  level: change.level,
  entityId: change.entityId,
  entityName: change.entityName,
  action: change.action,
  before: change.before,
  after: change.after,
  capped: change.capped,
  status,
  message,
});

/**
 * Runs a draft now as a dry run that records nothing: its log, and the changes the planner makes
 * of its proposals with the gateway's decisions that need no write (the cap on changes per run,
 * a planner's refusal, the kill switches). Apple is never called.
 */
export async function testScriptedRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  input: unknown,
): Promise<ScriptTestResult> {
  const definition = await validScript(ctx, caller, input);
  const now = new Date();
  const reader = scriptReader(ctx.db, caller.teamId, now);
  const result = await runDefinition(ctx.db, caller.teamId, definition, reader, now, true);
  const run = {
    ok: result.ok,
    failure: result.failure,
    message: result.message,
    logs: result.logs,
    evaluated: result.evaluated,
    proposals: result.proposals.length,
    durationMs: Math.round(result.durationMs),
  };
  if (!result.ok) return { ...run, changes: [] };
  const actions = proposedActions(result.proposals, reader);
  const caps = effectiveCaps(definition);
  const context = await scriptPlanningContext(ctx.db, caller.teamId, actions);
  const switches = await readKillSwitches(ctx.db, caller.teamId);
  const switchedOff = switches.globalKillSwitch
    ? AUTOMATION_MESSAGES.globalKillSwitchOn
    : switches.killSwitch
      ? AUTOMATION_MESSAGES.killSwitchOn
      : null;
  const changes: ScriptTestChange[] = [];
  for (const change of scriptChanges(actions, caps, context)) {
    if (changes.length >= caps.maxChangesPerRun) {
      run.message = SAFETY_MESSAGES.overChangesPerRun(caps.maxChangesPerRun);
      break;
    }
    changes.push(
      change.refusal
        ? testChange(change, 'FAILED', change.refusal)
        : switchedOff
          ? testChange(change, 'SKIPPED', switchedOff)
          : testChange(change, 'PLANNED', null),
    );
  }
  return { ...run, changes };
}

/**
 * Starts replaying a draft over stored history, as a rule's backtest (the same table, job and
 * result): the draft is checked and its imports pinned as saving would.
 */
export async function startScriptBacktest(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  rawInput: unknown,
): Promise<{ successMessage: string; backtestId: string }> {
  const { script, start, end } = scriptBacktestInput.parse(rawInput);
  const days = backtestDays(start, end);
  const input: ScriptBacktest = { script: await validScript(ctx, caller, script), start, end };
  return queueBacktest(ctx, caller, input, days.length);
}
