// GraphQL of automation rules (docs/api/automation.md): the rule list and its CRUD, the logs of
// runs and lifecycle events, runs, reverts and backtests handed to the engine, and the kill
// switches. Thin: rules.service.ts holds the behaviour, the contracts' schemas check the input.
import {
  ruleRunsQuerySchema,
  type RuleBacktestDay,
  type RuleBacktestResult,
  type RuleBacktestRun,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import { readRuleBacktest, startRuleBacktest } from './engine';
import {
  listRuleLog,
  listRunChanges,
  type RuleChangeRow,
  type RuleLogRow,
} from './rule-logs.repository';
import { listRules, type RuleRow } from './rules.repository';
import {
  createAutomationRule,
  deleteAutomationRule,
  displayedRuleStatus,
  readAutomationSafety,
  readRule,
  readRuleRun,
  revertAutomationRuleRun,
  runAutomationRule,
  setAutomationRuleEnabled,
  setCompanyKillSwitch,
  setGlobalKillSwitch,
  updateAutomationRule,
  type AutomationSafety,
  type RuleResult,
} from './rules.service';

/** A rule row's type: builder rules and scripted rules differ only in what `definition` holds. */
export function ruleRowType(name: string, definitionDescription: string) {
  return builder.objectRef<RuleRow>(name).implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      enabled: t.exposeBoolean('enabled'),
      status: t.string({
        description: 'The lifecycle status, or LAST RUN FAILED while enabled after a failed run',
        resolve: displayedRuleStatus,
      }),
      definition: t.field({
        type: 'JSON',
        description: definitionDescription,
        resolve: (rule) => rule.definition,
      }),
      lastRunAt: t.expose('lastRunAt', { type: 'DateTime', nullable: true }),
      lastRunStatus: t.exposeString('lastRunStatus', { nullable: true }),
      nextRunAt: t.expose('nextRunAt', { type: 'DateTime', nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
}

const AutomationRuleRef = ruleRowType(
  'AutomationRule',
  'The saved builder input (automationRuleInput of the contracts)',
);

const RuleLogEntryRef = builder.objectRef<RuleLogRow>('RuleLogEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'RUN or EVENT (CREATED, ENABLED, ...)' }),
    ruleId: t.exposeID('ruleId'),
    ruleName: t.exposeString('ruleName'),
    ruleKind: t.exposeString('ruleKind', { description: 'RULE or SCRIPT' }),
    status: t.exposeString('status'),
    trigger: t.exposeString('trigger', {
      nullable: true,
      description: 'SCHEDULED, DATA or MANUAL',
    }),
    dryRun: t.exposeBoolean('dryRun'),
    evaluated: t.exposeInt('evaluated'),
    matched: t.exposeInt('matched'),
    applied: t.exposeInt('applied'),
    planned: t.exposeInt('planned'),
    failed: t.exposeInt('failed'),
    skipped: t.exposeInt('skipped'),
    reverted: t.exposeInt('reverted'),
    message: t.exposeString('message', { nullable: true }),
    at: t.expose('at', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    revertedAt: t.expose('revertedAt', { type: 'DateTime', nullable: true }),
    scriptLog: t.field({
      type: 'JSON',
      nullable: true,
      description: "A script run's log lines (ScriptLogLine[]); null for a builder rule's run",
      resolve: (entry) => entry.scriptLog,
    }),
    revertible: t.exposeBoolean('revertible', {
      description: 'A finished, not dry, not reverted run with applied changes',
    }),
  }),
});

const RuleLogPageRef = builder
  .objectRef<{ entries: RuleLogRow[]; total: number }>('RuleLogPage')
  .implement({
    fields: (t) => ({
      entries: t.field({ type: [RuleLogEntryRef], resolve: (page) => page.entries }),
      total: t.exposeInt('total'),
    }),
  });

export const RuleChangeEntryRef = builder.objectRef<RuleChangeRow>('RuleChangeEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    runId: t.exposeID('runId'),
    ruleId: t.exposeID('ruleId'),
    ruleName: t.exposeString('ruleName', { description: "The rule's name when it ran" }),
    adAccountId: t.exposeFloat('adAccountId'),
    level: t.exposeString('level'),
    entityId: t.exposeString('entityId'),
    entityName: t.exposeString('entityName'),
    campaignId: t.exposeFloat('campaignId', {
      nullable: true,
      description: "The entity's campaign (itself for a campaign); null for the run's e-mail",
    }),
    campaignName: t.exposeString('campaignName', { nullable: true }),
    adGroupId: t.exposeFloat('adGroupId', {
      nullable: true,
      description: "The entity's ad group (itself for an ad group); null above that level",
    }),
    adGroupName: t.exposeString('adGroupName', { nullable: true }),
    matchedValues: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "The rule's condition metrics when the entity matched, by metric (money in micros, ratios as fractions)",
      resolve: (change) => change.matchedValues,
    }),
    action: t.exposeString('action'),
    before: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Field values before (money in micros)',
      resolve: (change) => change.before,
    }),
    after: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Field values after (money in micros)',
      resolve: (change) => change.after,
    }),
    status: t.exposeString('status', {
      description: 'PLANNED, PENDING, APPLIED, FAILED, SKIPPED or REVERTED',
    }),
    capped: t.exposeBoolean('capped', { description: 'Cut to a safety cap' }),
    message: t.exposeString('message', { nullable: true }),
    conversion: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "The rule's money converted into the account's currency (RuleMoneyConversion); null when the same",
      resolve: (change) => change.conversion,
    }),
    appliedAt: t.expose('appliedAt', { type: 'DateTime', nullable: true }),
  }),
});

