// A data request's progress as the contracts' arithmetic gives it, and the message that announces
// it: the stored counts and the messages are the same values, so the web's own fold of the
// messages (advanceDataRequest) agrees with the database.
import {
  advanceDataRequest,
  DATA_REQUEST_OP_IDS,
  type DataRequestChannelOpId,
  type DataRequestProgress,
  type DataRequestProgressMessage,
  type DataRequestStatus,
} from '@tapwise/contracts';
import type { DataRequestRow } from './data-requests.repository';

/** A request that stopped (done, failed or cancelled) counts as completed: no bar waits on it. */
export function storedProgress(row: DataRequestRow): DataRequestProgress {
  return {
    totalCount: row.totalCount,
    currentCount: row.currentCount,
    progress: row.progress,
    completed: row.status !== 'RUNNING',
  };
}

/**
 * The progress after one step: kinds with a fixed step (1 and 2) advance by it, the others report
 * how many they have done.
 */
export function progressAfterStep(
  state: DataRequestProgress,
  opId: number,
  done: number,
): DataRequestProgress {
  return advanceDataRequest(state, opId, done);
}

/** The end of a request that ran out of work before its total: the state at the total (a kind that reports its count reaching it). */
export function finishedProgress(state: DataRequestProgress): DataRequestProgress {
  return advanceDataRequest(state, DATA_REQUEST_OP_IDS.topAppsForCategory, state.totalCount);
}

export function progressMessage(
  row: DataRequestRow,
  progress: DataRequestProgress,
  status: DataRequestStatus,
): DataRequestProgressMessage {
  return {
    opId: row.opId as DataRequestChannelOpId,
    context: row.id,
    keyword: row.keyword,
    appId: row.appId === null ? null : String(row.appId),
    categoryId: row.catId,
    type: row.catType,
    bulkActionId: null,
    data: { ...progress, status },
  };
}
