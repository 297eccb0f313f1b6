// A bulk action's progress: pushed on the user's data-request channel (opId 60) after each chunk,
// with the bulkAction query polled as a fallback while the socket is silent or away.
import { useQuery } from '@tanstack/react-query';
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  dataRequestChannel,
  type BulkActionProgress,
} from '@tapwise/contracts';
import { useEffect, useState } from 'react';
import { useRealtimeSocket } from '../../../shared/realtime/realtime-connection';
import { actionsApi } from './actions-api';
import { useWriteAccess } from './write-access';

export const BULK_POLL_INTERVAL_MS = 5_000;

interface ChannelMessage {
  opId?: number;
  bulkActionId?: string;
  data?: BulkActionProgress;
}

type Progress = Pick<BulkActionProgress, 'done' | 'total' | 'results'>;

/** Whichever source has seen more of the action: a finished one, else the most rows done. */
function furthest(a: Progress | null, b: Progress | null): Progress | null {
  if (!a || !b) return a ?? b;
  if (Boolean(a.results) !== Boolean(b.results)) return a.results ? a : b;
  return a.done >= b.done ? a : b;
}

export function useBulkAction(bulkActionId: string, total: number, onFinished: () => void) {
  const { userId } = useWriteAccess();
  const socket = useRealtimeSocket();
  const [pushed, setPushed] = useState<BulkActionProgress | null>(null);

  useEffect(() => {
    if (!socket || !userId) return undefined;
    const channel = dataRequestChannel(userId);
    const listener = (message: ChannelMessage) => {
      if (message.opId !== DATA_REQUEST_CHANNEL_OP_IDS.bulkAction) return;
      if (message.bulkActionId !== bulkActionId || !message.data) return;
      setPushed(message.data);
    };
    // The channel name carries the user id, so it is not one of the named events.
    socket.on(channel as never, listener as never);
    return () => {
      socket.off(channel as never, listener as never);
    };
  }, [socket, userId, bulkActionId]);

  const polled = useQuery({
    queryKey: ['adsManager', 'bulkAction', bulkActionId],
    queryFn: () => actionsApi.bulkAction(bulkActionId),
    refetchInterval: (query) => (query.state.data?.results ? false : BULK_POLL_INTERVAL_MS),
    enabled: !pushed?.results,
  });

  const latest = furthest(pushed, polled.data ?? null);
  const results = latest?.results ?? null;
  const finished = results !== null;

  useEffect(() => {
    if (finished) onFinished();
    // Once per action: the table reloads when its results are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  return { done: latest?.done ?? 0, total: latest?.total ?? total, results };
}
