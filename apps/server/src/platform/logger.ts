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
];

/** Lines go to stdout, or to `destination` (tests read what was logged). */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
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
