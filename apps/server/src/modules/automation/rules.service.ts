// The behaviour of automation rules as people manage them (spec 1 §9, spec 2 §5): save with the
// spec's validation, enable and disable, delete, the company's and the global kill switch, and
// the hand-over of runs and reverts to the engine. Every lifecycle change writes its event row
// and its activity entry in the same transaction as the change.
import {
  AUTOMATION_MESSAGES,
  automationRuleInput,
  DEFAULT_SAFETY_CAPS,
  nextRunAt,
  type AutomationRuleDefinition,
  type AutomationRuleKind,
  type AutomationRuleStatus,
  type RuleSchedule,
  type SafetyCaps,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { writeSetting } from '../accounts/accounts.repository';
import { recordActivity } from '../activity-log/activity-log.service';
import { reportingCurrencyOf } from '../currencies/exchange-rates.service';
import { appsOfCampaigns, findGoal } from '../goals/goals.repository';
import type { AppContext } from '../app-context';
import { writeActorOf } from '../apple-writes/write-actor';
import { GLOBAL_KILL_SWITCH_KEY, readKillSwitches, revertRun, startRuleRun } from './engine';
import { findRuleRun } from './rule-logs.repository';
import {
  findForeignEntityIds,
  findRule,
  inTransaction,
  insertRule,
  insertRuleEvent,
  isRuleNameTaken,
  isUniqueViolation,
  updateRule,
  wasRuleEverEnabled,
  writeCompanyKillSwitch,
  type RulePatch,
  type RuleRow,
} from './rules.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

export type Caller = AuthContext & { teamId: string };
export interface RuleResult {
  successMessage: string;
  rule: RuleRow;
}
export interface AutomationSafety {
  killSwitch: boolean;
  globalKillSwitch: boolean;
  defaultCaps: SafetyCaps;
}

const ACTIVITY_PLACE = { featureName: 'automationRules', featurePath: '/arrules' };

const uuid = z.uuid();
/** Anything that is not one of the team's live rules (or runs) is not found. */
export function parseOwnId(id: string | number, what = 'rule'): string {
  const parsed = uuid.safeParse(String(id));
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}
const notFound = (what: string) => new AppError('NOT_FOUND', `No such ${what}.`);

/** A live rule of the team: a builder rule unless another kind (or null, either) is asked for. */
export async function readRule(
  db: Database,
  teamId: string,
  id: string | number,
  kind: AutomationRuleKind | null = 'RULE',
) {
  const rule = await findRule(db, teamId, parseOwnId(id), kind ?? undefined);
  // The keyword optimisation page's carrier of applies is no rule anyone runs or edits.
  if (!rule || rule.kind === 'KEYWORD_OPTIMIZATION') throw notFound('rule');
  return rule;
}

export async function readRuleRun(db: Database, teamId: string, id: string | number) {
  const run = await findRuleRun(db, teamId, parseOwnId(id, 'run'));
  if (!run) throw notFound('run');
  return run;
}

/** What the list shows: a rule whose last run failed reads LAST RUN FAILED while enabled. */
export function displayedRuleStatus(rule: Pick<RuleRow, 'enabled' | 'status' | 'lastRunStatus'>) {
  return rule.enabled && rule.lastRunStatus === 'FAILED' ? 'LAST RUN FAILED' : rule.status;
}

/**
 * The spec's validation, then the ids the rule names must be the team's own. A rule's money is in
 * the currency it names, else the one it was saved with (`kept`), else the company's reporting
 * currency now: changing the reporting currency later leaves saved rules meaning what they did.
 */
async function validDefinition(
  db: Database,
  teamId: string,
  input: unknown,
  kept?: string,
): Promise<AutomationRuleDefinition> {
  const parsed = automationRuleInput.parse(input);
  const definition = {
    ...parsed,
    currency: parsed.currency ?? kept ?? (await reportingCurrencyOf(db, teamId)),
  };
  const { scope } = definition;
  const foreign = await findForeignEntityIds(db, teamId, {
    adAccountIds: scope.adAccountIds,
    adamIds: scope.adamIds,
    campaignIds: scope.campaignIds,
    adGroupIds: scope.adGroupIds,
    keywordIds: { adGroupId: scope.adGroupIds[0], ids: scope.keywordIds },
    targetAdGroups: definition.actions.flatMap((action, actionIndex) =>
      action.type === 'ADD_AS_KEYWORD'
        ? [{ actionIndex, adAccountId: action.adAccountId, adGroupId: action.adGroupId }]
        : [],
    ),
  });
  if (Object.keys(foreign).length > 0) {
    const details = Object.fromEntries(
      Object.entries(foreign).map(([path, ids]) => [
        path,
        `Not in your company's Apple Ads accounts${path === 'scope.keywordIds' ? ' or not in the selected ad group' : ''}: ${ids.join(', ')}`,
      ]),
    );
    throw new AppError(
      'BAD_REQUEST',
      "The rule names campaigns, ad groups or keywords that are not your company's.",
      details,
    );
  }
  if (definition.goalId) await checkRuleGoal(db, teamId, definition);
  return definition;
}

/**
 * A rule's goal is one of the company's goals of the rule's app: the apps its scope names, and
 * its campaigns' apps (a scope naming neither runs over every app, and only the goal's app's rows
 * can match its goal conditions).
 */
async function checkRuleGoal(db: Database, teamId: string, definition: AutomationRuleDefinition) {
  const goal = await findGoal(db, teamId, definition.goalId!);
  if (!goal) throw new AppError('NOT_FOUND', 'No such goal.');
  const apps = new Set([
    ...definition.scope.adamIds,
    ...(await appsOfCampaigns(db, teamId, definition.scope.campaignIds)),
  ]);
  if ([...apps].some((adamId) => adamId !== goal.adamId))
    throw new AppError('BAD_REQUEST', "The goal is not of the rule's app.", {
      goalId: "The goal is not of the rule's app.",
    });
}

const nameTaken = () =>
  new AppError('CONFLICT', AUTOMATION_MESSAGES.nameTaken, {
    name: AUTOMATION_MESSAGES.nameTaken,
  });

/** The event row and the activity entry of one lifecycle change. */
async function recordLifecycle(
  tx: Database,
  caller: Caller,
  rule: RuleRow,
  status: AutomationRuleStatus,
  logType: 'rule_created' | 'rule_updated',
  verb: string,
) {
  await insertRuleEvent(tx, caller.teamId, {
    ruleId: rule.id,
    ruleName: rule.name,
    status,
    userId: caller.userId,
  });
  await recordActivity(tx, caller, caller.teamId, {
    logType,
    message: `${verb} the ${rule.kind === 'SCRIPT' ? 'scripted rule' : 'automation rule'} "${rule.name}"`,
    ...ACTIVITY_PLACE,
  });
}

/** A new rule is saved disabled: it runs only once someone enables it. */
export async function createAutomationRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  input: unknown,
): Promise<RuleResult> {
  const definition = await validDefinition(ctx.db, caller.teamId, input);
  const rule = await createRule(ctx, caller, definition);
  await tickChecklist(ctx.db, caller, 'createRule');
  return { successMessage: AUTOMATION_MESSAGES.created, rule };
}

