// When an admin changes this member's role or read-only flag, the server says so over the socket;
// the token is renewed at once so the screens show what the member may now do. When the server
// cuts the socket off (the member was removed or disabled, the company disabled), the session is
// asked for at once, so the person reads why now rather than at their next click.
import { SOCKET_EVENTS } from '@tapwise/contracts';
import { useEffect } from 'react';
import { useRealtimeSocket } from '../../../shared/realtime/realtime-connection';
import { useSocketEvent } from '../../../shared/realtime/use-socket-event';
import { fetchUserDetails } from './session-renewal';
import { currentSession, storeSession } from './session-store';

/** Renews the token; an ended session is reported by the API client (alert, sign-in page). */
function renewNow() {
  const session = currentSession();
  if (session) fetchUserDetails(session).then(storeSession, () => undefined);
}

export function useSessionChangeRenewal(): void {
  useSocketEvent(SOCKET_EVENTS.sessionChanged, renewNow);
  const socket = useRealtimeSocket();
  useEffect(() => {
    if (!socket) return undefined;
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') renewNow();
    };
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('disconnect', onDisconnect);
    };
  }, [socket]);
}
