// The queue over a real database: a job whose every attempt fails is retried up to its limit and
// then given up, once, so that the work's own record can end as failed; stopping waits for a
// running job however long it takes, so the database can be closed after it.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createJobQueue, defineJob, type JobQueue } from './job-queue';

let database: TestDatabase;
let queue: JobQueue;
const logger = createLogger(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' }),
);

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, logger);
  await queue.start('worker');
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

async function waitFor(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job queue', () => {
  it('gives a job up once, after its last attempt failed', async () => {
    const attempts: string[] = [];
    const givenUp: unknown[] = [];
    const failing = defineJob({
      name: 'test.always-fails',
      payload: z.object({ label: z.string() }),
      retryLimit: 1,
      async handle({ label }) {
        attempts.push(label);
        throw new Error(`attempt ${attempts.length} failed`);
      },
      async onGiveUp({ label }, _context, error) {
        givenUp.push([label, (error as Error).message]);
      },
    });
    await queue.work([failing], {});
    await queue.send(failing, { label: 'report' });

    await waitFor(() => givenUp.length === 1);
    expect(attempts).toEqual(['report', 'report']);
    expect(givenUp).toEqual([['report', 'attempt 2 failed']]);
  });
});

describe('stopping the job queue', () => {
  // Longer than pg-boss itself waits at stop (10 s) before marking running jobs failed.
  it(
    'waits for a job that runs for 11 s and records it as completed',
    { timeout: 30_000 },
    async () => {
      const stopping = createJobQueue(database, logger);
      await stopping.start('worker', { cron: false });
      const events: string[] = [];
      let release = () => {};
      const slow = defineJob({
        name: 'test.slow',
        payload: z.object({}),
        async handle() {
          events.push('started');
          await new Promise<void>((resolve) => (release = resolve));
          events.push('finished');
        },
      });
      await stopping.work([slow], {});
      const id = await stopping.send(slow, {});
      await waitFor(() => events.includes('started'));

      const stopped = stopping.stop().then(() => events.push('stopped'));
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(events).toEqual(['started']);
      release();
      await stopped;
      expect(events).toEqual(['started', 'finished', 'stopped']);
      const { rows } = await database.sql.query<{ state: string }>(
        'SELECT state FROM pgboss.job WHERE id = $1',
        [id],
      );
      expect(rows).toEqual([{ state: 'completed' }]);
    },
  );
});
