// Staff's view of the job queue per company (spec 2 §3.8 queued task: taskId, category, counts,
// status). Categories are job names; see docs/staff-tools.md for which carry a company.
import { QUEUED_TASK_STATES, type QueuedTaskState } from '@tapwise/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import {
  DELETABLE_JOB_STATES,
  countQueuedTasks,
  deleteQueuedTaskRow,
  findQueuedTask,
  listQueuedTasks,
  type QueuedTaskRow,
} from './queued-tasks.repository';

/** Jobs listed at most; counts cover every job pg-boss still keeps. */
const TASK_LIST_LIMIT = 200;

export type TaskCounts = Record<QueuedTaskState, number>;

export interface QueuedTaskGroup {
  category: string;
  teamId: string | null;
  counts: TaskCounts;
}

export interface QueuedTasks {
  groups: QueuedTaskGroup[];
  tasks: QueuedTaskRow[];
}

const noCounts = (): TaskCounts =>
  Object.fromEntries(QUEUED_TASK_STATES.map((state) => [state, 0])) as TaskCounts;

export async function readQueuedTasks(
  ctx: Pick<AppContext, 'db'>,
  teamId: string | undefined,
): Promise<QueuedTasks> {
  if (teamId !== undefined && !z.uuid().safeParse(teamId).success)
    throw new AppError('BAD_REQUEST', 'No such company.');
  const [counts, tasks] = await Promise.all([
    countQueuedTasks(ctx.db, teamId),
    listQueuedTasks(ctx.db, teamId, TASK_LIST_LIMIT),
  ]);
  const groups = new Map<string, QueuedTaskGroup>();
  for (const row of counts) {
    const key = `${row.teamId ?? ''}|${row.category}`;
    const group = groups.get(key) ?? {
      category: row.category,
      teamId: row.teamId,
      counts: noCounts(),
    };
    group.counts[row.status] += row.count;
    groups.set(key, group);
  }
  return { groups: [...groups.values()], tasks };
}

/** Deletes a waiting or failed job; a job running now is refused, never cut off. */
export async function deleteQueuedTask(ctx: Pick<AppContext, 'db'>, taskId: string) {
  const task = z.uuid().safeParse(taskId).success ? await findQueuedTask(ctx.db, taskId) : null;
  if (!task) throw new AppError('NOT_FOUND', 'No such queued task.');
  if (!DELETABLE_JOB_STATES.includes(task.state) || !(await deleteQueuedTaskRow(ctx.db, taskId)))
    throw new AppError(
      'CONFLICT',
      task.state === 'completed'
        ? 'This task has completed; only waiting or failed tasks can be deleted.'
        : 'This task is running now; wait until it ends, then delete it if it failed.',
    );
  return true;
}
