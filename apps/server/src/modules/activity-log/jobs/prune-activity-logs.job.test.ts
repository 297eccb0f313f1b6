import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { insertActivityLog, listActivityLogs } from '../activity-log.repository';
import { activityLogs } from '../activity-log.tables';
import { pruneActivityLogsJob } from './prune-activity-logs.job';

const TEAM = '00000000-0000-4000-8000-000000000001';
const DAY_MS = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ACTIVITY_LOG_RETENTION_DAYS: '30' }, { withWorker: true });
});
afterAll(async () => {
  await server?.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
}

describe('activity-log.prune job', () => {
  it('is scheduled daily', async () => {
    const schedules = await server.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain(pruneActivityLogsJob.name);
  });

  it('deletes entries older than the retention period and keeps the rest', async () => {
    const db = server.database.db;
    const old = await insertActivityLog(db, TEAM, {
      logType: 'rule_run',
      message: 'old run',
      createdAt: new Date(Date.now() - 31 * DAY_MS),
    });
    const recent = await insertActivityLog(db, TEAM, {
      logType: 'rule_run',
      message: 'recent run',
      createdAt: new Date(Date.now() - 29 * DAY_MS),
    });

    await server.jobs.send(pruneActivityLogsJob, {});
    await waitFor(async () => (await db.select().from(activityLogs)).length === 1);

    const remaining = await listActivityLogs(db, TEAM);
    expect(remaining.map((row) => row.logId)).toEqual([recent.logId]);
    expect(remaining.map((row) => row.logId)).not.toContain(old.logId);
  });
});
