// Automation rules, their runs and every change a run planned or made (the audit the safety
// gateway keeps), and each company's kill switch. The global kill switch is a platform setting.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AutomationRuleDefinition,
  AutomationRuleKind,
  AutomationRuleStatus,
  RuleBacktestFailure,
  RuleBacktestResult,
  RuleBacktestStatus,
  RuleChangeStatus,
  RuleMatchedValues,
  RuleMoneyConversion,
  RuleRunTrigger,
  ScriptedRuleDefinition,
  ScriptLogLine,
} from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

const teamId = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const automationRules = pgTable(
  'automation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    name: text('name').notNull(),
    /** A builder rule, or a scripted rule (docs/scripted-rules.md); names are unique across both. */
    kind: text('kind').$type<AutomationRuleKind>().notNull().default('RULE'),
    /**
     * The validated input, name included: the builder's (AutomationRuleDefinition) for a RULE, the
     * script with its pinned imports (ScriptedRuleDefinition) for a SCRIPT.
     */
    definition: jsonb('definition')
      .$type<AutomationRuleDefinition | ScriptedRuleDefinition>()
      .notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The last lifecycle status: CREATED, UPDATED, ENABLED, DISABLED or RE ACTIVATED. */
    status: text('status').$type<AutomationRuleStatus>().notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastRunStatus: text('last_run_status').$type<AutomationRuleStatus>(),
    /** Null while disabled or once runUntil has passed. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /**
     * The worker process whose batch leased the rule (nextRunAt moved past the lease); cleared
     * when the run is recorded. A lost worker's leased rules without a run become due again.
     */
    claimedBy: uuid('claimed_by'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted rules stay for their logs. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_rules_team_name_idx')
      .on(t.teamId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('automation_rules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled} and ${t.deletedAt} is null`),
  ],
);

export const automationRuleRuns = pgTable(
  'automation_rule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    /** The rule's name when it ran. */
    ruleName: text('rule_name').notNull(),
    trigger: text('trigger').$type<RuleRunTrigger>().notNull(),
    dryRun: boolean('dry_run').notNull(),
    /**
     * What makes a run unique: the scheduled hour, the sync that landed, or a manual request's id.
     * A retried job finds its run by it and never applies a change twice.
     */
    runKey: text('run_key').notNull(),
    status: text('status').$type<AutomationRuleStatus>().notNull(),
    /** Entities whose conditions were evaluated, and those that matched. */
    evaluated: integer('evaluated').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    /** Free text for a failed run (in words, never a stack). */
    message: text('message'),
    /** A script run's console output, bounded by SCRIPT_LIMITS; null for a builder rule's run. */
    scriptLog: jsonb('script_log').$type<ScriptLogLine[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    revertedBy: uuid('reverted_by').references(() => users.id, { onDelete: 'set null' }),
    triggeredBy: uuid('triggered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The worker process executing the run (worker_processes.id); a lost one's runs resume. */
    workerId: uuid('worker_id'),
  },
  (t) => [
    uniqueIndex('automation_rule_runs_key_idx').on(t.ruleId, t.runKey),
    index('automation_rule_runs_team_started_idx').on(t.teamId, t.startedAt),
  ],
);

/** Before and after of one changed field set, as JSON values (micros as numbers). */
export type ChangeValues = Record<string, unknown>;

export const automationRuleChanges = pgTable(
  'automation_rule_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    runId: uuid('run_id')
      .notNull()
      .references(() => automationRuleRuns.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    /** The entity acted on: a WritableLevel, or searchTerm for a term added as a keyword. */
    level: text('level').notNull(),
    /** Apple's id; a search term's is "adGroupId:text". */
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    /**
     * The entity's campaign and ad group (itself at its own level), to say where it is; null for
     * the run's e-mail and for changes recorded before they were kept.
     */
    campaignId: bigint('campaign_id', { mode: 'number' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' }),
    /** The values of the rule's condition metrics that made the entity match (stored units). */
    matchedValues: jsonb('matched_values').$type<RuleMatchedValues>(),
    /** The rule action (RuleActionType). */
    action: text('action').notNull(),
    before: jsonb('before').$type<ChangeValues>(),
    after: jsonb('after').$type<ChangeValues>(),
    status: text('status').$type<RuleChangeStatus>().notNull(),
    /** The change was cut to a safety cap. */
    capped: boolean('capped').notNull().default(false),
    message: text('message'),
    /** The rule's money converted into the account's currency; null when in the same one. */
    conversion: jsonb('conversion').$type<RuleMoneyConversion>(),
    /** run + entity + action: a retried run finds the change it already made. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_rule_changes_key_idx').on(t.idempotencyKey),
    index('automation_rule_changes_run_idx').on(t.runId),
    // The action limit: when did this rule last change this entity.
    index('automation_rule_changes_entity_idx').on(t.ruleId, t.entityId, t.appliedAt),
  ],
);

/** A company's automation kill switch: while on, no rule change is sent to Apple. */
export const automationSettings = pgTable('automation_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  killSwitch: boolean('kill_switch').notNull().default(false),
  /**
   * Spec 2 §3.5 onAutomationV2: the company uses scripted rules. While off, no script runs on its
   * schedule or after a sync (docs/scripted-rules.md).
   */
  scriptsEnabled: boolean('scripts_enabled').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A rule's lifecycle in its log beside its runs: CREATED, UPDATED, ENABLED, DISABLED,
 * RE ACTIVATED, DELETED, by whom.
 */
export const automationRuleEvents = pgTable(
  'automation_rule_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    status: text('status').$type<AutomationRuleStatus>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_rule_events_team_created_idx').on(t.teamId, t.createdAt)],
);

/**
 * A backtest a member started: its input (a rule draft, which need not be saved), how many days
 * the job has replayed, and its result. Only the job writes it after creation; the member's
 * newest few are kept (BACKTESTS_KEPT_PER_MEMBER).
 */
export const automationRuleBacktests = pgTable(
  'automation_rule_backtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The validated backtestInput. */
    input: jsonb('input').notNull(),
    status: text('status').$type<RuleBacktestStatus>().notNull().default('RUNNING'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    result: jsonb('result').$type<RuleBacktestResult>(),
    failure: text('failure').$type<RuleBacktestFailure>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every day replayed: a RUNNING backtest that stopped moving was lost. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_rule_backtests_member_idx').on(t.teamId, t.userId, t.createdAt)],
);
