// A progress message's effect on the listed data requests (spec 1 §4, spec 2 §7.4), with the
// contracts' arithmetic so the button shows what the server counts.
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  DATA_REQUEST_PROGRESS_STEP,
  advanceDataRequest,
  type DataRequest,
  type DataRequestChannelOpId,
  type DataRequestProgressMessage,
} from '@tapwise/contracts';

/** opIds of keyword analysis on the channel, which it shares with other features. */
const KEYWORD_ANALYSIS_OP_IDS: readonly number[] = [
  DATA_REQUEST_CHANNEL_OP_IDS.keywordsForApp,
  DATA_REQUEST_CHANNEL_OP_IDS.appsForKeyword,
  DATA_REQUEST_CHANNEL_OP_IDS.keywordAnalysis3,
  DATA_REQUEST_CHANNEL_OP_IDS.suggestedCompetitors,
  DATA_REQUEST_CHANNEL_OP_IDS.topAppsForCategory,
];

export function isDataRequestMessage(message: unknown): message is DataRequestProgressMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { opId, context, data } = message as Partial<DataRequestProgressMessage>;
  return (
    KEYWORD_ANALYSIS_OP_IDS.includes(opId ?? -1) &&
    typeof context === 'string' &&
    typeof data === 'object' &&
    data !== null
  );
}

/** Whether the message ends its request, so the list is read again for its final state. */
export function endsRequest(message: DataRequestProgressMessage): boolean {
  return message.data.completed || message.data.status !== 'RUNNING';
}

export function applyProgressMessage(
  requests: DataRequest[],
  message: DataRequestProgressMessage,
): DataRequest[] {
  const stepped = DATA_REQUEST_PROGRESS_STEP[message.opId as DataRequestChannelOpId] !== undefined;
  return requests.map((request) => {
    if (request.id !== message.context || request.status !== 'RUNNING') return request;
    // Kinds without a step report their count, and the total they found while counting.
    const state = stepped ? request : { ...request, totalCount: message.data.totalCount };
    const next = advanceDataRequest(state, message.opId, message.data.currentCount);
    return { ...request, ...next, status: next.completed ? 'DONE' : message.data.status };
  });
}
