// The company's sync as the socket reports it, for the top bar, the integrations page and the
// guarded pages. It asks for the state on every (re)connection (`syncprogress:check`) and, when a
// first sync reaches 100, refetches every query, clears the refetch flag and says so.
import { SOCKET_EVENTS } from '@tapwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeSocket } from '../../shared/realtime/realtime-connection';
import { useSocketEvent } from '../../shared/realtime/use-socket-event';
import { STORAGE_KEYS, readStored, removeStored } from '../../shared/storage/browser-storage';
import { notifyFirstSync } from '../../shared/ui/notify';
import { invalidateIntegration } from '../integrations/integrations-api';
import { INITIAL_SYNC_STATE, applySyncEvent, type SyncState } from './sync-state';

interface SyncStatus {
  state: SyncState;
  /** Asks the server for the current state (after starting a sync, say). */
  check(): void;
}

/**
 * While a sync runs, a client that heard nothing for this long asks again: an event relayed
 * between servers can be lost while the database connection that carries it is re-established,
 * and the last one (done) must not be.
 */
export const QUIET_SYNC_RECHECK_MS = 15_000;

const SyncStatusContext = createContext<SyncStatus>({
  state: INITIAL_SYNC_STATE,
  check: () => undefined,
});

export function SyncStatusProvider(props: { teamId: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const [state, setState] = useState(INITIAL_SYNC_STATE);
  const latest = useRef(INITIAL_SYNC_STATE);
  const lastEventAt = useRef(0);
  const { teamId } = props;

  useSocketEvent(SOCKET_EVENTS.syncProgress, (event) => {
    lastEventAt.current = Date.now();
    const previous = latest.current;
    const refetchRequired = readStored(STORAGE_KEYS.isRefetchRequired) !== null;
    const next = applySyncEvent(previous, event, Date.now(), refetchRequired);
    latest.current = next.state;
    setState(next.state);
    if (next.firstSyncFinished) {
      removeStored(STORAGE_KEYS.isRefetchRequired);
      void queryClient.invalidateQueries();
      notifyFirstSync(t('sync.firstSyncDone'));
    } else if (
      (previous.running && !next.state.running) ||
      next.state.invalid !== previous.invalid
    ) {
      void invalidateIntegration(queryClient);
    }
  });

  const check = useCallback(() => {
    if (socket && teamId) socket.emit(SOCKET_EVENTS.syncCheck, { teamId });
  }, [socket, teamId]);

  useEffect(() => {
    if (!socket) return undefined;
    socket.on('connect', check);
    if (socket.connected) check();
    return () => {
      socket.off('connect', check);
    };
  }, [socket, check]);

  useEffect(() => {
    if (!state.running) return undefined;
    const timer = setInterval(() => {
      if (Date.now() - lastEventAt.current >= QUIET_SYNC_RECHECK_MS) check();
    }, QUIET_SYNC_RECHECK_MS);
    return () => clearInterval(timer);
  }, [state.running, check]);

  const value = useMemo(() => ({ state, check }), [state, check]);
  return <SyncStatusContext.Provider value={value}>{props.children}</SyncStatusContext.Provider>;
}

export function useSyncStatus(): SyncStatus {
  return useContext(SyncStatusContext);
}
