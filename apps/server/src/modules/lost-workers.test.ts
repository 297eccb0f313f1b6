// A worker that dies (killed, frozen, cut off) leaves its heartbeat stale: a live process finds it
// within seconds, shows its sync as resuming and has it resumed from its checkpoint, and resumes
// its rule runs without applying any change twice. The lost worker is a row whose heartbeat
// stopped, holding the work a killed process leaves behind.
import type { AccountClient, Keyword } from '@tapwise/apple-ads';
import { microsToAmount } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { SOCKET_EVENTS, type SyncProgressEvent } from '@tapwise/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWorkerProcess } from '../platform/jobs/worker-processes.repository';
import { workerProcesses } from '../platform/jobs/worker-processes.tables';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { keywords } from './ads-data/ads-entities.tables';
import { automationRuleChanges } from './automation/automation.tables';
import { countRequests, everyKeywordOf, insertTestRule } from './automation/engine/engine-test-kit';
import { executeRun } from './automation/engine/rule-runner';
import { findRun, insertRun, listRunChanges } from './automation/engine/rule-runs.repository';
import type { JobContext } from './job-context';
import { findSyncRun } from './sync/sync.repository';
import { runSync, startSync } from './sync/sync.service';
import { syncRuns } from './sync/sync.tables';
import {
  allowingSandbox,
  connectSandboxCompany,
  sandboxReader,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from './sync/sync-test-kit';

const ORIGIN = 'https://app.tapwise.test';
let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(
    { ALLOWED_ORIGINS: ORIGIN, ...allowingSandbox(sandbox) },
    // Periodic sweeps run on PostgreSQL only by default; the mechanism is tested on both engines.
    { withWorker: true, presence: { sweepIntervalMs: 300, periodic: true } },
  );
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

/** A context whose queue sends nothing, acting as the worker `workerId`. */
function workerContext(workerId: string | null): JobContext {
  const { db, config, logger, secrets, realtime } = server.context;
  return { db, config, logger, secrets, realtime, jobs: { send: async () => null }, workerId };
}

/** A worker that holds work; its heartbeat is set ahead so no sweep finds it before silenceWorker. */
async function aliveWorker(): Promise<string> {
  const workerId = await registerWorkerProcess(server.database.db, 'worker');
  await server.database.db
    .update(workerProcesses)
    .set({ heartbeatAt: sql`now() + interval '1 hour'` })
    .where(eq(workerProcesses.id, workerId));
  return workerId;
}

/** The worker process stops beating: its heartbeat is past the limit. */
async function silenceWorker(workerId: string) {
  await server.database.db
    .update(workerProcesses)
    .set({ heartbeatAt: sql`now() - interval '11 seconds'` })
    .where(eq(workerProcesses.id, workerId));
}

async function waitFor<T>(read: () => Promise<T | null | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a lost worker', () => {
  it('is found within seconds and its sync resumes from the checkpoint, shown as resuming', async () => {
    const db = server.database.db;
    const lost = await aliveWorker();
    const ctx = workerContext(lost);
    const { syncId } = await startSync(ctx, company.teamId, company.integration.id, 'FIRST');
    let steps = 0;
    await expect(
      runSync(ctx, company.teamId, syncId, {
        afterStep: () => {
          if (++steps === 4) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    // What a killed process leaves: the run RUNNING, held by a worker that no longer beats.
    await db
      .update(syncRuns)
      .set({ status: 'RUNNING', error: null })
      .where(eq(syncRuns.id, syncId));
    const checkpoint = (await findSyncRun(db, company.teamId, syncId))!.completedSteps;

    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: company.session.token, sessId: company.session.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const events: SyncProgressEvent[] = [];
    socket.on(SOCKET_EVENTS.syncProgress, (event: SyncProgressEvent) => events.push(event));
    try {
      const silencedAt = Date.now();
      await silenceWorker(lost);
      const finished = await waitForSync(server, company.teamId, syncId, 30_000);
      expect(Date.now() - silencedAt).toBeLessThan(30_000);
      expect(finished).toMatchObject({ status: 'DONE', workerId: server.jobs.workerId });
      expect(finished.completedSteps.slice(0, checkpoint.length)).toEqual(checkpoint);
      expect(new Set(finished.completedSteps).size).toBe(finished.completedSteps.length);
      const [row] = await db.select().from(workerProcesses).where(eq(workerProcesses.id, lost));
      expect(row!.lostAt).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ofRun = events.filter((event) => event.syncId === syncId);
      expect(ofRun.some((event) => event.resuming && !event.done)).toBe(true);
      expect(ofRun.at(-1)).toMatchObject({ done: true, progress: 100, resuming: false });
    } finally {
      socket.close();
    }
  });

  it('has its rule run resumed, applying each change exactly once', async () => {
    const db = server.database.db;
    const adAccountId = sandbox.accounts()[0]!.id;
    const currency = sandbox.accounts()[0]!.currency;
    const apple: AccountClient = sandboxReader(sandbox).forAccount(adAccountId);
    const adGroupId = (await apple.adGroups.query({ pagination: { offset: 0, pageSize: 1 } }))
      .result[0]!.id;
    const keywordsNow = async () => {
      const page = await apple.keywords.query({
        filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }],
        pagination: { offset: 0, pageSize: 1000 },
      });
      return new Map(page.result.map((keyword: Keyword) => [keyword.id, keyword.bid?.amount]));
    };
    const rule = await insertTestRule(db, company.teamId, {
      ...everyKeywordOf(
        adGroupId,
        [{ type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'PERCENT', value: 10 }],
        { maxChangePercent: 50 },
      ),
      name: 'Raise every bid',
    });
    const lost = await aliveWorker();
    const run = await insertRun(db, company.teamId, {
      ruleId: rule.id,
      ruleName: rule.name,
      trigger: 'SCHEDULED',
      dryRun: false,
      runKey: 'scheduled:lost-worker-test',
      triggeredBy: null,
      workerId: lost,
    });
    // The lost worker's run, as far as it went: every change applied, then undone back to the
    // moment it died after its third change, with the fourth sent but not recorded.
    await executeRun(workerContext(lost), run.id);
    const intended = await keywordsNow();
    const applied = await listRunChanges(db, company.teamId, run.id, ['APPLIED']);
    expect(applied.length).toBeGreaterThanOrEqual(5);
    const [, , , sentUnrecorded, ...notReached] = applied;
    await db
      .update(automationRuleChanges)
      .set({ status: 'PENDING', appliedAt: null })
      .where(eq(automationRuleChanges.id, sentUnrecorded!.id));
    // Never reached: neither Apple nor Tapwise's copy was changed.
    for (const change of notReached) {
      const micros = Object.values(change.before ?? {})[0] as number;
      await apple.keywords.update(Number(change.entityId), {
        bid: { amount: microsToAmount(micros), currency },
      });
      await db
        .update(keywords)
        .set({ bidMicros: micros })
        .where(and(eq(keywords.teamId, company.teamId), eq(keywords.id, Number(change.entityId))));
    }
    await db.delete(automationRuleChanges).where(
      inArray(
        automationRuleChanges.id,
        notReached.map((change) => change.id),
      ),
    );
    await db.execute(
      sql`UPDATE automation_rule_runs SET finished_at = NULL, status = 'PENDING' WHERE id = ${run.id}`,
    );

    const origin = new URL(sandbox.url).origin;
    const { requests } = await countRequests(origin, async () => {
      await silenceWorker(lost);
      await waitFor(async () => (await findRun(db, company.teamId, run.id))?.finishedAt);
    });
    const writes = requests.filter(
      (request) => !request.startsWith('GET') && !request.includes('/find'),
    );
    // The PENDING one again with its recorded amount, and those never reached; nothing else.
    expect(writes.length).toBeLessThanOrEqual(1 + notReached.length);
    expect(await keywordsNow()).toEqual(intended);
    const after = await listRunChanges(db, company.teamId, run.id, ['APPLIED']);
    expect(after.map((change) => change.entityId).sort()).toEqual(
      applied.map((change) => change.entityId).sort(),
    );
    expect((await findRun(db, company.teamId, run.id))!.workerId).toBe(server.jobs.workerId);
  });
});
