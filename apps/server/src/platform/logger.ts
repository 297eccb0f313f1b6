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

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  });
}

export type { Logger };
