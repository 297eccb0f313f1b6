// socket.io over websockets only (spec 2 §7.4). The handshake must come from an allowed origin
// and carry a valid session (auth: { token, sessId }); each socket joins its user's, session's
// and company's rooms. On PostgreSQL the postgres adapter carries events between instances, so
// an event reaches its user whichever `serve` process holds their socket.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { SessionNotifier } from '../../modules/app-context';
import type { AuthContext, Authenticator } from '../auth/auth-context';
import { AppError } from '../errors';
import type { Logger } from '../logger';

export interface RealtimeOptions {
  allowedOrigins: string[];
  logger: Logger;
  authenticate: Authenticator;
  pool?: pg.Pool | undefined;
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
  if (options.pool) io.adapter(createAdapter(options.pool));

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
        const refusal =
          error instanceof AppError
            ? error
            : new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
        next(Object.assign(new Error(refusal.message), { data: refusal.toBody() }));
      });
  });
  return io;
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
    endUser(userId) {
      server?.in(rooms.user(userId)).disconnectSockets(true);
    },
  };
}
