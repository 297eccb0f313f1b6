// The member's data-request channel (spec 2 §7.4): data requests, generator progress and Keyword
// AI news arrive on it. Each user of the hook hears every message while mounted.
import { dataRequestChannel } from '@tapwise/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRealtimeSocket } from './realtime-connection';

export function useDataRequestChannel(userId: string, onMessage: (message: unknown) => void) {
  const socket = useRealtimeSocket();
  const latest = useRef(onMessage);
  useLayoutEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!socket || !userId) return undefined;
    const channel = dataRequestChannel(userId);
    const listener = (message: unknown) => latest.current(message);
    // The channel name carries the user id, so it is not one of the named events.
    socket.on(channel as never, listener as never);
    return () => {
      socket.off(channel as never, listener as never);
    };
  }, [socket, userId]);
}
