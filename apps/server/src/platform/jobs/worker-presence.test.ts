// Finding lost workers over a real database: a periodic sweep takes only workers whose heartbeat
// went stale, while the embedded database's one sweep at start takes every worker its previous
// run left behind, however recently it beat (a restart seconds after a kill).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createWorkerPresence } from './worker-presence';
import { registerWorkerProcess } from './worker-processes.repository';
import { workerProcesses } from './worker-processes.tables';

let database: TestDatabase;
const logger = createLogger(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' }),
);
// No held jobs are listed in these rows, so the queue is never asked to fail one.
const queue = { boss: {} as never, heldJobs: () => [] };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.db.delete(workerProcesses);
});
afterAll(async () => {
  await database?.close();
});

async function lostAtOf(workerId: string) {
  const [row] = await database.db
    .select({ lostAt: workerProcesses.lostAt })
    .from(workerProcesses)
    .where(eq(workerProcesses.id, workerId));
  return row?.lostAt ?? null;
}

async function startPresence(periodic: boolean) {
  const found: string[][] = [];
  const presence = createWorkerPresence({
    db: database.db,
    logger,
    queue,
    kind: 'serve',
    periodic,
    onLost: async (ids) => void found.push(ids),
  });
  await presence.start();
  await presence.stop();
  return found;
}

describe('worker presence', () => {
  it('on timers, leaves alone a worker that beat just now', async () => {
    const previous = await registerWorkerProcess(database.db, 'worker');
    expect(await startPresence(true)).toEqual([]);
    expect(await lostAtOf(previous)).toBeNull();
  });

  it('on the embedded database, takes over its previous run at start however recently it beat', async () => {
    const previous = await registerWorkerProcess(database.db, 'serve');
    expect(await startPresence(false)).toEqual([[previous]]);
    expect(await lostAtOf(previous)).not.toBeNull();
  });
});
