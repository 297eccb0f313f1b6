// The only code touching automation rules, their lifecycle events and the company's kill switch.
// Every function takes the team first and filters by it; deleted rules stay for their logs but
// are never found here.
import type {
  AutomationRuleDefinition,
  AutomationRuleKind,
  AutomationRuleStatus,
  ScriptedRuleDefinition,
} from '@tapwise/contracts';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { adGroups, apps, campaigns, keywords } from '../ads-data/ads-entities.tables';
import { adAccounts } from '../integrations/integrations.tables';
import { automationRuleEvents, automationRules, automationSettings } from './automation.tables';

export type RuleRow = typeof automationRules.$inferSelect;

/** A live rule of the team; of one kind, or either when none is named. */
const liveRuleOf = (teamId: string, ruleId: string, kind?: AutomationRuleKind) =>
  and(
    eq(automationRules.teamId, teamId),
    eq(automationRules.id, ruleId),
    isNull(automationRules.deletedAt),
    kind ? eq(automationRules.kind, kind) : undefined,
  );

/** Runs `work` in one transaction, so a change and its audit rows land together. */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

/** The team's live rules of one kind, newest first. */
export async function listRules(
  db: Database,
  teamId: string,
  kind: AutomationRuleKind = 'RULE',
): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.teamId, teamId),
        isNull(automationRules.deletedAt),
        eq(automationRules.kind, kind),
      ),
    )
    .orderBy(desc(automationRules.createdAt), automationRules.id);
}

export async function findRule(
  db: Database,
  teamId: string,
  ruleId: string,
  kind?: AutomationRuleKind,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(liveRuleOf(teamId, ruleId, kind));
  return row;
}

