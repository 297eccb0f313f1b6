// GraphQL of scripted rules (docs/api/scripted-rules.md): the company's scripts, saving one (with
// "enable after saving"), enabling, deleting, a test run of a draft and a backtest of one. Thin:
// scripted-rules.service.ts holds the behaviour. Runs, logs, changes and reverts are the rules'
// operations (automation.graphql.ts).
import type { ScriptTestResult } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import {
  RuleBacktestStartedRef,
  ruleRowType,
  SuccessMessageRef,
} from '../automation/automation.graphql';
import {
  deleteScriptedRule,
  listScriptedRules,
  readScriptedRule,
  saveScriptedRule,
  setScriptedRuleEnabled,
  startScriptBacktest,
  testScriptedRule,
  type ScriptedRuleResult,
} from './scripted-rules.service';

const ScriptedRuleRef = ruleRowType(
  'ScriptedRule',
  "ScriptedRuleDefinition: scriptedRuleInput's output plus the pinned imports",
);

const ScriptedRuleResultRef = builder
  .objectRef<ScriptedRuleResult>('ScriptedRuleResult')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      rule: t.field({ type: ScriptedRuleRef, resolve: (result) => result.rule }),
    }),
  });

const ScriptTestResultRef = builder.objectRef<ScriptTestResult>('ScriptTestResult').implement({
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    failure: t.exposeString('failure', { nullable: true }),
    message: t.exposeString('message', { nullable: true }),
    logs: t.field({
      type: 'JSON',
      description: 'ScriptLogLine[]',
      resolve: (result) => result.logs,
    }),
    changes: t.field({
      type: 'JSON',
      description: 'ScriptTestChange[]',
      resolve: (result) => result.changes,
    }),
    evaluated: t.exposeInt('evaluated'),
    proposals: t.exposeInt('proposals'),
    durationMs: t.exposeInt('durationMs'),
  }),
});

builder.queryFields((t) => ({
  scriptedRules: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: [ScriptedRuleRef],
    description: "The company's scripted rules, newest first",
    resolve: (_root, _args, { app, auth }) => listScriptedRules(app.db, requireTeam(auth).teamId),
  }),
  scriptedRule: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: ScriptedRuleRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) =>
      readScriptedRule(app.db, requireTeam(auth).teamId, id),
  }),
}));

builder.mutationFields((t) => ({
  saveScriptedRule: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: ScriptedRuleResultRef,
    description: 'Creates (no id) or replaces a scripted rule (input: scriptedRuleInput)',
    args: {
      id: t.arg.id(),
      input: t.arg({ type: 'JSON', required: true }),
      enable: t.arg.boolean({ required: true }),
    },
    resolve: (_root, { id, input, enable }, { app, auth }) =>
      saveScriptedRule(app, requireTeam(auth), id ?? null, withoutNulls(input), enable),
  }),
  setScriptedRuleEnabled: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: ScriptedRuleResultRef,
    args: { id: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, enabled }, { app, auth }) =>
      setScriptedRuleEnabled(app, requireTeam(auth), id, enabled),
  }),
  deleteScriptedRule: t.field({
    ...access('automationRules.write', { feature: 'scriptedRules' }),
    type: SuccessMessageRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => deleteScriptedRule(app, requireTeam(auth), id),
  }),
  // A dry run that records nothing: members who may read rules may test a draft.
  testScriptedRule: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: ScriptTestResultRef,
    description: 'Runs a draft (scriptedRuleInput) now as a dry run that records nothing',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      testScriptedRule(app, requireTeam(auth), withoutNulls(input)),
  }),
  startScriptedRuleBacktest: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: RuleBacktestStartedRef,
    description:
      'Starts replaying a scripted rule draft over stored history (input: scriptBacktestInput)',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      startScriptBacktest(app, requireTeam(auth), withoutNulls(input)),
  }),
}));
