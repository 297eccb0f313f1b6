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
  const { teamId } = props;

  useSocketEvent(SOCKET_EVENTS.syncProgress, (event) => {
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

  const value = useMemo(() => ({ state, check }), [state, check]);
  return <SyncStatusContext.Provider value={value}>{props.children}</SyncStatusContext.Provider>;
}

export function useSyncStatus(): SyncStatus {
  return useContext(SyncStatusContext);
}