/** Whether another live rule of the team has this name, in any letter case. */
export async function isRuleNameTaken(
  db: Database,
  teamId: string,
  name: string,
  exceptRuleId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.teamId, teamId),
        isNull(automationRules.deletedAt),
        eq(sql`lower(${automationRules.name})`, name.toLowerCase()),
        exceptRuleId ? ne(automationRules.id, exceptRuleId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Saves a new rule; undefined when a live rule of the team has the name already (the unique
 * index decides, so two saves racing for one name cannot both succeed).
 */
export async function insertRule(
  db: Database,
  teamId: string,
  values: {
    definition: AutomationRuleDefinition | ScriptedRuleDefinition;
    kind?: AutomationRuleKind;
    createdBy: string | null;
    enabled?: boolean;
    status?: AutomationRuleStatus;
    nextRunAt?: Date | null;
  },
): Promise<RuleRow | undefined> {
  const [row] = await db
    .insert(automationRules)
    .values({
      teamId,
      name: values.definition.name,
      kind: values.kind ?? 'RULE',
      definition: values.definition,
      createdBy: values.createdBy,
      enabled: values.enabled ?? false,
      status: values.status ?? 'CREATED',
      nextRunAt: values.nextRunAt ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export type RulePatch = Partial<
  Pick<RuleRow, 'definition' | 'enabled' | 'status' | 'nextRunAt' | 'deletedAt'>
>;

/** Changes a live rule (of `kind`, when given); undefined when it is not one of the team's. */
export async function updateRule(
  db: Database,
  teamId: string,
  ruleId: string,
  patch: RulePatch,
  kind?: AutomationRuleKind,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(automationRules)
    .set({
      ...patch,
      ...(patch.definition ? { name: patch.definition.name } : {}),
      updatedAt: new Date(),
    })
    .where(liveRuleOf(teamId, ruleId, kind))
    .returning();
  return row;
}

/** Postgres' unique_violation, as node-postgres and PGlite report it (drizzle wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function insertRuleEvent(
  db: Database,
  teamId: string,
  event: { ruleId: string; ruleName: string; status: AutomationRuleStatus; userId: string | null },
): Promise<void> {
  await db.insert(automationRuleEvents).values({ ...event, teamId });
}

/** Whether the rule was ever enabled: enabling it again reads RE ACTIVATED. */
export async function wasRuleEverEnabled(
  db: Database,
  teamId: string,
  ruleId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: automationRuleEvents.id })
    .from(automationRuleEvents)
    .where(
      and(
        eq(automationRuleEvents.teamId, teamId),
        eq(automationRuleEvents.ruleId, ruleId),
        eq(automationRuleEvents.status, 'ENABLED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function writeCompanyKillSwitch(
  db: Database,
  teamId: string,
  on: boolean,
  userId: string | null,
): Promise<void> {
  const values = { killSwitch: on, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(automationSettings)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: automationSettings.teamId, set: values });
}

/** The ids a rule refers to, by where they sit in its definition. */
export interface RuleEntityRefs {
  adAccountIds: number[];
  adamIds: number[];
  campaignIds: number[];
  adGroupIds: number[];
  /** Keywords must sit in the one selected ad group. */
  keywordIds: { adGroupId: number | undefined; ids: number[] };
  /** Ad groups receiving promoted search terms, with their ad account. */
  targetAdGroups: { actionIndex: number; adAccountId: number; adGroupId: number }[];
}

const idsOf = (rows: { id: number }[]) => new Set(rows.map((row) => row.id));
const missing = (wanted: readonly number[], found: Set<number>) =>
  [...new Set(wanted)].filter((id) => !found.has(id));

/**
 * The ids that are not the team's (or, for keywords, not in the selected ad group), keyed as
 * the definition's paths; empty when everything belongs to the team.
 */
export async function findForeignEntityIds(
  db: Database,
  teamId: string,
  refs: RuleEntityRefs,
): Promise<Record<string, number[]>> {
  const foreign: Record<string, number[]> = {};
  const check = async (path: string, wanted: number[], read: () => Promise<{ id: number }[]>) => {
    if (wanted.length === 0) return;
    const ids = missing(wanted, idsOf(await read()));
    if (ids.length) foreign[path] = ids;
  };
  const ofTeam = eq(adAccounts.teamId, teamId);
  await check('scope.adAccountIds', refs.adAccountIds, () =>
    db
      .select({ id: adAccounts.adAccountId })
      .from(adAccounts)
      .where(and(ofTeam, inArray(adAccounts.adAccountId, refs.adAccountIds))),
  );
  await check('scope.adamIds', refs.adamIds, () =>
    db
      .select({ id: apps.adamId })
      .from(apps)
      .where(and(eq(apps.teamId, teamId), inArray(apps.adamId, refs.adamIds))),
  );
  await check('scope.campaignIds', refs.campaignIds, () =>
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.teamId, teamId), inArray(campaigns.id, refs.campaignIds))),
  );
  await check('scope.adGroupIds', refs.adGroupIds, () =>
    db
      .select({ id: adGroups.id })
      .from(adGroups)
      .where(and(eq(adGroups.teamId, teamId), inArray(adGroups.id, refs.adGroupIds))),
  );
  const { adGroupId, ids: keywordIds } = refs.keywordIds;
  await check('scope.keywordIds', keywordIds, () =>
    adGroupId === undefined
      ? Promise.resolve([])
      : db
          .select({ id: keywords.id })
          .from(keywords)
          .where(
            and(
              eq(keywords.teamId, teamId),
              eq(keywords.adGroupId, adGroupId),
              inArray(keywords.id, keywordIds),
            ),
          ),
  );
  for (const target of refs.targetAdGroups) {
    await check(`actions.${target.actionIndex}.adGroupId`, [target.adGroupId], () =>
      db
        .select({ id: adGroups.id })
        .from(adGroups)
        .where(
          and(
            eq(adGroups.teamId, teamId),
            eq(adGroups.adAccountId, target.adAccountId),
            eq(adGroups.id, target.adGroupId),
            eq(adGroups.deleted, false),
          ),
        ),
    );
  }
  return foreign;
}

/** Whether the company has scripted rules on (automation_settings.scripts_enabled; off by default). */
export async function readScriptsEnabled(db: Database, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: automationSettings.scriptsEnabled })
    .from(automationSettings)
    .where(eq(automationSettings.teamId, teamId));
  return row?.on ?? false;
}

export async function writeScriptsEnabled(
  db: Database,
  teamId: string,
  on: boolean,
  userId: string | null,
): Promise<void> {
  const values = { scriptsEnabled: on, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(automationSettings)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: automationSettings.teamId, set: values });
}
