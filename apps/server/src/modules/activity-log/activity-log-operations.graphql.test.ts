import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { findTeam } from '../teams/teams.repository';
import { findActivityLog } from './activity-log.repository';
import { recordActivity } from './activity-log.service';
import { activityLogs } from './activity-log.tables';

let server: TestServer;
let api: ApiClient;
let staff: Session;
let admin: Session;
let member: Session;
let readOnlyAdmin: Session;
let otherAdmin: Session;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  server = await startTestServer({ ACTIVITY_LOG_RETENTION_DAYS: '90' });
  api = apiClient(server.url);
  const db = server.database.db;
  const staffCompany = await createCompany(db, 'Staff');
  const company = await createCompany(db, 'Acme');
  const other = await createCompany(db, 'Other');
  teamId = company.id;
  otherTeamId = other.id;
  const signIn = async (id: string, options: Parameters<typeof createMember>[2]) => {
    const person = await createMember(db, id, options);
    return api.signIn(person.email, person.password);
  };
  staff = await signIn(staffCompany.id, { role: 'SUPERADMIN' });
  admin = await signIn(company.id, { role: 'ADMIN' });
  member = await signIn(company.id, { role: 'STAFF' });
  readOnlyAdmin = await signIn(company.id, { role: 'ADMIN', isReadOnly: true });
  otherAdmin = await signIn(other.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await server?.close();
});

async function entryOf(id: string, message = 'Paused a keyword') {
  const someone = { userId: null, impersonatorId: null } as never;
  return recordActivity(server.database.db, someone, id, { logType: 'keyword_paused', message });
}

const errorCode = (answer: { errors?: { extensions?: { code?: unknown } }[] }) =>
  answer.errors?.[0]?.extensions?.code;

const WATCH =
  'mutation($id: ID!, $w: Boolean!) { changeActivityWatched(logId: $id, watched: $w) { logId watched } }';
const DELETE = 'mutation($id: ID!) { deleteActivityLog(logId: $id) }';

describe('changeActivityWatched', () => {
  it("lets the company's admin mark its entry watched and back", async () => {
    const entry = await entryOf(teamId);
    const marked = await api.graphql(WATCH, { id: entry.logId, w: true }, admin);
    expect(marked.data).toEqual({ changeActivityWatched: { logId: entry.logId, watched: true } });
    expect((await findActivityLog(server.database.db, entry.logId, teamId))?.watched).toBe(true);
    await api.graphql(WATCH, { id: entry.logId, w: false }, admin);
    expect((await findActivityLog(server.database.db, entry.logId, teamId))?.watched).toBe(false);
  });

  it('lets staff mark any company’s entry', async () => {
    const entry = await entryOf(otherTeamId);
    const marked = await api.graphql(WATCH, { id: entry.logId, w: true }, staff);
    expect(marked.errors).toBeUndefined();
    expect((await findActivityLog(server.database.db, entry.logId, otherTeamId))?.watched).toBe(
      true,
    );
  });

  it('refuses members without activityLog.write and read-only admins', async () => {
    const entry = await entryOf(teamId);
    expect(errorCode(await api.graphql(WATCH, { id: entry.logId, w: true }, member))).toBe(21);
    expect(errorCode(await api.graphql(WATCH, { id: entry.logId, w: true }, readOnlyAdmin))).toBe(
      21,
    );
    expect((await findActivityLog(server.database.db, entry.logId, teamId))?.watched).toBe(false);
  });

  it("answers NOT_FOUND for another company's entry and leaves it as it was", async () => {
    const entry = await entryOf(teamId);
    expect(errorCode(await api.graphql(WATCH, { id: entry.logId, w: true }, otherAdmin))).toBe(13);
    expect((await findActivityLog(server.database.db, entry.logId, teamId))?.watched).toBe(false);
  });
});

describe('deleteActivityLog', () => {
  it("deletes the company's entry for its admin, any entry for staff", async () => {
    const own = await entryOf(teamId);
    expect((await api.graphql(DELETE, { id: own.logId }, admin)).data).toEqual({
      deleteActivityLog: true,
    });
    expect(await findActivityLog(server.database.db, own.logId, undefined)).toBeNull();
    const other = await entryOf(otherTeamId);
    expect((await api.graphql(DELETE, { id: other.logId }, staff)).data).toEqual({
      deleteActivityLog: true,
    });
    expect(await findActivityLog(server.database.db, other.logId, undefined)).toBeNull();
  });

  it("refuses a member, and another company's admin gets NOT_FOUND", async () => {
    const entry = await entryOf(teamId);
    expect(errorCode(await api.graphql(DELETE, { id: entry.logId }, member))).toBe(21);
    expect(errorCode(await api.graphql(DELETE, { id: entry.logId }, otherAdmin))).toBe(13);
    expect(errorCode(await api.graphql(DELETE, { id: 'not-an-id' }, admin))).toBe(10);
    expect(await findActivityLog(server.database.db, entry.logId, teamId)).not.toBeNull();
  });
});

