// The session for React: components read it with useSession() and re-render when it changes;
// the provider keeps the token renewed while the app is open.
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { scheduleRenewal } from './session-renewal';
import { currentSession, subscribeSession, type Session } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, currentSession, currentSession);
}

export function SessionRenewal({ children }: { children: ReactNode }) {
  const session = useSession();
  useEffect(() => (session ? scheduleRenewal(session) : undefined), [session]);
  return children;
}
