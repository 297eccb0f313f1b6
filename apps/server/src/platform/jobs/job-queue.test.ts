// The queue over a real database: a job whose every attempt fails is retried up to its limit and
// then given up, once, so that the work's own record can end as failed.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createJobQueue, defineJob, type JobQueue } from './job-queue';

let database: TestDatabase;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
  queue = createJobQueue(database, createLogger(config));
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