/** A new rule of either kind, disabled and CREATED in its log; a taken name answers CONFLICT. */
export async function createRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  definition: RuleRow['definition'],
  kind: AutomationRuleKind = 'RULE',
): Promise<RuleRow> {
  if (await isRuleNameTaken(ctx.db, caller.teamId, definition.name)) throw nameTaken();
  return inTransaction(ctx.db, async (tx) => {
    const row = await insertRule(tx, caller.teamId, { definition, kind, createdBy: caller.userId });
    if (!row) throw nameTaken();
    await recordLifecycle(tx, caller, row, 'CREATED', 'rule_created', 'Created');
    return row;
  });
}

/**
 * A rule's new definition, UPDATED in its log; an enabled rule is rescheduled from its last run.
 * A taken name answers CONFLICT.
 */
export async function replaceRuleDefinition(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  current: RuleRow,
  definition: RuleRow['definition'],
  kind: AutomationRuleKind = 'RULE',
): Promise<RuleRow> {
  if (await isRuleNameTaken(ctx.db, caller.teamId, definition.name, current.id)) throw nameTaken();
  return changeRule(
    ctx,
    caller,
    current.id,
    {
      definition,
      status: 'UPDATED',
      nextRunAt: current.enabled ? nextRunOf(definition, current.lastRunAt) : null,
    },
    { status: 'UPDATED', verb: 'Updated' },
    kind,
  );
}

/**
 * Lifecycle changes of one live rule (of the kind given), in a transaction; a taken name answers
 * CONFLICT.
 */
async function changeRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  ruleId: string,
  patch: RulePatch,
  event: { status: AutomationRuleStatus; verb: string },
  kind: AutomationRuleKind = 'RULE',
): Promise<RuleRow> {
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const rule = await updateRule(tx, caller.teamId, ruleId, patch, kind);
      if (!rule) throw notFound('rule');
      await recordLifecycle(tx, caller, rule, event.status, 'rule_updated', event.verb);
      return rule;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** When an enabled rule checks next, from its cadence and its last run. */
const nextRunOf = (definition: RuleSchedule, lastRunAt: Date | null) =>
  nextRunAt(definition, lastRunAt, new Date());

export async function updateAutomationRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number,
  input: unknown,
): Promise<RuleResult> {
  const current = await readRule(ctx.db, caller.teamId, id);
  const definition = await validDefinition(
    ctx.db,
    caller.teamId,
    input,
    current.definition.currency,
  );
  const rule = await replaceRuleDefinition(ctx, caller, current, definition);
  return { successMessage: AUTOMATION_MESSAGES.updated, rule };
}

