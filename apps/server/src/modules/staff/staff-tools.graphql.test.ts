import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { exportFileJob } from '../exports/jobs/export-file.job';
import { pruneActivityLogsJob } from '../activity-log/jobs/prune-activity-logs.job';

// No worker: the jobs sent here stay queued for the queue's view.
let server: TestServer;
let api: ApiClient;
let staff: Session;
let admin: Session;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const db = server.database.db;
  const staffCompany = await createCompany(db, 'Staff');
  const company = await createCompany(db, 'Acme');
  teamId = company.id;
  otherTeamId = (await createCompany(db, 'Other')).id;
  const superAdmin = await createMember(db, staffCompany.id, { role: 'SUPERADMIN' });
  staff = await api.signIn(superAdmin.email, superAdmin.password);
  const acmeAdmin = await createMember(db, company.id, { role: 'ADMIN' });
  admin = await api.signIn(acmeAdmin.email, acmeAdmin.password);
  // A worker creates the queues it works; here nothing works them, so they are made by hand.
  for (const job of [exportFileJob, pruneActivityLogsJob])
    await server.jobs.boss.createQueue(job.name);
});
afterAll(async () => {
  await server?.close();
});

const errorCode = (answer: { errors?: { extensions?: { code?: unknown } }[] }) =>
  answer.errors?.[0]?.extensions?.code;

interface QueuedTasksAnswer {
  getQueuedTasks: {
    groups: { category: string; teamId: string | null; counts: Record<string, number> }[];
    tasks: { taskId: string; category: string; teamId: string | null; status: string }[];
  };
}
const QUEUED = `query($t: ID) { getQueuedTasks(teamId: $t) {
  groups { category teamId counts { created retry active completed cancelled failed } }
  tasks { taskId category teamId status } } }`;
const DELETE_TASK = 'mutation($id: ID!) { deleteQueuedTask(taskId: $id) }';

async function sendExport(forTeam: string) {
  return (await server.jobs.send(exportFileJob, {
    teamId: forTeam,
    exportJobId: crypto.randomUUID(),
    locale: 'en',
  }))!;
}

async function setState(taskId: string, state: string) {
  await server.database.db.execute(
    sql`UPDATE pgboss.job SET state = ${state}::pgboss.job_state WHERE id = ${taskId}`,
  );
}

describe('queued tasks', () => {
  it("lists a company's tasks with counts per state, and nothing of other companies", async () => {
    const first = await sendExport(teamId);
    const second = await sendExport(teamId);
    const third = await sendExport(teamId);
    const others = await sendExport(otherTeamId);
    await setState(second, 'failed');
    await setState(third, 'completed');
    const answer = await api.graphql<QueuedTasksAnswer>(QUEUED, { t: teamId }, staff);
    expect(answer.errors).toBeUndefined();
    const { groups, tasks } = answer.data!.getQueuedTasks;
    expect(groups).toEqual([
      {
        category: 'exports.export-file',
        teamId,
        counts: { created: 1, retry: 0, active: 0, completed: 1, cancelled: 0, failed: 1 },
      },
    ]);
    // Completed tasks are counted, not listed.
    expect(tasks.map((task) => [task.taskId, task.status]).sort()).toEqual(
      [
        [first, 'created'],
        [second, 'failed'],
      ].sort(),
    );
    expect(JSON.stringify(answer.data)).not.toContain(others);
  });

  it('lists installation-wide tasks without a company when no teamId is given', async () => {
    const prune = await server.jobs.send(pruneActivityLogsJob, {});
    const answer = await api.graphql<QueuedTasksAnswer>(QUEUED, {}, staff);
    const task = answer.data!.getQueuedTasks.tasks.find((entry) => entry.taskId === prune);
    expect(task).toEqual({
      taskId: prune,
      category: 'activity-log.prune',
      teamId: null,
      status: 'created',
    });
    expect(answer.data!.getQueuedTasks.groups.map((group) => group.teamId)).toEqual(
      expect.arrayContaining([teamId, otherTeamId, null]),
    );
  });

  it('deletes a waiting or failed task and refuses a running or completed one', async () => {
    const waiting = await sendExport(teamId);
    const failed = await sendExport(teamId);
    const running = await sendExport(teamId);
    const completed = await sendExport(teamId);
    await setState(failed, 'failed');
    await setState(running, 'active');
    await setState(completed, 'completed');
    for (const id of [waiting, failed]) {
      expect((await api.graphql(DELETE_TASK, { id }, staff)).data).toEqual({
        deleteQueuedTask: true,
      });
    }
    const refused = await api.graphql(DELETE_TASK, { id: running }, staff);
    expect(errorCode(refused)).toBe(15);
    expect(refused.errors?.[0]?.message).toMatch(/running now/);
    expect(errorCode(await api.graphql(DELETE_TASK, { id: completed }, staff))).toBe(15);
    expect(errorCode(await api.graphql(DELETE_TASK, { id: waiting }, staff))).toBe(13);
    const left = await server.database.db.execute<{ id: string }>(
      sql`SELECT id FROM pgboss.job WHERE id IN (${waiting}, ${failed}, ${running}, ${completed})`,
    );
    expect(left.rows.map((row) => row.id).sort()).toEqual([running, completed].sort());
  });

  it('refuses company admins both operations', async () => {
    const task = await sendExport(teamId);
    expect(errorCode(await api.graphql(QUEUED, { t: teamId }, admin))).toBe(21);
    expect(errorCode(await api.graphql(DELETE_TASK, { id: task }, admin))).toBe(21);
    const still = await server.database.db.execute(
      sql`SELECT id FROM pgboss.job WHERE id = ${task}`,
    );
    expect(still.rows).toHaveLength(1);
  });
});

describe('mock data refusals', () => {
  it('refuses company admins every mock data operation', async () => {
    for (const document of [
      'query($t: ID!) { getMockData(teamId: $t) { present } }',
      'mutation($t: ID!) { addMockData(teamId: $t) { present } }',
      'mutation($t: ID!) { removeMockData(teamId: $t) { present } }',
    ]) {
      expect(errorCode(await api.graphql(document, { t: teamId }, admin)), document).toBe(21);
    }
  });

  it('answers NOT_FOUND for a company without mock data or an unknown company', async () => {
    const state = await api.graphql(
      'query($t: ID!) { getMockData(teamId: $t) { present progress deleting realIntegration } }',
      { t: teamId },
      staff,
    );
    expect(state.data).toEqual({
      getMockData: { present: false, progress: 0, deleting: false, realIntegration: false },
    });
    expect(
      errorCode(
        await api.graphql(
          'mutation($t: ID!) { removeMockData(teamId: $t) { present } }',
          { t: teamId },
          staff,
        ),
      ),
    ).toBe(13);
    expect(
      errorCode(
        await api.graphql(
          'query($t: ID!) { getMockData(teamId: $t) { present } }',
          { t: '00000000-0000-4000-8000-000000000009' },
          staff,
        ),
      ),
    ).toBe(13);
  });
});
