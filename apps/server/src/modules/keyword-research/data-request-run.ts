// Runs one data request: its kind's runner fetches in steps, and after each step the rows and the
// counts are saved together and announced to the member. A run resumes from what was saved, stops
// when the request was cancelled, and ends FAILED (rows kept, message sent) on any failure.
import {
  dataRequestChannel,
  type DataRequestProgress,
  type DataRequestStatus,
  type ResearchLocale,
} from '@tapwise/contracts';
import type { AppStoreApp } from '@tapwise/app-store';
import { AppError } from '../../platform/errors';
import { JobHandedBack } from '../../platform/jobs/job-queue';
import type { JobContext } from '../job-context';
import type { DataRequestSources } from './data-request-sources';
import {
  finishedProgress,
  progressAfterStep,
  progressMessage,
  storedProgress,
} from './data-request-progress';
import {
  countDataRequestRows,
  findDataRequest,
  saveDataRequestStep,
  type DataRequestRow,
} from './data-requests.repository';

/** Why a request failed, for the user, when the failure carries no message of ours. */
export const DATA_REQUEST_FAILED =
  'The App Store or Apple Ads did not answer. Retry the request to continue it.';
export const DATA_REQUEST_APP_GONE = 'No app with this id in this storefront.';

export interface DataRequestRun {
  request: DataRequestRow;
  locale: ResearchLocale;
  sources: DataRequestSources;
  /** How many of its total the request had done when this run started: a resumed run skips them. */
  done: number;
  /**
   * Saves one step's rows (after those stored) and the progress it makes, and announces it. Kinds
   * with a fixed step advance by it; the others pass how many they have done.
   */
  step(rows: readonly unknown[], done?: number): Promise<void>;
  /** The position the next stored row gets (1-based). */
  nextPosition(): number;
  /** The request's app, as its storefront has it. */
  app(): Promise<AppStoreApp>;
}

export type DataRequestRunner = (run: DataRequestRun) => Promise<void>;

/** The request was cancelled or deleted while running: the run ends quietly. */
class RequestStopped extends Error {}

type Announcer = Pick<JobContext, 'realtime'>;

function announce(
  ctx: Announcer,
  row: DataRequestRow,
  progress: DataRequestProgress,
  status: DataRequestStatus,
) {
  ctx.realtime.toUser(
    row.userId,
    dataRequestChannel(row.userId),
    progressMessage(row, progress, status),
  );
}

export async function runDataRequest(
  ctx: Pick<JobContext, 'db' | 'realtime' | 'stopping'> & Partial<Pick<JobContext, 'logger'>>,
  teamId: string,
  id: string,
  sources: DataRequestSources,
  runner: DataRequestRunner,
): Promise<void> {
  const request = await findDataRequest(ctx.db, teamId, id);
  if (!request || request.status !== 'RUNNING') return;
  let state = storedProgress(request);
  let stored = await countDataRequestRows(ctx.db, teamId, id);
  const locale = {
    location: request.location,
    language: request.language,
    device: request.device,
  } as ResearchLocale;
  let app: AppStoreApp | undefined;
  const save = async (next: DataRequestProgress, rows: readonly unknown[]) => {
    const status = next.completed ? 'DONE' : 'RUNNING';
    const saved = await saveDataRequestStep(ctx.db, teamId, id, {
      progress: next,
      rows: rows.map((row, index) => ({ position: stored + index + 1, row })),
      status,
    });
    if (!saved) throw new RequestStopped();
    stored += rows.length;
    state = next;
    announce(ctx, request, state, status);
  };
  const run: DataRequestRun = {
    request,
    locale,
    sources,
    done: request.currentCount,
    async step(rows, done) {
      await save(progressAfterStep(state, request.opId, done ?? state.currentCount), rows);
      if (ctx.stopping?.aborted && !state.completed) throw new JobHandedBack();
    },
    nextPosition: () => stored + 1,
    async app() {
      app ??= (
        await sources.appStore.lookup([request.appId!], {
          country: locale.location,
          language: locale.language,
          device: locale.device,
        })
      )[0];
      if (!app) throw new AppError('NOT_FOUND', DATA_REQUEST_APP_GONE);
      return app;
    },
  };
  try {
    await runner(run);
    if (!state.completed) await save(finishedProgress(state), []);
  } catch (error) {
    if (error instanceof RequestStopped) return;
    if (error instanceof JobHandedBack) throw error;
    await failDataRequest(ctx, request, state, error);
  }
}

/** Ends a request as FAILED with a message for the user; what it fetched stays. */
export async function failDataRequest(
  ctx: Pick<JobContext, 'db' | 'realtime'> & Partial<Pick<JobContext, 'logger'>>,
  request: DataRequestRow,
  state: DataRequestProgress,
  error: unknown,
): Promise<void> {
  ctx.logger?.warn({ err: error, dataRequestId: request.id }, 'data request failed');
  const message = error instanceof AppError ? error.message : DATA_REQUEST_FAILED;
  const saved = await saveDataRequestStep(ctx.db, request.teamId, request.id, {
    progress: state,
    status: 'FAILED',
    error: message,
  });
  if (saved) announce(ctx, request, { ...state, completed: true }, 'FAILED');
}
