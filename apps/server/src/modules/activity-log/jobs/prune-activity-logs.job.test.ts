import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { insertActivityLog, listActivityLogs } from '../activity-log.repository';
import { activityLogs } from '../activity-log.tables';
import { updateTeam } from '../../teams/teams.repository';
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

  it("measures each company's entries against its own period, others against the default", async () => {
    const db = server.database.db;
    const short = await createCompany(db, 'Short retention');
    const long = await createCompany(db, 'Long retention');
    const plain = await createCompany(db, 'Default retention');
    await updateTeam(db, short.id, { logRetentionDays: 7 });
    await updateTeam(db, long.id, { logRetentionDays: 365 });
    const now = new Date('2026-06-01T12:00:00Z');
    const ages = [3, 10, 40, 400];
    for (const team of [short, long, plain]) {
      for (const age of ages) {
        await insertActivityLog(db, team.id, {
          logType: 'rule_run',
          message: `${age} days old`,
          createdAt: new Date(now.getTime() - age * DAY_MS),
        });
      }
    }
    const counts = async () => {
      const result = await db.execute<{ team_id: string; n: string | number }>(
        sql`SELECT team_id, count(*) AS n FROM activity_logs
          WHERE team_id IN (${short.id}, ${long.id}, ${plain.id}) GROUP BY team_id`,
      );
      return Object.fromEntries(result.rows.map((row) => [row.team_id, Number(row.n)]));
    };
    expect(await counts()).toEqual({ [short.id]: 4, [long.id]: 4, [plain.id]: 4 });

    await server.jobs.send(pruneActivityLogsJob, { now: now.toISOString() });
    // 7 days keeps 3; 365 keeps 3, 10 and 40; the default 30 keeps 3 and 10.
    const expected = { [short.id]: 1, [long.id]: 3, [plain.id]: 2 };
    await waitFor(async () => {
      const now = await counts();
      return Object.entries(expected).every(([teamId, count]) => now[teamId] === count);
    });
    expect(await counts()).toEqual(expected);
    const kept = await listActivityLogs(db, long.id);
    expect(kept.map((row) => row.message).sort()).toEqual([
      '10 days old',
      '3 days old',
      '40 days old',
    ]);
  });
});