const AutomationSafetyRef = builder.objectRef<AutomationSafety>('AutomationSafety').implement({
  fields: (t) => ({
    killSwitch: t.exposeBoolean('killSwitch', { description: "The company's switch is on" }),
    globalKillSwitch: t.exposeBoolean('globalKillSwitch', {
      description: "Tapwise staff's switch for every company is on",
    }),
    defaultCaps: t.field({
      type: 'JSON',
      description: 'DEFAULT_SAFETY_CAPS: what a rule without overrides is held to',
      resolve: (safety) => safety.defaultCaps,
    }),
  }),
});

const RuleBacktestDayRef = builder.objectRef<RuleBacktestDay>('RuleBacktestDay').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    evaluated: t.exposeInt('evaluated'),
    matched: t.exposeInt('matched'),
    unconvertible: t.stringList({
      description: "Currencies whose items were not evaluated: no reference rate from the rule's",
      resolve: (day) => day.unconvertible ?? [],
    }),
    changes: t.field({
      type: 'JSON',
      description: 'The changes the rule would have made that day (RuleChangeEntry fields)',
      resolve: (day) => day.changes,
    }),
  }),
});

const RuleBacktestRef = builder.objectRef<RuleBacktestResult>('RuleBacktest').implement({
  fields: (t) => ({
    start: t.exposeString('start'),
    end: t.exposeString('end'),
    totalChanges: t.exposeInt('totalChanges'),
    days: t.field({ type: [RuleBacktestDayRef], resolve: (result) => result.days }),
  }),
});

const RuleBacktestRunRef = builder.objectRef<RuleBacktestRun>('RuleBacktestRun').implement({
  fields: (t) => ({
    backtestId: t.exposeID('backtestId'),
    status: t.exposeString('status', { description: 'RUNNING, DONE or FAILED' }),
    done: t.exposeInt('done', { description: 'Days replayed so far' }),
    total: t.exposeInt('total', { description: 'Days to replay' }),
    failure: t.exposeString('failure', { nullable: true, description: 'TOO_WIDE or FAILED' }),
    message: t.exposeString('message', { nullable: true }),
    result: t.field({
      type: RuleBacktestRef,
      nullable: true,
      description: 'Once DONE',
      resolve: (run) => run.result,
    }),
  }),
});

export const RuleBacktestStartedRef = builder
  .objectRef<{ successMessage: string; backtestId: string }>('RuleBacktestStarted')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      backtestId: t.exposeID('backtestId', {
        description: 'Follow ruleBacktest:progress on the socket, or poll automationRuleBacktest',
      }),
    }),
  });

const AutomationRuleResultRef = builder.objectRef<RuleResult>('AutomationRuleResult').implement({
  fields: (t) => ({
    successMessage: t.exposeString('successMessage'),
    rule: t.field({ type: AutomationRuleRef, resolve: (result) => result.rule }),
  }),
});

const RuleRunStartedRef = builder
  .objectRef<{ successMessage: string; runId: string }>('RuleRunStarted')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      runId: t.exposeID('runId', {
        description: 'Poll automationRuleLogEntry(id) until not PENDING',
      }),
    }),
  });

const RuleRevertResultRef = builder
  .objectRef<{ successMessage: string; reverted: number; skipped: number }>('RuleRevertResult')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      reverted: t.exposeInt('reverted'),
      skipped: t.exposeInt('skipped', {
        description: 'Changes left alone: changed in Apple since the run',
      }),
    }),
  });

export const SuccessMessageRef = builder
  .objectRef<{ successMessage: string }>('SuccessMessage')
  .implement({ fields: (t) => ({ successMessage: t.exposeString('successMessage') }) });