/** Deleted rules keep their logs; the name is free again at once. */
export async function deleteAutomationRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number,
): Promise<{ successMessage: string }> {
  const current = await readRule(ctx.db, caller.teamId, id);
  await softDeleteRule(ctx, caller, current.id);
  return { successMessage: AUTOMATION_MESSAGES.deleted };
}

/** A rule of either kind leaves its list; its runs and changes stay in the logs. */
export async function softDeleteRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  ruleId: string,
  kind: AutomationRuleKind = 'RULE',
): Promise<void> {
  await changeRule(
    ctx,
    caller,
    ruleId,
    { enabled: false, status: 'DELETED', nextRunAt: null, deletedAt: new Date() },
    { status: 'DELETED', verb: 'Deleted' },
    kind,
  );
}

const ENABLING_VERBS = {
  ENABLED: 'Enabled',
  'RE ACTIVATED': 'Re-activated',
  DISABLED: 'Disabled',
} as const satisfies Partial<Record<AutomationRuleStatus, string>>;

/**
 * Enabling schedules the next check (ENABLED the first time, RE ACTIVATED after); disabling
 * clears it. Asking for the state the rule is in changes nothing.
 */
export async function setAutomationRuleEnabled(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string | number,
  enabled: boolean,
): Promise<RuleResult> {
  const current = await readRule(ctx.db, caller.teamId, id);
  const successMessage = enabled ? AUTOMATION_MESSAGES.enabled : AUTOMATION_MESSAGES.disabled;
  return { successMessage, rule: await switchRule(ctx, caller, current, enabled) };
}

/** Enables or disables a rule of either kind, as setAutomationRuleEnabled describes. */
export async function switchRule(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  current: RuleRow,
  enabled: boolean,
): Promise<RuleRow> {
  if (current.enabled === enabled) return current;
  const status: keyof typeof ENABLING_VERBS = !enabled
    ? 'DISABLED'
    : (await wasRuleEverEnabled(ctx.db, caller.teamId, current.id))
      ? 'RE ACTIVATED'
      : 'ENABLED';
  return changeRule(
    ctx,
    caller,
    current.id,
    {
      enabled,
      status,
      nextRunAt: enabled ? nextRunOf(current.definition, current.lastRunAt) : null,
    },
    { status, verb: ENABLING_VERBS[status] },
    current.kind,
  );
}

export async function readAutomationSafety(
  db: Database,
  teamId: string,
): Promise<AutomationSafety> {
  return { ...(await readKillSwitches(db, teamId)), defaultCaps: DEFAULT_SAFETY_CAPS };
}

/** The company's switch: while on, no rule of the company sends a change to Apple. */
export async function setCompanyKillSwitch(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  on: boolean,
): Promise<AutomationSafety> {
  await inTransaction(ctx.db, async (tx) => {
    await writeCompanyKillSwitch(tx, caller.teamId, on, caller.userId);
    await recordActivity(tx, caller, caller.teamId, {
      logType: 'rule_updated',
      message: on
        ? 'Switched automation off: rules make no changes'
        : 'Switched automation on again',
      ...ACTIVITY_PLACE,
    });
  });
  return readAutomationSafety(ctx.db, caller.teamId);
}

/** Tapwise staff's switch for every company at once. */
export async function setGlobalKillSwitch(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  caller: Caller,
  on: boolean,
): Promise<AutomationSafety> {
  await writeSetting(ctx.db, GLOBAL_KILL_SWITCH_KEY, on);
  ctx.logger.info({ userId: caller.userId, on }, 'global automation kill switch changed');
  return readAutomationSafety(ctx.db, caller.teamId);
}

/** Starts a run now (a dry run changes nothing); the run's log entry reports its progress. */
export async function runAutomationRule(
  ctx: AppContext,
  caller: Caller,
  id: string | number,
  dryRun: boolean,
): Promise<{ successMessage: string; runId: string }> {
  const rule = await readRule(ctx.db, caller.teamId, id, null);
  const { runId } = await startRuleRun(ctx, writeActorOf(caller, 'automation'), rule.id, dryRun);
  return { successMessage: AUTOMATION_MESSAGES.runStarted, runId };
}

/** Undoes a finished run's applied changes; a run with nothing left to undo is refused. */
export async function revertAutomationRuleRun(
  ctx: AppContext,
  caller: Caller,
  id: string | number,
): Promise<{ successMessage: string; reverted: number; skipped: number }> {
  const run = await readRuleRun(ctx.db, caller.teamId, id);
  const nothingToRevert = () => new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.nothingToRevert);
  if (!run.revertible) throw nothingToRevert();
  const result = await revertRun(ctx, writeActorOf(caller, 'automation'), run.id);
  if (result.reverted + result.skipped === 0) throw nothingToRevert();
  return { successMessage: AUTOMATION_MESSAGES.reverted, ...result };
}
