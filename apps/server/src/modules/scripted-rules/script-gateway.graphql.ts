// GraphQL of the company's switch for scripted rules and the scripts' API gateway log
// (docs/api/scripted-rules.md). Thin: script-gateway.service.ts holds the behaviour.
import type { RuleChangeRow } from '../automation/rule-logs.repository';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { RuleChangeEntryRef, SuccessMessageRef } from '../automation/automation.graphql';
import { readScriptGatewayLog, toggleAutomationV2 } from './script-gateway.service';

const ScriptGatewayPageRef = builder
  .objectRef<{ entries: RuleChangeRow[]; total: number }>('ScriptGatewayPage')
  .implement({
    fields: (t) => ({
      entries: t.field({ type: [RuleChangeEntryRef], resolve: (page) => page.entries }),
      total: t.exposeInt('total'),
    }),
  });

builder.queryFields((t) => ({
  scriptGatewayLog: t.field({
    ...access('automationRules.read', { feature: 'scriptedRules' }),
    type: ScriptGatewayPageRef,
    description:
      'The changes scripted rules proposed, every status (the gateway decided), newest first; limit at most 200',
    args: { offset: t.arg.int({ required: true }), limit: t.arg.int({ required: true }) },
    resolve: (_root, page, { app, auth }) =>
      readScriptGatewayLog(app.db, requireTeam(auth).teamId, page),
  }),
}));

builder.mutationFields((t) => ({
  toggleAutomationV2: t.field({
    ...access('automationRules.scripts', { feature: 'scriptedRules' }),
    type: SuccessMessageRef,
    description:
      "The company's scripted rules on or off; off, no script runs on schedule or after a sync",
    args: { on: t.arg.boolean({ required: true }) },
    resolve: (_root, { on }, { app, auth }) => toggleAutomationV2(app.db, requireTeam(auth), on),
  }),
}));
