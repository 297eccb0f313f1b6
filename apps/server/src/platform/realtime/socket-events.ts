// Closed by default for client → server socket events: each event the server listens to is a
// definition with its access and payload schema; createRealtime registers only these, checks the
// caller's access on every message, and refuses a definition without one at start-up.
import type { Access } from '@tapwise/contracts';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';

export interface SocketEventCall<Context> {
  auth: AuthContext;
  socket: Socket;
  context: Context;
}

export interface SocketEventDefinition<Payload, Context> {
  name: string;
  access: Access;
  payload: z.ZodType<Payload>;
  /** The result is sent to the acknowledgement callback when the client passed one. */
  handle(payload: Payload, call: SocketEventCall<Context>): Promise<unknown>;
}

export function defineSocketEvent<Payload, Context>(
  definition: SocketEventDefinition<Payload, Context>,
): SocketEventDefinition<Payload, Context> {
  return definition;
}

export class UndeclaredSocketAccessError extends Error {}

/** Server → client events, emitted to rooms; bound to the socket server once it exists. */
export interface RealtimeEmitter {
  toTeam(teamId: string, event: string, data: unknown): void;
  toUser(userId: string, event: string, data: unknown): void;
}
