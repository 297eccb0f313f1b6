// The member's data requests: read with getDataRequests and kept live by the progress messages
// of their data-request channel; read again when a message ends a request or names an unknown
// one, and now and then while any runs.
import type { DataRequest } from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataRequestChannel } from '../../../shared/realtime/use-data-request-channel';
import { useSession } from '../../auth/session/use-session';
import { dataRequestsApi } from './data-requests-api';
import { applyProgressMessage, endsRequest, isDataRequestMessage } from './data-request-progress';

export const DATA_REQUESTS_QUERY_KEY = ['keywordResearch', 'dataRequests'] as const;
/** While requests run the list is also read this often, in case the socket is away. */
export const DATA_REQUESTS_POLL_MS = 30_000;

// socket.io hands every listener of an event the same message object: remembering the ones
// applied keeps a step from counting twice when several components use the hook.
const applied = new WeakSet<object>();

const listed = (requests: DataRequest[]) =>
  requests.filter((request) => request.status !== 'CANCELLED');

export function useDataRequests() {
  const userId = useSession()?.claims.UserId ?? '';
  const queryClient = useQueryClient();
  useDataRequestChannel(userId, (message) => {
    if (!isDataRequestMessage(message) || applied.has(message)) return;
    applied.add(message);
    const requests = queryClient.getQueryData<DataRequest[]>(DATA_REQUESTS_QUERY_KEY);
    const known = requests?.some((request) => request.id === message.context) ?? false;
    if (requests && known) {
      queryClient.setQueryData(DATA_REQUESTS_QUERY_KEY, applyProgressMessage(requests, message));
    }
    if (!known || endsRequest(message)) {
      void queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY });
    }
  });

  return useQuery({
    queryKey: DATA_REQUESTS_QUERY_KEY,
    queryFn: dataRequestsApi.list,
    enabled: userId !== '',
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.status === 'RUNNING')
        ? DATA_REQUESTS_POLL_MS
        : false,
    select: listed,
  });
}
