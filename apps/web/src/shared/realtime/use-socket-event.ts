// Subscribes a component to a server event of the session's socket while it is mounted.
import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerEvents } from './realtime-events';
import { useRealtimeSocket } from './realtime-connection';

type Payload<Name extends ServerEventName> = Parameters<ServerEvents[Name]>[0];

export function useSocketEvent<Name extends ServerEventName>(
  name: Name,
  handler: (payload: Payload<Name>) => void,
): void {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: Payload<Name>) => latest.current(payload);
    socket.on(name, listener as never);
    return () => {
      socket.off(name, listener as never);
    };
  }, [socket, name]);
}
