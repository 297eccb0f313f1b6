// The onboarding checklist (spec 2 §3.5, §7.3; docs/onboarding.md): each flag is ticked once per
// member and company, by the real action it names (tickChecklist, called from that action's
// service) or, for the page-visit flags only, by the member's own browser (updateCL).
import {
  CHECKLIST_FLAGS,
  DATA_REQUEST_OP_IDS,
  type Checklist,
  type ChecklistFlag,
} from '@tapwise/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { checklistTicks } from './onboarding.tables';

/** The flags ticked by visiting a page; every other flag is ticked only by its real action. */
export const PAGE_VISIT_FLAGS = [
  'overviewPage',
  'adsManager',
  'automationRules',
] as const satisfies readonly ChecklistFlag[];
export type PageVisitFlag = (typeof PAGE_VISIT_FLAGS)[number];

export function isPageVisitFlag(flag: string): flag is PageVisitFlag {
  return (PAGE_VISIT_FLAGS as readonly string[]).includes(flag);
}

/** Who did the action: a member of a company (no member, e.g. a job or the demo: nothing ticked). */
export interface ChecklistActor {
  teamId: string | null | undefined;
  userId: string | null | undefined;
}

/**
 * Ticks the flag for the member, once (the first time is kept). Never fails the action that called
 * it: an error is logged and swallowed.
 */
export async function tickChecklist(
  db: Database,
  actor: ChecklistActor,
  flag: ChecklistFlag | readonly ChecklistFlag[] | undefined,
  at: Date = new Date(),
): Promise<void> {
  const flags = flag === undefined ? [] : typeof flag === 'string' ? [flag] : flag;
  const { teamId, userId } = actor;
  if (!teamId || !userId || flags.length === 0) return;
  try {
    await db
      .insert(checklistTicks)
      .values(flags.map((one) => ({ teamId, userId, flag: one, doneAt: at })))
      .onConflictDoNothing();
  } catch {
    // A checklist is a nicety: the action it follows has succeeded and stays so.
  }
}

/**
 * The action's answer, once it has succeeded, with the flag ticked: for a service that returns
 * its work's promise (`return ticking(ctx.db, actor, 'flag', work())`). `when` says whether the
 * answer is a success worth ticking (a campaign creation that stopped half-way is not).
 */
export async function ticking<T>(
  db: Database,
  actor: ChecklistActor,
  flag: ChecklistFlag,
  action: Promise<T>,
  when: (answer: T) => boolean = () => true,
): Promise<T> {
  const answer = await action;
  if (when(answer)) await tickChecklist(db, actor, flag);
  return answer;
}

/** The keyword analysis flag of each data request kind (its opId, DATA_REQUEST_OP_IDS). */
export const KAI_FLAG_BY_OP_ID: Readonly<Record<number, ChecklistFlag>> = {
  [DATA_REQUEST_OP_IDS.keywordsForApp]: 'kaiApp',
  [DATA_REQUEST_OP_IDS.appsForKeyword]: 'kaiKeyword',
  [DATA_REQUEST_OP_IDS.suggestedCompetitors]: 'kaiComp',
  [DATA_REQUEST_OP_IDS.topAppsForCategory]: 'kaiTop',
};

/**
 * What a finished creation of the wizard made (its campaign is createCampaign's): an ads addition
 * its creative sets; a campaign or an ad group its ad groups, with their keywords and ads.
 */
export function creationFlags(
  input:
    | { ads: readonly unknown[] }
    | { adGroups: readonly { keywords: readonly unknown[]; ads: readonly unknown[] }[] },
): ChecklistFlag[] {
  if ('ads' in input) return input.ads.length > 0 ? ['addCS'] : [];
  const flags: ChecklistFlag[] = input.adGroups.length > 0 ? ['createAdgroup'] : [];
  if (input.adGroups.some((adGroup) => adGroup.keywords.length > 0)) flags.push('addKeys');
  if (input.adGroups.some((adGroup) => adGroup.ads.length > 0)) flags.push('addCS');
  return flags;
}

/** Another member's checklist is not the caller's to see or tick: it is not found. */
function assertOwn(caller: AuthContext & { teamId: string }, userId: string) {
  if (caller.userId !== userId) throw new AppError('NOT_FOUND', 'You have no such checklist.');
}

/** getUserCL: every flag with its done time or null, for the caller's own user in this company. */
export async function getUserChecklist(
  db: Database,
  caller: AuthContext & { teamId: string },
  userId: string,
): Promise<Checklist> {
  assertOwn(caller, userId);
  const rows = await db
    .select({ flag: checklistTicks.flag, doneAt: checklistTicks.doneAt })
    .from(checklistTicks)
    .where(and(eq(checklistTicks.teamId, caller.teamId), eq(checklistTicks.userId, userId)));
  const doneAt = new Map(rows.map((row) => [row.flag, row.doneAt.toISOString()]));
  const items = CHECKLIST_FLAGS.map((flag) => ({
    flag,
    doneAt: doneAt.get(flag) ?? null,
    byVisit: isPageVisitFlag(flag),
  }));
  const done = items.filter((item) => item.doneAt !== null).length;
  return { userId, items, done, total: items.length, complete: done === items.length };
}

/** updateCL: the browser ticks a page-visit flag of its own member; code 1 is success. */
export async function updateUserChecklist(
  db: Database,
  caller: AuthContext & { teamId: string },
  input: { userId: string; clfield: string; time: Date | null },
): Promise<{ code: 1; successMessage: string }> {
  assertOwn(caller, input.userId);
  if (!isPageVisitFlag(input.clfield))
    throw new AppError(
      'BAD_REQUEST',
      'This checklist item is ticked by doing it, not by a visit.',
      {
        clfield: 'onboarding.notVisitFlag',
      },
    );
  // A time in the future, or an unreadable one, is the server's now.
  const now = new Date();
  const at = input.time && input.time.getTime() <= now.getTime() ? input.time : now;
  await tickChecklist(db, caller, input.clfield, at);
  return { code: 1, successMessage: 'Checklist updated' };
}
