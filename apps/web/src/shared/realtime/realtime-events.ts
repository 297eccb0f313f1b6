// The socket events of spec 2 §7.4 with their payloads, so handlers and emitters are typed.
import type {
  DataRequestProgressMessage,
  ExportJobProgress,
  IntegrationDeletionEvent,
  RuleBacktestProgress,
  SOCKET_EVENTS,
  SyncProgressEvent,
} from '@tapwise/contracts';
import type { Socket } from 'socket.io-client';

export interface ServerEvents {
  [SOCKET_EVENTS.syncProgress]: (event: SyncProgressEvent) => void;
  [SOCKET_EVENTS.integrationDeletion]: (event: IntegrationDeletionEvent) => void;
  [SOCKET_EVENTS.sessionChanged]: (event: { teamId: string }) => void;
  [SOCKET_EVENTS.ruleBacktest]: (event: RuleBacktestProgress) => void;
  [SOCKET_EVENTS.exportProgress]: (event: ExportJobProgress) => void;
  /** A data request's progress, on its member's channel (contracts' dataRequestChannel). */
  [channel: DataRequestChannel]: (message: DataRequestProgressMessage) => void;
}

export type DataRequestChannel = `dataRequest:${string}`;

/** `syncprogress:check` as contracts' syncCheckInput accepts it. */
export interface SyncCheck {
  teamId?: string;
  correlationId?: string;
  syncId?: string;
}

export interface ClientEvents {
  [SOCKET_EVENTS.syncCheck]: (payload: SyncCheck) => void;
}

export type RealtimeSocket = Socket<ServerEvents, ClientEvents>;
export type ServerEventName = keyof ServerEvents;
