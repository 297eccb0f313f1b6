// When an admin changes this member's role or read-only flag, the server says so over the socket;
// the token is renewed at once so the screens show what the member may now do.
import { SOCKET_EVENTS } from '@tapwise/contracts';
import { useSocketEvent } from '../../../shared/realtime/use-socket-event';
import { fetchUserDetails } from './session-renewal';
import { currentSession, storeSession } from './session-store';

export function useSessionChangeRenewal(): void {
  useSocketEvent(SOCKET_EVENTS.sessionChanged, () => {
    const session = currentSession();
    if (session) fetchUserDetails(session).then(storeSession, () => undefined);
  });
}
