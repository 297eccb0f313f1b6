import type { Config } from '../platform/config';
import type { Database } from '../platform/db/database';
import type { HeavyReads } from '../platform/db/heavy-reads';
import type { Logger } from '../platform/logger';
import type { SecretBox } from '../platform/crypto/secret-box';
import type { RealtimeEmitter } from '../platform/realtime/socket-events';
import type { JobSender } from './job-context';
import type { Mailer } from './mail/mailer';

/** Ends live connections when sessions end; realtime binds it once the socket server runs. */
export interface SessionNotifier {
  endSessions(sessionIds: readonly string[]): void;
  /** Cuts every live connection of the user, but those of the session `except` names. */
  endUser(userId: string, except?: string): void;
}

/** What services need besides their input: the database and the platform's services. */
export interface AppContext {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  authSecret: Uint8Array;
  sessions: SessionNotifier;
  secrets: SecretBox;
  realtime: RealtimeEmitter;
  jobs: JobSender;
  /** Reads of a period's facts wait their turn here (one at a time on PGlite). */
  heavyReads: HeavyReads;
}
