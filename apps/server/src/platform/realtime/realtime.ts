// socket.io over websockets only (spec 2 §7.4). The handshake must come from an allowed origin
// and carry a valid session (auth: { token, sessId }); each socket joins its user's, session's
// and company's rooms. On PostgreSQL the postgres adapter carries events between instances, so
// an event reaches its user whichever `serve` process holds their socket.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import { ERROR_MESSAGES } from '@tapwise/contracts';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { SessionNotifier } from '../../modules/app-context';
import type { AuthContext, Authenticator } from '../auth/auth-context';
import { assertAccess } from '../auth/auth-context';
import { AppError } from '../errors';
import { assertNoNulCharacters } from '../validation/input-forms';
import type { Logger } from '../logger';
import {
  UndeclaredSocketAccessError,
  type RealtimeEmitter,
  type SocketEventDefinition,
} from './socket-events';

export interface RealtimeOptions {
  allowedOrigins: string[];
  logger: Logger;
  authenticate: Authenticator;
  pool?: pg.Pool | undefined;
  /** The client → server events the server answers, with what their handlers receive. */
  events?: { definitions: readonly SocketEventDefinition<never, unknown>[]; context: unknown };
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  team: (teamId: string) => `team:${teamId}`,
};

export function isAllowedOrigin(origin: string | undefined, allowedOrigins: string[]): boolean {
  return origin !== undefined && allowedOrigins.includes(origin);
}

export function createRealtime(httpServer: HttpServer, options: RealtimeOptions): Server {
  const io = new Server(httpServer, {
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (request, callback) => {
      const allowed = isAllowedOrigin(request.headers.origin, options.allowedOrigins);
      if (!allowed)
        options.logger.warn({ origin: request.headers.origin }, 'socket origin refused');
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
  if (options.pool) io.adapter(createAdapter(releasingLostClients(options.pool)));

  io.use((socket, next) => {
    const { token, sessId } = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    options
      .authenticate({
        authorization: typeof token === 'string' ? `Bearer ${token}` : undefined,
        sessionId: typeof sessId === 'string' ? sessId : undefined,
      })
      .then((auth) => {
        if (!auth) throw new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
        socket.data.auth = auth satisfies AuthContext;
        void socket.join([rooms.user(auth.userId), rooms.session(auth.sessionId)]);
        if (auth.teamId) void socket.join(rooms.team(auth.teamId));
        next();
      })
      .catch((error: unknown) => {
        // Credentials that could not be checked (the database lost mid-handshake) are the
        // server's fault, not a reason to sign the user out: the client connects again.
        if (!(error instanceof AppError))
          options.logger.warn({ err: error }, 'socket credentials could not be checked');
        const refusal =
          error instanceof AppError ? error : new AppError('INTERNAL', ERROR_MESSAGES.GENERIC);
        next(Object.assign(new Error(refusal.message), { data: refusal.toBody() }));
      });
  });
  listenToEvents(io, options);
  return io;
}

function listenToEvents(io: Server, options: RealtimeOptions): void {
  const definitions = options.events?.definitions ?? [];
  for (const definition of definitions)
    if (!definition.access)
      throw new UndeclaredSocketAccessError(`Socket event ${definition.name} declares no access`);
  io.on('connection', (socket) => {
    for (const definition of definitions) {
      socket.on(definition.name, (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : undefined;
        const auth = socket.data.auth as AuthContext;
        Promise.resolve()
          .then(async () => {
            assertAccess(auth, definition.access);
            assertNoNulCharacters({ payload });
            const input = definition.payload.parse(payload ?? {});
            return definition.handle(input as never, {
              auth,
              socket,
              context: options.events?.context,
            });
          })
          .then(
            (answer) => reply?.(answer ?? { ok: true }),
            (error: unknown) => {
              const refusal =
                error instanceof AppError
                  ? error
                  : new AppError('BAD_REQUEST', 'The event could not be handled');
              if (!(error instanceof AppError))
                options.logger.warn({ err: error, event: definition.name }, 'socket event failed');
              reply?.(refusal.toBody());
            },
          );
      });
    }
  });
}

/** Emits to rooms; usable before the socket server exists (jobs start first) and after it. */
export function createRealtimeEmitter(): RealtimeEmitter & { bind(io: Server): void } {
  let server: Server | undefined;
  return {
    bind(io) {
      server = io;
    },
    toTeam(teamId, event, data) {
      server?.to(rooms.team(teamId)).emit(event, data);
    },
    toUser(userId, event, data) {
      server?.to(rooms.user(userId)).emit(event, data);
    },
  };
}

/** Ends live connections when sessions end. Bound once the socket server exists. */
export function createSessionNotifier(): SessionNotifier & { bind(io: Server): void } {
  let server: Server | undefined;
  return {
    bind(io) {
      server = io;
    },
    endSessions(sessionIds) {
      if (server && sessionIds.length)
        server.in(sessionIds.map(rooms.session)).disconnectSockets(true);
    },
    endUser(userId, except) {
      const userRooms = server?.in(rooms.user(userId));
      (except ? userRooms?.except(rooms.session(except)) : userRooms)?.disconnectSockets(true);
    },
  };
}

/**
 * A socket server with no HTTP engine that only relays events through the postgres adapter: a
 * `worker` emits job progress with it and the `serve` instances deliver it. socket.io's own
 * close() assumes an engine, so this one closes its adapters itself.
 */
export function createRelay(pool: pg.Pool): { io: Server; close(): Promise<void> } {
  const io = new Server();
  io.adapter(createAdapter(releasingLostClients(pool)));
  return {
    io,
    async close() {
      await Promise.allSettled(
        [...io._nsps.values()].map((namespace) => namespace.adapter.close()),
      );
    },
  };
}

/**
 * The pool as the postgres adapter should see it. The adapter holds one client for LISTEN; when
 * the server ends that connection it takes a new one but never releases the old, and the pool
 * would keep counting it: a slot lost for every database restart, and a close waiting for ever.
 * Here a client that ends while checked out is released (once) on the adapter's behalf.
 */
function releasingLostClients(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const release = client.release.bind(client);
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      release(error);
    };
    client.once('end', () => client.release(new Error('The connection ended')));
    return client;
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