describe('saveSamActivity', () => {
  const SAVE =
    'mutation($t: ID!, $m: String!) { saveSamActivity(teamId: $t, message: $m) { logType message featureName featurePath teamId } }';

  it("writes staff's note on the company's log, read back by its members", async () => {
    const saved = await api.graphql(SAVE, { t: teamId, m: '  Called Pat about bids  ' }, staff);
    expect(saved.data).toEqual({
      saveSamActivity: {
        logType: 'sam_activity',
        message: 'Called Pat about bids',
        featureName: 'SA Panel',
        featurePath: '/searchads-manage',
        teamId,
      },
    });
    const seen = await api.graphql<{ getActivityLogs: { message: string }[] }>(
      '{ getActivityLogs(logType: "sam_activity") { message } }',
      {},
      member,
    );
    expect(seen.data?.getActivityLogs).toEqual([{ message: 'Called Pat about bids' }]);
  });

  it('refuses company admins, empty notes and unknown companies', async () => {
    expect(errorCode(await api.graphql(SAVE, { t: teamId, m: 'x' }, admin))).toBe(21);
    expect(errorCode(await api.graphql(SAVE, { t: teamId, m: '   ' }, staff))).toBe(10);
    expect(
      errorCode(
        await api.graphql(SAVE, { t: '00000000-0000-4000-8000-000000000009', m: 'x' }, staff),
      ),
    ).toBe(13);
  });
});

describe('log and data retention', () => {
  const GET =
    'query($t: ID!) { getLogRetentionPeriod(teamId: $t) { days effectiveDays defaultDays } }';
  const CHANGE =
    'mutation($t: ID!, $d: Int) { changeLogRetentionPeriod(teamId: $t, days: $d) { days effectiveDays defaultDays } }';

  it("follows the installation's default until staff set the company's period, and back", async () => {
    expect((await api.graphql(GET, { t: teamId }, staff)).data).toEqual({
      getLogRetentionPeriod: { days: null, effectiveDays: 90, defaultDays: 90 },
    });
    expect((await api.graphql(CHANGE, { t: teamId, d: 30 }, staff)).data).toEqual({
      changeLogRetentionPeriod: { days: 30, effectiveDays: 30, defaultDays: 90 },
    });
    expect((await findTeam(server.database.db, teamId))?.logRetentionDays).toBe(30);
    expect((await api.graphql(CHANGE, { t: teamId, d: null }, staff)).data).toEqual({
      changeLogRetentionPeriod: { days: null, effectiveDays: 90, defaultDays: 90 },
    });
  });

  it('keeps the period within 1..3650 days', async () => {
    for (const days of [0, 3651, -5]) {
      expect(errorCode(await api.graphql(CHANGE, { t: teamId, d: days }, staff)), `${days}`).toBe(
        10,
      );
    }
    expect((await api.graphql(CHANGE, { t: teamId, d: 3650 }, staff)).errors).toBeUndefined();
    expect((await api.graphql(CHANGE, { t: teamId, d: 1 }, staff)).errors).toBeUndefined();
    await api.graphql(CHANGE, { t: teamId, d: null }, staff);
  });

  it('lets staff change the data retention shown in company info', async () => {
    const changed = await api.graphql(
      'mutation($t: ID!) { changeDataRetention(teamId: $t, days: 730) { dataRetentionDays } }',
      { t: teamId },
      staff,
    );
    expect(changed.data).toEqual({ changeDataRetention: { dataRetentionDays: 730 } });
    const listed = await api.graphql<{
      companyListForStaff: { id: string; dataRetentionDays: number; logRetentionDays: number }[];
    }>('{ companyListForStaff { id dataRetentionDays logRetentionDays } }', {}, staff);
    expect(listed.data?.companyListForStaff.find((company) => company.id === teamId)).toEqual({
      id: teamId,
      dataRetentionDays: 730,
      logRetentionDays: null,
    });
    expect(
      errorCode(
        await api.graphql(
          'mutation($t: ID!) { changeDataRetention(teamId: $t, days: 0) { id } }',
          { t: teamId },
          staff,
        ),
      ),
    ).toBe(10);
  });

  it('refuses every retention operation to company admins', async () => {
    expect(errorCode(await api.graphql(GET, { t: teamId }, admin))).toBe(21);
    expect(errorCode(await api.graphql(CHANGE, { t: teamId, d: 5 }, admin))).toBe(21);
    expect(
      errorCode(
        await api.graphql(
          'mutation($t: ID!) { changeDataRetention(teamId: $t, days: 5) { id } }',
          { t: teamId },
          admin,
        ),
      ),
    ).toBe(21);
    const rows = await server.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.teamId, teamId));
    expect(rows.length).toBeGreaterThan(0);
    expect((await findTeam(server.database.db, teamId))?.logRetentionDays).toBeNull();
  });
});
