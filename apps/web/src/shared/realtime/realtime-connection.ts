// One socket.io connection per signed-in session (spec 2 §7.4): websocket transport only,
// reconnecting after 500 ms. The handshake reads the credentials each time it runs, so a
// reconnection carries the renewed token.
import { REALTIME } from '@tapwise/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { apiOrigin } from '../api/http';
import type { RealtimeSocket } from './realtime-events';

export interface RealtimeCredentials {
  token: string;
  sessId: string;
}

let connection: { sessionKey: string; socket: RealtimeSocket } | null = null;
const listeners = new Set<() => void>();

function openSocket(credentials: () => RealtimeCredentials | null): RealtimeSocket {
  return io(apiOrigin(), {
    transports: [...REALTIME.transports],
    reconnectionDelay: REALTIME.reconnectionDelayMs,
    auth: (send) => send(credentials() ?? {}),
  });
}

/** Opens the socket of this session, closing any other; null closes it. */
export function connectRealtime(
  sessionKey: string | null,
  credentials: () => RealtimeCredentials | null,
): void {
  if (connection?.sessionKey === sessionKey) return;
  connection?.socket.disconnect();
  connection = sessionKey ? { sessionKey, socket: openSocket(credentials) } : null;
  for (const listener of listeners) listener();
}

/** Closes the socket from this side, before the server ends its session (signing out). */
export function closeRealtime(): void {
  connectRealtime(null, () => null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentSocket = () => connection?.socket ?? null;

/** The session's socket, null while signed out. */
export function useRealtimeSocket(): RealtimeSocket | null {
  return useSyncExternalStore(subscribe, currentSocket, currentSocket);
}

/**
 * Keeps the socket open while mounted. `sessionKey` changes with the session (another user or
 * company) and only then is a new socket opened; a renewed token reuses the open one.
 */
export function useRealtimeConnection(
  sessionKey: string | null,
  credentials: () => RealtimeCredentials | null,
): void {
  useEffect(() => {
    connectRealtime(sessionKey, credentials);
    return () => connectRealtime(null, credentials);
    // credentials is read at every handshake; only a new session needs a new socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionKey]);
}
