// Every client → server socket event the server answers; createRealtime listens to these only.
import type { SocketEventDefinition } from '../platform/realtime/socket-events';
import { syncCheckEvent } from './sync/sync.socket-events';

export const socketEvents = [syncCheckEvent] as unknown as readonly SocketEventDefinition<
  never,
  unknown
>[];
