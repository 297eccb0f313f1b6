// Test support for the engine: rules written straight into the table (the API's factory may not
// exist yet where the engine is tested on its own), the kill switches, a context whose job queue
// only records, and a count of the requests that leave for Apple.
import {
  automationRuleInput,
  nextRunAt,
  type AutomationRuleInput,
  type AutomationRuleKind,
  type RuleActionInput,
} from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../../../platform/db/database';
import { writeSetting } from '../../accounts/accounts.repository';
import type { AppContext } from '../../app-context';
import type { WriteActor } from '../../apple-writes/write-actor';
import { automationRules, automationSettings } from '../automation.tables';
import type { EngineContext } from './rule-runner';
import { GLOBAL_KILL_SWITCH_KEY, type RuleRow } from './rule-runs.repository';

export interface TestRuleOptions {
  enabled?: boolean;
  createdBy?: string | null;
  nextRunAt?: Date | null;
}

export const insertTestRule = (
  db: Database,
  teamId: string,
  input: AutomationRuleInput,
  options: TestRuleOptions = {},
) => insertRuleRow(db, teamId, 'RULE', automationRuleInput.parse(input), options);

/** A rule row of either kind written straight into the table (due at once when enabled). */
export async function insertRuleRow(
  db: Database,
  teamId: string,
  kind: AutomationRuleKind,
  definition: RuleRow['definition'],
  options: TestRuleOptions,
): Promise<RuleRow> {
  const enabled = options.enabled ?? false;
  const [row] = await db
    .insert(automationRules)
    .values({
      teamId,
      kind,
      name: definition.name,
      definition,
      enabled,
      status: enabled ? 'ENABLED' : 'CREATED',
      createdBy: options.createdBy ?? null,
      nextRunAt:
        options.nextRunAt !== undefined
          ? options.nextRunAt
          : enabled
            ? nextRunAt(definition, null, new Date())
            : null,
    })
    .returning();
  return row!;
}

export async function findTestRule(db: Database, ruleId: string): Promise<RuleRow> {
  const [row] = await db.select().from(automationRules).where(eq(automationRules.id, ruleId));
  return row!;
}

export async function setKillSwitch(db: Database, teamId: string, on: boolean) {
  await db
    .insert(automationSettings)
    .values({ teamId, killSwitch: on })
    .onConflictDoUpdate({ target: automationSettings.teamId, set: { killSwitch: on } });
}

export const setGlobalKillSwitch = (db: Database, on: boolean) =>
  writeSetting(db, GLOBAL_KILL_SWITCH_KEY, on);

/** The server's context with a queue that records what is sent instead of running it. */
export function recordingContext(context: AppContext) {
  const sent: { name: string; payload: unknown }[] = [];
  const ctx: EngineContext = {
    ...context,
    jobs: {
      send: async (job, payload) => {
        sent.push({ name: job.name, payload });
        return null;
      },
    },
  };
  return { ctx, sent };
}

export const automationActor = (teamId: string, userId: string | null = null): WriteActor => ({
  teamId,
  userId,
  impersonatorId: null,
  mayWrite: true,
  source: 'automation',
});

/** Counts the HTTP requests to `origin` made while `work` runs (the Apple client uses fetch). */
export async function countRequests<T>(
  origin: string,
  work: () => Promise<T>,
): Promise<{ result: T; requests: string[] }> {
  const requests: string[] = [];
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(origin)) requests.push(`${init?.method ?? 'GET'} ${url}`);
    return original(input, init);
  });
  try {
    return { result: await work(), requests };
  } finally {
    spy.mockRestore();
  }
}

let ruleNumber = 0;

/** A keyword rule over one ad group whose conditions every keyword meets. */
export function everyKeywordOf(
  adGroupId: number,
  actions: RuleActionInput[],
  caps: AutomationRuleInput['caps'] = {},
): AutomationRuleInput {
  return {
    name: `Keyword rule ${++ruleNumber}`,
    target: 'KEYWORD',
    scope: {
      adAccountIds: [],
      adamIds: [],
      campaignIds: [],
      adGroupIds: [adGroupId],
      keywordIds: [],
    },
    lookback: { range: 'LAST_7_DAYS' },
    matchMode: 'ALL',
    conditions: [{ metric: 'impressions', comparator: 'GREATER_THAN', value: -1 }],
    actions,
    checkFrequency: 'DAILY',
    caps,
  };
}
