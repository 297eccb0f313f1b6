// Structured logging with secrets redacted wherever they might appear.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';
import { serializeError } from './log-errors';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-session-id"]',
  '*.password',
  '*.newPassword',
  '*.privateKey',
  '*.privateKeyPem',
  '*.clientSecret',
  '*.token',
  '*.apiKey',
  '*.signingSecret',
  '*.accessToken',
];

/** Path segments that are secrets themselves: the postback URL's key. */
const SECRET_IN_PATH = /(\/postbacks\/)[^/?#]+/;

/** A request URL fit for a log line: a secret in its path replaced by [redacted]. */
export const redactUrl = (url: string) => url.replace(SECRET_IN_PATH, '$1[redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Lines go to stdout, or to `destination` (tests read what was logged). */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
  };
  if (destination) return pino(options, destination);
  // People reading a terminal get readable lines; everything else gets JSON.
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    ...options,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });
}

export type { Logger };
