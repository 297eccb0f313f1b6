// SIGTERM stops every kind of process cleanly: it takes no new job, a running sync hands its job
// back at its next checkpoint (another worker resumes it), the queue and the database close and
// the process exits 0. The processes are the real entry points, started as an operator would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerProcesses } from '../platform/jobs/worker-processes.tables';
import { serverEntry, startProcess, type RunningProcess } from '../platform/testing/processes';
import type { TestDatabase } from '../platform/testing/test-database';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { findSyncRun } from '../modules/sync/sync.repository';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
} from '../modules/sync/sync-test-kit';

// Every process of one installation shares these (the in-process server too).
const SECRETS = {
  AUTH_SECRET: 'shutdown-test-secret-of-at-least-32-characters',
  ENCRYPTION_KEY: 'ab'.repeat(32),
  EXCHANGE_RATES: 'simulator',
};
// A supervisor's grace period (systemd's default is 90 s): a busy CI machine once took over 30.
const STOP_TIMEOUT_MS = 90_000;
const started: RunningProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((child) => child.stop('SIGKILL')));
});

function start(
  name: string,
  entry: 'serve' | 'worker',
  env: Record<string, string>,
  args: string[] = [],
) {
  const child = startProcess(name, [...serverEntry(entry), ...args], {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO: 'false',
    ...SECRETS,
    ...env,
  });
  started.push(child);
  return child;
}

/** Polls until `done`; on timeout the error carries the process's last lines. */
async function until(done: () => Promise<boolean>, child: RunningProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out; ${child.name} said: ${JSON.stringify(child.logs.slice(-5))} ${child.text.slice(-5).join(' | ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const failedShutdown = (child: RunningProcess) =>
  child.logs.filter((line) => line.msg === 'shutdown failed');

describe('serve on the embedded database', () => {
  it('stops on SIGTERM with exit code 0, its job runner and database closed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-shutdown-'));
    const serve = start('serve', 'serve', { DATA_DIR: dataDir }, ['--with-worker']);
    await serve.waitForLog((line) => String(line.msg).startsWith('Tapwise is running'), 90_000);
    expect(await serve.stop('SIGTERM', STOP_TIMEOUT_MS), serve.describeExit()).toBe(0);
    expect(failedShutdown(serve)).toEqual([]);
    expect(serve.logs.some((line) => line.msg === 'server stopped')).toBe(true);
    // The lock on the data directory was released with the database.
    expect(fs.existsSync(path.join(dataDir, 'tapwise.lock'))).toBe(false);
  }, 200_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('serve and worker on PostgreSQL', () => {
  let server: TestServer;
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ faults: { latencyMs: 40 } });
    // Sends jobs but runs none: the worker processes under test run them.
    server = await startTestServer(
      { ...SECRETS, ...allowingSandbox(sandbox) },
      { withWorker: false },
    );
  });
  afterAll(async () => {
    await Promise.all(started.map((child) => child.stop('SIGKILL')));
    await server?.close();
    await sandbox?.close();
  });

  const workerEnv = () => ({
    DATABASE_URL: (server.database as TestDatabase).url!,
    ...allowingSandbox(sandbox),
  });

  it('stops a serve without jobs on SIGTERM with exit code 0', async () => {
    const serve = start('serve on PostgreSQL', 'serve', workerEnv());
    await serve.waitForLog((line) => String(line.msg).startsWith('Tapwise is running'), 90_000);
    expect(await serve.stop('SIGTERM', STOP_TIMEOUT_MS), serve.describeExit()).toBe(0);
    expect(failedShutdown(serve)).toEqual([]);
    expect(serve.logs.some((line) => line.msg === 'server stopped')).toBe(true);
  }, 200_000);

  it('hands its running sync back on SIGTERM, exits 0, and another worker finishes it', async () => {
    const first = start('worker 1', 'worker', workerEnv());
    const running = await first.waitForLog((line) => line.msg === 'worker running', 90_000);
    const company = await connectSandboxCompany(server, sandbox);
    await first.waitForLog((line) => line.msg === 'job started' && line.job === 'sync.apple-ads');
    await until(
      async () =>
        ((await findSyncRun(server.database.db, company.teamId, company.syncId))?.progress ?? 0) >=
        10,
      first,
    );

    const stoppedAt = Date.now();
    expect(await first.stop('SIGTERM', STOP_TIMEOUT_MS), first.describeExit()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(failedShutdown(first)).toEqual([]);
    expect(first.logs.some((line) => line.msg === 'job handed back at its checkpoint')).toBe(true);
    expect(first.logs.some((line) => line.msg === 'worker stopped')).toBe(true);
    const [row] = await server.database.db
      .select()
      .from(workerProcesses)
      .where(eq(workerProcesses.id, String(running.workerId)));
    expect(row).toMatchObject({ lostAt: null, jobs: [] });
    expect(row!.stoppedAt).not.toBeNull();
    const handedBack = await findSyncRun(server.database.db, company.teamId, company.syncId);
    expect(handedBack).toMatchObject({ status: 'RUNNING', workerId: null });
    expect(handedBack!.resumingSince).not.toBeNull();

    const second = start('worker 2', 'worker', workerEnv());
    const finished = await waitForSync(server, company.teamId, company.syncId, 90_000);
    expect(finished.status).toBe('DONE');
    expect(finished.completedSteps.slice(0, handedBack!.completedSteps.length)).toEqual(
      handedBack!.completedSteps,
    );
    expect(new Set(finished.completedSteps).size).toBe(finished.completedSteps.length);
    expect(await second.stop('SIGTERM', STOP_TIMEOUT_MS), second.describeExit()).toBe(0);
    expect(failedShutdown(second)).toEqual([]);
  }, 180_000);
});