builder.queryFields((t) => ({
  automationRules: t.field({
    ...access('automationRules.read'),
    type: [AutomationRuleRef],
    description: "The company's rules, newest first",
    resolve: (_root, _args, { app, auth }) => listRules(app.db, requireTeam(auth).teamId),
  }),
  automationRule: t.field({
    ...access('automationRules.read'),
    type: AutomationRuleRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readRule(app.db, requireTeam(auth).teamId, id),
  }),
  automationRuleLogs: t.field({
    ...access('automationRules.read'),
    type: RuleLogPageRef,
    description: 'Runs and lifecycle events, newest first (query: ruleRunsQuerySchema)',
    args: { query: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { offset, limit, ...filters } = ruleRunsQuerySchema.parse(withoutNulls(args.query));
      return listRuleLog(app.db, requireTeam(auth).teamId, filters, { offset, limit });
    },
  }),
  automationRuleLogEntry: t.field({
    ...access('automationRules.read'),
    type: RuleLogEntryRef,
    description: 'One run, for polling while it is PENDING',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readRuleRun(app.db, requireTeam(auth).teamId, id),
  }),
  automationRuleChanges: t.field({
    ...access('automationRules.read'),
    type: [RuleChangeEntryRef],
    description: "A run's changes: planned, applied, failed, skipped or reverted",
    args: { runId: t.arg.id({ required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      const { teamId } = requireTeam(auth);
      const run = await readRuleRun(app.db, teamId, args.runId);
      return listRunChanges(app.db, teamId, run.id);
    },
  }),
  automationSafety: t.field({
    ...access('automationRules.read'),
    type: AutomationSafetyRef,
    resolve: (_root, _args, { app, auth }) =>
      readAutomationSafety(app.db, requireTeam(auth).teamId),
  }),
  automationRuleBacktest: t.field({
    ...access('automationRules.read'),
    type: RuleBacktestRunRef,
    description: "One of the caller's backtests: its progress, and its result once DONE",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readRuleBacktest(app, requireTeam(auth), id),
  }),
}));

builder.mutationFields((t) => ({
  // A read of stored history that changes nothing: members who may read rules may backtest.
  startAutomationRuleBacktest: t.field({
    ...access('automationRules.read'),
    type: RuleBacktestStartedRef,
    description: 'Starts replaying a rule over stored history as a job (input: backtestInput)',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      startRuleBacktest(app, requireTeam(auth), withoutNulls(input)),
  }),
  createAutomationRule: t.field({
    ...access('automationRules.write'),
    type: AutomationRuleResultRef,
    description: 'Saves a rule, disabled (input: automationRuleInput)',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      createAutomationRule(app, requireTeam(auth), withoutNulls(input)),
  }),
  updateAutomationRule: t.field({
    ...access('automationRules.write'),
    type: AutomationRuleResultRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { id, input }, { app, auth }) =>
      updateAutomationRule(app, requireTeam(auth), id, withoutNulls(input)),
  }),
  deleteAutomationRule: t.field({
    ...access('automationRules.write'),
    type: SuccessMessageRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => deleteAutomationRule(app, requireTeam(auth), id),
  }),
  setAutomationRuleEnabled: t.field({
    ...access('automationRules.write'),
    type: AutomationRuleResultRef,
    args: { id: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, enabled }, { app, auth }) =>
      setAutomationRuleEnabled(app, requireTeam(auth), id, enabled),
  }),
  runAutomationRule: t.field({
    ...access('automationRules.write'),
    type: RuleRunStartedRef,
    description:
      'Runs a rule or scripted rule now; a dry run shows what would change and changes nothing',
    args: { id: t.arg.id({ required: true }), dryRun: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, dryRun }, { app, auth }) =>
      runAutomationRule(app, requireTeam(auth), id, dryRun),
  }),
  revertAutomationRuleRun: t.field({
    ...access('automationRules.write'),
    type: RuleRevertResultRef,
    description: "Undoes a finished run's applied changes",
    args: { runId: t.arg.id({ required: true }) },
    resolve: (_root, { runId }, { app, auth }) =>
      revertAutomationRuleRun(app, requireTeam(auth), runId),
  }),
  setAutomationKillSwitch: t.field({
    ...access('automationRules.killSwitch'),
    type: AutomationSafetyRef,
    description: "The company's kill switch: on stops every rule change to Apple",
    args: { on: t.arg.boolean({ required: true }) },
    resolve: (_root, { on }, { app, auth }) => setCompanyKillSwitch(app, requireTeam(auth), on),
  }),
  setGlobalAutomationKillSwitch: t.field({
    ...access('staff.settings.write'),
    type: AutomationSafetyRef,
    description: 'The kill switch of every company (Tapwise staff)',
    args: { on: t.arg.boolean({ required: true }) },
    resolve: (_root, { on }, { app, auth }) => setGlobalKillSwitch(app, requireTeam(auth), on),
  }),
}));
