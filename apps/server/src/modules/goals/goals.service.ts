// Goals (spec 2 §3.7, §5; docs/goals.md): a company's goals per app, checked with goalInput and
// unique by name per app whatever the case, with their numbers for a period (the app's counts in
// the reporting currency, read through the ads manager's apps level so both agree), and one
// goal's counts for the overview's periods and chart buckets.
import {
  DEFAULT_CURRENCY,
  GOAL_MESSAGES,
  goalInput,
  reportQuerySchema,
  ZERO_GOAL_COUNTS,
  addGoalCounts,
  type DateRange,
  type Goal,
  type GoalCounts,
  type GoalNumbers,
  type GoalOverview,
  type GoalOverviewQuery,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { reportPage } from '../ads-manager/reports.service';
import { bucketStart, seriesBuckets } from '../analytics/overview-buckets';
import { findAccountHistory, withOverviewReads } from '../analytics/overview.repository';
import { comparedWith } from '../analytics/overview.service';
import {
  deleteGoalRow,
  findCampaignApp,
  findGoal,
  insertGoal,
  isCompanyApp,
  isGoalNameTaken,
  listGoals,
  sumGoalByDay,
  updateGoalRow,
  type GoalListed,
} from './goals.repository';
import { isUniqueViolation } from '../automation/rules.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

function goalOf(listed: GoalListed, numbers: GoalNumbers | null = null): Goal {
  return {
    id: listed.id,
    name: listed.name,
    appId: listed.adamId,
    appName: listed.appName,
    type: listed.type,
    events: listed.events,
    daysSinceInstall: listed.daysSinceInstall,
    status: listed.active ? 'ACTIVE' : 'WAITING',
    createdAt: listed.createdAt.toISOString(),
    createdBy: listed.createdByName,
    numbers,
  };
}

/**
 * The app's goal counts and spend over the period in the reporting currency: the ads manager's
 * totals of the app's rows (converted at each day's rate); null when a currency has no rate.
 */
async function goalNumbers(
  db: Database,
  teamId: string,
  goal: GoalListed,
  period: DateRange,
): Promise<GoalNumbers | null> {
  const query = reportQuerySchema.parse({
    period,
    filter: { adamIds: [goal.adamId] },
    goalId: goal.id,
    limit: null,
  });
  const { totals } = await reportPage(db, teamId, 'apps', query);
  if (totals.converted) {
    const { counts, goalCounts } = totals.converted;
    if (!counts || !goalCounts) return null;
    return {
      currency: totals.converted.currency,
      counts: goalCounts,
      spendMicros: counts.localSpendMicros,
    };
  }
  const [only] = totals.byCurrency;
  return {
    currency: only?.currency ?? DEFAULT_CURRENCY,
    counts: only?.goalCounts ?? { ...ZERO_GOAL_COUNTS },
    spendMicros: only?.counts.localSpendMicros ?? 0,
  };
}

export async function goalsWithNumbers(
  db: Database,
  teamId: string,
  period: DateRange,
): Promise<Goal[]> {
  // One report at a time: the query holds one heavy-read turn (query-work.ts), and an agency's
  // hundred goals fanned out at once would take every pooled connection from other members.
  const goals: Goal[] = [];
  for (const goal of await listGoals(db, teamId))
    goals.push(goalOf(goal, await goalNumbers(db, teamId, goal, period)));
  return goals;
}

export async function goalsOfApp(db: Database, teamId: string, adamId: number): Promise<Goal[]> {
  return (await listGoals(db, teamId, { adamId })).map((goal) => goalOf(goal));
}

/** The goals of the campaign's app; none for a campaign the company does not have. */
export async function goalsOfCampaignApp(
  db: Database,
  teamId: string,
  campaignId: number,
): Promise<Goal[]> {
  const adamId = await findCampaignApp(db, teamId, campaignId);
  return adamId === undefined ? [] : goalsOfApp(db, teamId, adamId);
}

const nameTaken = () => new AppError('CONFLICT', GOAL_MESSAGES.NAME_EXISTS);

async function checkedInput(db: Database, teamId: string, raw: unknown, exceptId?: string) {
  const input = goalInput.parse(raw);
  if (!(await isCompanyApp(db, teamId, input.appId)))
    throw new AppError('NOT_FOUND', 'No such app.');
  if (await isGoalNameTaken(db, teamId, input.appId, input.name, exceptId)) throw nameTaken();
  return input;
}

async function listedGoal(db: Database, teamId: string, id: string): Promise<Goal> {
  const [listed] = await listGoals(db, teamId, { ids: [id] });
  return goalOf(listed!);
}

export async function createGoal(
  db: Database,
  teamId: string,
  userId: string,
  raw: unknown,
): Promise<Goal> {
  const input = await checkedInput(db, teamId, raw);
  try {
    const row = await insertGoal(db, teamId, input, userId);
    await tickChecklist(db, { teamId, userId }, 'createMmpGoals');
    return listedGoal(db, teamId, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const goalNotFound = () => new AppError('NOT_FOUND', 'No such goal.');

/** A goal id as the table holds it; any other string names no goal. */
const isUuid = (id: string) => z.uuid().safeParse(id).success;

export async function ownGoal(db: Database, teamId: string, id: string) {
  const goal = isUuid(id) ? await findGoal(db, teamId, id) : undefined;
  if (!goal) throw goalNotFound();
  return goal;
}

export async function updateGoal(
  db: Database,
  teamId: string,
  id: string,
  raw: unknown,
): Promise<Goal> {
  await ownGoal(db, teamId, id);
  const input = await checkedInput(db, teamId, raw, id);
  try {
    await updateGoalRow(db, teamId, id, input);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return listedGoal(db, teamId, id);
}

export async function deleteGoal(db: Database, teamId: string, id: string): Promise<true> {
  if (!isUuid(id) || !(await deleteGoalRow(db, teamId, id))) throw goalNotFound();
  return true;
}

/**
 * One goal's counts for the overview: the period and its comparison, and the chart's buckets of
 * the period, over the app's campaigns of the ad account, in the account's currency.
 */
export async function goalOverview(
  db: Database,
  teamId: string,
  query: GoalOverviewQuery,
): Promise<GoalOverview> {
  const goal = await ownGoal(db, teamId, query.goalId);
  if (goal.adamId !== query.adamId)
    throw new AppError('BAD_REQUEST', 'The goal is not of this app.');
  const prevdate = comparedWith(query);
  return withOverviewReads(db, async (tx) => {
    const account = await findAccountHistory(tx, teamId, query.adAccountId);
    const [current, previous] = await Promise.all(
      [query.currdate, prevdate].map((period) =>
        account ? sumGoalByDay(tx, goal, query.adAccountId, period) : [],
      ),
    );
    const total = (days: { counts: GoalCounts }[]) =>
      days.reduce((sum, day) => addGoalCounts(sum, day.counts), { ...ZERO_GOAL_COUNTS });
    const byBucket = new Map<string, GoalCounts>(
      seriesBuckets(query.currdate, query.granularity).map((date) => [date, ZERO_GOAL_COUNTS]),
    );
    for (const day of current!) {
      const bucket = bucketStart(day.date, query.currdate, query.granularity);
      byBucket.set(bucket, addGoalCounts(byBucket.get(bucket) ?? ZERO_GOAL_COUNTS, day.counts));
    }
    return {
      goalId: goal.id,
      currency: account?.currency ?? DEFAULT_CURRENCY,
      current: total(current!),
      previous: total(previous!),
      series: [...byBucket].map(([date, counts]) => ({ date, counts })),
    };
  });
}
