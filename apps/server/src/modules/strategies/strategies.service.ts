// Strategies (spec 2 §3.7, §5; docs/strategies.md): a company's strategies per app, checked with
// strategyInput and unique by name per app whatever the case, and each one's timeline: the
// activity log's changes to its entities copied in as it is read, the team's notes, and the
// target entities' totals over the days before and after each entry.
import {
  STRATEGY_COMPARE_DAYS,
  STRATEGY_MESSAGES,
  TIMELINE_NOTE_SOURCE,
  TIMELINE_PAGE_SIZE,
  TIMELINE_CATEGORIES,
  addDays,
  strategyInput,
  strategyNoteInput,
  utcToday,
  type DateRange,
  type Strategy,
  type StrategyWindow,
  type TimelineCategory,
  type TimelineEntry,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../automation/rules.repository';
import {
  areAppTargets,
  collectTimeline,
  findStrategy,
  insertNote,
  insertStrategy,
  isStrategyNameTaken,
  listStrategies,
  listTimeline,
  markStrategyDeleted,
  markTimelineEntryDeleted,
  sumTargetFacts,
  targetKey,
  updateStrategyRow,
  type FactWindow,
  type StrategyListed,
  type TimelineRow,
  type WindowTotals,
} from './strategies.repository';

const NO_FACTS: WindowTotals = {
  impressions: 0,
  taps: 0,
  installs: 0,
  tapInstalls: 0,
  spendMicros: 0,
};

function strategyOf(listed: StrategyListed): Strategy {
  return {
    strategyId: listed.id,
    name: listed.name,
    adamId: listed.adamId,
    appName: listed.appName,
    description: listed.description,
    goals: listed.goals,
    secondaryGoal: listed.secondaryGoal ?? null,
    targetEntities: listed.targetEntities.map((target) => ({
      ...target,
      name: listed.targetNames.get(targetKey(target)) ?? String(target.id),
    })),
    deleted: listed.deleted,
    currency: listed.currency,
    createdAt: listed.createdAt.toISOString(),
    updatedAt: listed.updatedAt.toISOString(),
    numbers: null,
  };
}

/**
 * getAllStrategies: the company's live strategies, of one app when given, by name; with a period,
 * each with its targets' totals over it (the ads manager's Strategies tab). One strategy at a
 * time: an app holds a handful, and each sum is one indexed query.
 */
export async function allStrategies(
  db: Database,
  teamId: string,
  filter: { adamId?: number; period?: DateRange } = {},
): Promise<Strategy[]> {
  const listed = (await listStrategies(db, teamId, { adamId: filter.adamId })).map(strategyOf);
  const { period } = filter;
  if (!period) return listed;
  const withNumbers: Strategy[] = [];
  for (const strategy of listed) {
    const sums = await sumTargetFacts(db, teamId, strategy.targetEntities, [
      { key: 'period', ...period },
    ]);
    withNumbers.push({
      ...strategy,
      numbers: { ...period, partial: false, ...(sums.get('period') ?? NO_FACTS) },
    });
  }
  return withNumbers;
}

const nameTaken = () => new AppError('CONFLICT', STRATEGY_MESSAGES.NAME_EXISTS);
const strategyNotFound = () => new AppError('NOT_FOUND', 'No such strategy.');
const isUuid = (id: string) => z.uuid().safeParse(id).success;

async function checkedInput(db: Database, teamId: string, raw: unknown, exceptId?: string) {
  const input = strategyInput.parse(raw);
  if (!(await areAppTargets(db, teamId, input.adamId, input.targetEntities)))
    throw new AppError('NOT_FOUND', 'No such campaign, ad group or keyword of the app.');
  if (await isStrategyNameTaken(db, teamId, input.adamId, input.name, exceptId)) throw nameTaken();
  return input;
}

async function listedStrategy(db: Database, teamId: string, id: string): Promise<Strategy> {
  const [listed] = await listStrategies(db, teamId, { ids: [id] });
  if (!listed) throw strategyNotFound();
  return strategyOf(listed);
}

/** The company's live strategy; any other id names none. */
async function ownStrategy(db: Database, teamId: string, id: string) {
  const strategy = isUuid(id) ? await findStrategy(db, teamId, id) : undefined;
  if (!strategy) throw strategyNotFound();
  return strategy;
}

/** saveStrategy: creates the strategy, or updates it when an id is given. */
export async function saveStrategy(
  db: Database,
  teamId: string,
  userId: string,
  raw: unknown,
  strategyId?: string,
): Promise<Strategy> {
  if (strategyId !== undefined) await ownStrategy(db, teamId, strategyId);
  const input = await checkedInput(db, teamId, raw, strategyId);
  try {
    if (strategyId === undefined) {
      const row = await insertStrategy(db, teamId, input, userId);
      return listedStrategy(db, teamId, row.id);
    }
    await updateStrategyRow(db, teamId, strategyId, input);
    return listedStrategy(db, teamId, strategyId);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** delStrategy: a strategy of another company, or already deleted, fails as the spec words it. */
export async function deleteStrategy(db: Database, teamId: string, id: string): Promise<boolean> {
  if (!isUuid(id) || !(await markStrategyDeleted(db, teamId, id)))
    throw new AppError('NOT_FOUND', STRATEGY_MESSAGES.DELETE_FAILED);
  return true;
}

/** delStrategyTimeline: one entry, a note or a copied change, leaves the timeline. */
export async function deleteTimelineEntry(
  db: Database,
  teamId: string,
  strategyId: string,
  timelineId: string,
): Promise<boolean> {
  const deleted =
    isUuid(strategyId) &&
    isUuid(timelineId) &&
    (await markTimelineEntryDeleted(db, teamId, strategyId, timelineId));
  if (!deleted) throw new AppError('NOT_FOUND', STRATEGY_MESSAGES.DELETE_TIMELINE_FAILED);
  return true;
}

export const timelineQuery = z.object({
  strategyId: z.uuid('validation.idInvalid'),
  category: z.enum(TIMELINE_CATEGORIES).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(TIMELINE_PAGE_SIZE).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.input<typeof timelineQuery>;

export interface TimelinePage {
  strategy: Strategy;
  entries: TimelineEntry[];
  total: number;
}

/**
 * The days compared around an entry: the seven before its day and the seven after it (the day
 * itself, half before and half after, in neither), the latter cut at today.
 */
function windowsOf(entry: TimelineRow, today: string) {
  const day = entry.occurredAt.toISOString().slice(0, 10);
  const afterEnd = addDays(day, STRATEGY_COMPARE_DAYS);
  return {
    before: { start: addDays(day, -STRATEGY_COMPARE_DAYS), end: addDays(day, -1), partial: false },
    after: {
      start: addDays(day, 1),
      end: afterEnd > today ? today : afterEnd,
      partial: afterEnd > today,
    },
  };
}

/**
 * getAllTimelineEntries: the strategy's timeline, newest first, after copying in the activity
 * log's new changes to its entities; each entry with its targets' totals before and after,
 * summed for the whole page in one query.
 */
export async function timelinePage(
  db: Database,
  teamId: string,
  raw: TimelineQuery,
  now = new Date(),
): Promise<TimelinePage> {
  const query = timelineQuery.parse(raw);
  const strategy = await ownStrategy(db, teamId, query.strategyId);
  await collectTimeline(db, teamId, strategy);
  const [listed, { rows, total }] = await Promise.all([
    listedStrategy(db, teamId, strategy.id),
    listTimeline(db, teamId, strategy.id, query),
  ]);
  const today = utcToday(now);
  const windows = rows.map((row) => ({ row, ...windowsOf(row, today) }));
  const asked: FactWindow[] = windows.flatMap(({ row, before, after }) => [
    { key: `${row.timelineId}:before`, start: before.start, end: before.end },
    ...(after.start <= after.end
      ? [{ key: `${row.timelineId}:after`, start: after.start, end: after.end }]
      : []),
  ]);
  const sums = await sumTargetFacts(db, teamId, strategy.targetEntities, asked);
  const windowOf = (key: string, days: Omit<StrategyWindow, keyof WindowTotals>) => ({
    ...days,
    ...(sums.get(key) ?? NO_FACTS),
  });
  return {
    strategy: listed,
    total,
    entries: windows.map(({ row, before, after }) => ({
      timelineId: row.timelineId,
      description: row.description,
      category: row.category,
      source: row.source,
      occurredAt: row.occurredAt.toISOString(),
      logId: row.logId,
      createdBy: row.createdBy,
      before: windowOf(`${row.timelineId}:before`, before),
      after: windowOf(`${row.timelineId}:after`, after),
    })),
  };
}

/** addStrategyNote: the team's own entry, dated now unless told. */
export async function addStrategyNote(
  db: Database,
  teamId: string,
  userId: string,
  raw: unknown,
  now = new Date(),
): Promise<{ timelineId: string }> {
  const note = strategyNoteInput.parse(raw);
  await ownStrategy(db, teamId, note.strategyId);
  const row = await insertNote(db, teamId, {
    strategyId: note.strategyId,
    description: note.description,
    category: note.category as TimelineCategory,
    source: TIMELINE_NOTE_SOURCE,
    occurredAt: note.occurredAt ? new Date(note.occurredAt) : now,
    createdBy: userId,
  });
  return { timelineId: row.timelineId };
}
