// Status changes of more than DIRECT_WRITE_MAX_ROWS entities run as a bulk action: a row in
// bulk_actions and a job that works through it in chunks, saving and announcing progress to
// the acting member after each chunk and once more with every row's result.
import {
  ADS_MANAGER_MESSAGES as MESSAGES,
  CHANGE_SOURCES,
  DATA_REQUEST_CHANNEL_OP_IDS,
  dataRequestChannel,
  statusChangeInput,
  type BulkActionProgress,
  type StatusChangeInput,
  type WriteRowResult,
} from '@tapwise/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { JobContext } from '../job-context';
import type { AppContext } from '../app-context';
import { openAppleWriteGateway } from './apple-write-gateway';
import {
  findBulkAction,
  insertBulkAction,
  saveBulkActionProgress,
  type BulkActionRow,
} from './apple-writes.repository';
import { rowResult } from './write-row-result';
import { statusChange } from './entity-changes';
import { bulkActionJob } from './jobs/bulk-action.job';
import type { WriteActor } from './write-actor';

/** Rows sent between two progress messages. */
const CHUNK_SIZE = 10;

/** What the job carries out, stored as the bulk action's request. */
export const bulkActionRequest = z.object({
  actor: z.object({
    teamId: z.uuid(),
    userId: z.uuid().nullable(),
    impersonatorId: z.uuid().nullable(),
    mayWrite: z.boolean(),
    source: z.enum(CHANGE_SOURCES),
  }),
  input: statusChangeInput,
});

export async function startBulkAction(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  actor: WriteActor,
  input: StatusChangeInput,
): Promise<string> {
  const row = await insertBulkAction(ctx.db, actor.teamId, {
    userId: actor.userId,
    request: bulkActionRequest.parse({ actor, input }),
    total: input.entities.length,
  });
  await ctx.jobs.send(bulkActionJob, { teamId: actor.teamId, bulkActionId: row.id });
  return row.id;
}

export interface BulkActionStatus {
  bulkActionId: string;
  total: number;
  done: number;
  status: string;
  /** Every row's outcome, once the action finished. */
  results: WriteRowResult[] | null;
}

export async function readBulkAction(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  id: string,
): Promise<BulkActionStatus> {
  const row = z.uuid().safeParse(id).success ? await findBulkAction(ctx.db, teamId, id) : null;
  if (!row) throw new AppError('NOT_FOUND', 'No such bulk action.');
  return statusOf(row);
}

function statusOf(row: BulkActionRow): BulkActionStatus {
  return {
    bulkActionId: row.id,
    total: row.total,
    done: row.done,
    status: row.status,
    results: row.status === 'RUNNING' ? null : (row.results ?? []),
  };
}

/** The job's work; a retried job resumes after the rows already done. */
export async function runBulkAction(ctx: JobContext, teamId: string, id: string): Promise<void> {
  const row = await findBulkAction(ctx.db, teamId, id);
  if (!row || row.status !== 'RUNNING') return;
  const { actor, input } = bulkActionRequest.parse(row.request);
  const results = [...(row.results ?? [])];
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId).catch(
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return error;
    },
  );
  for (let start = results.length; start < input.entities.length; start += CHUNK_SIZE) {
    for (const ref of input.entities.slice(start, start + CHUNK_SIZE)) {
      results.push(
        gateway instanceof AppError
          ? { id: ref.id, ok: false, message: gateway.message }
          : await rowResult(ref.id, gateway.change(statusChange(input.level, input.action, ref))),
      );
    }
    const finished = results.length === input.entities.length;
    await saveBulkActionProgress(ctx.db, teamId, id, results, finished ? 'DONE' : 'RUNNING');
    announce(ctx, actor.userId, {
      bulkActionId: id,
      done: results.length,
      total: input.entities.length,
      results: finished ? results : null,
    });
  }
}

/**
 * The job failed on its last attempt: the rows it did not reach fail with the spec's words, and
 * the action ends so that its progress bar does too.
 */
export async function giveUpBulkAction(
  ctx: Pick<JobContext, 'db' | 'realtime'>,
  teamId: string,
  id: string,
): Promise<void> {
  const row = await findBulkAction(ctx.db, teamId, id);
  if (!row || row.status !== 'RUNNING') return;
  const { actor, input } = bulkActionRequest.parse(row.request);
  const results = [...(row.results ?? [])];
  for (const ref of input.entities.slice(results.length))
    results.push({ id: ref.id, ok: false, message: MESSAGES.updateFailed });
  await saveBulkActionProgress(ctx.db, teamId, id, results, 'FAILED');
  announce(ctx, actor.userId, {
    bulkActionId: id,
    done: results.length,
    total: results.length,
    results,
  });
}

function announce(
  ctx: Pick<JobContext, 'realtime'>,
  userId: string | null,
  progress: BulkActionProgress,
) {
  if (!userId) return;
  ctx.realtime.toUser(userId, dataRequestChannel(userId), {
    opId: DATA_REQUEST_CHANNEL_OP_IDS.bulkAction,
    bulkActionId: progress.bulkActionId,
    type: 'bulkAction',
    data: progress,
  });
}
