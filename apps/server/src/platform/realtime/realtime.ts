// socket.io over websockets only (spec 2 §7.4). The handshake must come from an allowed origin.
// On PostgreSQL, the postgres adapter carries events between instances so a user's event
// reaches them whichever `serve` process holds their socket.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Logger } from '../logger';

export interface RealtimeOptions {
  allowedOrigins: string[];
  logger: Logger;
  pool?: pg.Pool | undefined;
}

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
  return io;
}
