// The job queue as staff see it (getQueuedTasks, deleteQueuedTask): pg-boss's own job table,
// read and trimmed directly. A job belongs to a company when its payload carries its teamId.
import type { QueuedTaskState } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

/** States a job may be deleted in: waiting, or finished without success. Never `active`. */
export const DELETABLE_JOB_STATES: readonly QueuedTaskState[] = [
  'created',
  'retry',
  'failed',
  'cancelled',
];

export interface QueuedTaskRow {
  taskId: string;
  category: string;
  teamId: string | null;
  status: QueuedTaskState;
  retryCount: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export interface QueuedTaskCountRow {
  category: string;
  teamId: string | null;
  status: QueuedTaskState;
  count: number;
}

/** pg-boss's own queues (cron dispatch) are not tasks of the product. */
const productJobs = sql`name NOT LIKE '\\_\\_pgboss%'`;
const ofTeam = (teamId: string | undefined) =>
  teamId ? sql`AND data->>'teamId' = ${teamId}` : sql``;

export async function countQueuedTasks(
  db: Database,
  teamId: string | undefined,
): Promise<QueuedTaskCountRow[]> {
  const result = await db.execute<{
    category: string;
    team_id: string | null;
    status: QueuedTaskState;
    count: string | number;
  }>(sql`SELECT name AS category, data->>'teamId' AS team_id, state::text AS status,
      count(*) AS count
    FROM pgboss.job WHERE ${productJobs} ${ofTeam(teamId)}
    GROUP BY name, data->>'teamId', state ORDER BY name`);
  return result.rows.map((row) => ({
    category: row.category,
    teamId: row.team_id,
    status: row.status,
    count: Number(row.count),
  }));
}

/** The jobs not completed, newest first. */
export async function listQueuedTasks(
  db: Database,
  teamId: string | undefined,
  limit: number,
): Promise<QueuedTaskRow[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    team_id: string | null;
    state: QueuedTaskState;
    retry_count: number;
    created_on: string | Date;
    started_on: string | Date | null;
    completed_on: string | Date | null;
  }>(sql`SELECT id, name, data->>'teamId' AS team_id, state::text AS state, retry_count,
      created_on, started_on, completed_on
    FROM pgboss.job WHERE ${productJobs} AND state <> 'completed' ${ofTeam(teamId)}
    ORDER BY created_on DESC LIMIT ${limit}`);
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return result.rows.map((row) => ({
    taskId: row.id,
    category: row.name,
    teamId: row.team_id,
    status: row.state,
    retryCount: Number(row.retry_count),
    createdOn: new Date(row.created_on),
    startedOn: date(row.started_on),
    completedOn: date(row.completed_on),
  }));
}

export async function findQueuedTask(db: Database, taskId: string) {
  const result = await db.execute<{ id: string; name: string; state: QueuedTaskState }>(
    sql`SELECT id, name, state::text AS state FROM pgboss.job WHERE id = ${taskId}`,
  );
  return result.rows[0] ?? null;
}

/** Deletes the job unless it runs now (checked in the same statement); answers whether it did. */
export async function deleteQueuedTaskRow(db: Database, taskId: string): Promise<boolean> {
  const states = sql.join(
    DELETABLE_JOB_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const result = await db.execute<{ id: string }>(
    sql`DELETE FROM pgboss.job WHERE id = ${taskId} AND state::text IN (${states}) RETURNING id`,
  );
  return result.rows.length > 0;
}
