// Structured logging with secrets redacted wherever they might appear.
import pino, { type Logger } from 'pino';
import type { Config } from './config';

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

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  // People reading a terminal get readable lines; everything else gets JSON.
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });
}

export type { Logger };
