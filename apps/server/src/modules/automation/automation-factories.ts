// Test support for automation rules: a valid builder input, a saved rule of a team, and runs with
// their changes as the engine records them (through its own repository), for the logs, the CSV
// and the API's checks without running the engine against Apple.
import {
  automationRuleInput,
  ruleTemplate,
  type AutomationRuleInput,
  type AutomationRuleStatus,
  type RuleActionType,
  type RuleChangeStatus,
  type RuleRunTrigger,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { insertChange, insertRun, updateRun } from './engine/rule-runs.repository';
import { insertRule, type RuleRow } from './rules.repository';

let sequence = 0;

/** The "cut waste" template under a fresh name, with any field replaced. */
export function ruleInput(overrides: Partial<AutomationRuleInput> = {}): AutomationRuleInput {
  return { ...ruleTemplate('CUT_WASTE'), name: `Rule ${++sequence}`, ...overrides };
}

export async function createRule(
  db: Database,
  teamId: string,
  options: {
    input?: Partial<AutomationRuleInput>;
    enabled?: boolean;
    createdBy?: string | null;
    nextRunAt?: Date | null;
  } = {},
): Promise<RuleRow> {
  const rule = await insertRule(db, teamId, {
    definition: automationRuleInput.parse(ruleInput(options.input)),
    createdBy: options.createdBy ?? null,
    enabled: options.enabled ?? false,
    status: options.enabled ? 'ENABLED' : 'CREATED',
    nextRunAt: options.nextRunAt ?? null,
  });
  if (!rule) throw new Error('createRule: the name is taken');
  return rule;
}

export interface FactoryChange {
  status: RuleChangeStatus;
  action?: RuleActionType;
  level?: string;
  entityId?: string;
  entityName?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  capped?: boolean;
  message?: string | null;
}

/** A finished run of the rule (unless `finished: false`) with its changes, in order. */
export async function createRuleRun(
  db: Database,
  rule: RuleRow,
  run: {
    status: AutomationRuleStatus;
    dryRun?: boolean;
    trigger?: RuleRunTrigger;
    startedAt?: Date;
    finished?: boolean;
    revertedAt?: Date | null;
    evaluated?: number;
    matched?: number;
    message?: string | null;
    changes?: FactoryChange[];
  },
) {
  const startedAt = run.startedAt ?? new Date();
  const row = await insertRun(db, rule.teamId, {
    ruleId: rule.id,
    ruleName: rule.name,
    trigger: run.trigger ?? 'MANUAL',
    dryRun: run.dryRun ?? false,
    runKey: `factory:${++sequence}`,
    startedAt,
  });
  await updateRun(db, rule.teamId, row.id, {
    status: run.status,
    evaluated: run.evaluated ?? 0,
    matched: run.matched ?? 0,
    message: run.message ?? null,
    finishedAt: run.finished === false ? null : new Date(startedAt.getTime() + 1000),
    revertedAt: run.revertedAt ?? null,
  });
  for (const [index, change] of (run.changes ?? []).entries()) {
    const entityId = change.entityId ?? String(900_000 + index);
    const action = change.action ?? 'CHANGE_BID';
    await insertChange(db, rule.teamId, {
      runId: row.id,
      ruleId: rule.id,
      adAccountId: 1,
      level: change.level ?? 'keyword',
      entityId,
      entityName: change.entityName ?? `keyword ${entityId}`,
      action,
      before: change.before ?? null,
      after: change.after ?? null,
      status: change.status,
      capped: change.capped ?? false,
      message: change.message ?? null,
      idempotencyKey: `${row.id}:keyword:${entityId}:${action}`,
      // Orders the changes as listed.
      createdAt: new Date(startedAt.getTime() + index),
      appliedAt: change.status === 'APPLIED' ? startedAt : null,
    });
  }
  return row;
}
