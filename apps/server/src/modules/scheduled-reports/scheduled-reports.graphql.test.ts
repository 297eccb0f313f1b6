// Scheduled reports through the real API: saving with validation and the company's own ad
// accounts, apps, goals and members, case-insensitive unique names, disabling, deleting, sending
// now, and members without scheduleReports.write refused.
import {
  ERROR_CODES,
  SCHEDULED_REPORT_MESSAGES,
  type ScheduledReportInput,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { seedAdsManagerAccount, type SeededAccount } from '../ads-manager/ads-manager-factories';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { seedGoal } from '../goals/goal-factories';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let adminEmail: string;
let teamId: string;
let account: SeededAccount;
let otherAccount: SeededAccount;
let goalId: string;
let otherGoalId: string;

const KEYWORDS = [
  { text: 'alpha', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 },
] as const;
const REPORT_FIELDS = `id name repeatType days hours runOn orgIds appIds goalIds emails disabled
  completed nextRunAt lastDelivery { dueAt status } slackChannels { id name }`;
const SAVE = `mutation ($id: ID, $input: JSON!) { saveScheduledReport(id: $id, input: $input) { ${REPORT_FIELDS} } }`;
const LIST = `{ getScheduledReports { ${REPORT_FIELDS} } }`;

interface Saved {
  id: string;
  name: string;
  nextRunAt: string | null;
  disabled: boolean;
  completed: boolean;
  days: number[];
  lastDelivery: { status: string } | null;
}

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};
const gql = (query: string, variables: Record<string, unknown> = {}, session = admin) =>
  apiClient(server.url).graphql<Record<string, unknown>>(query, variables, session);

function input(overrides: Partial<ScheduledReportInput> = {}): ScheduledReportInput {
  return {
    name: 'Weekly keywords',
    level: 'keywords',
    reportLimit: 10,
    repeatType: 'WEEKLY',
    days: [1],
    hours: [8],
    runOn: null,
    dataDays: 7,
    orgIds: [account.adAccountId],
    appIds: [account.adamId],
    countries: ['US'],
    goalIds: [goalId],
    emails: [adminEmail],
    externalEmails: ['boss@example.org'],
    slackChannels: [{ id: 'C0123', name: 'marketing' }],
    disabled: false,
    ...overrides,
  };
}

async function save(values: ScheduledReportInput, id?: string): Promise<Saved> {
  const answer = await gql(SAVE, { input: values, ...(id ? { id } : {}) });
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return (answer.data as { saveScheduledReport: Saved }).saveScheduledReport;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  teamId = company.id;
  const adminMember = await createMember(db, company.id, { role: 'ADMIN' });
  adminEmail = adminMember.email;
  admin = await api.signIn(adminMember.email, adminMember.password);
  const readOnlyMember = await createMember(db, company.id, { isReadOnly: true });
  readOnly = await api.signIn(readOnlyMember.email, readOnlyMember.password);
  account = await seedAdsManagerAccount(db, company.id, [...KEYWORDS], 'Report app');
  goalId = (await seedGoal(db, company.id, { adamId: account.adamId })).id;
  const other = await createCompany(db);
  otherAccount = await seedAdsManagerAccount(db, other.id, [...KEYWORDS], 'Other app');
  otherGoalId = (await seedGoal(db, other.id, { adamId: otherAccount.adamId })).id;
});

afterAll(async () => {
  await server.close();
});

describe('saveScheduledReport', () => {
  it('creates a report with its next run and lists it, recording the change', async () => {
    const saved = await save(input());
    expect(saved.nextRunAt).not.toBeNull();
    // Mondays at 08:00 UTC.
    const next = new Date(saved.nextRunAt!);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 8, 0]);
    const list = (await gql(LIST)).data as { getScheduledReports: Saved[] };
    expect(list.getScheduledReports.map((report) => report.name)).toContain('Weekly keywords');
    const logs = await listActivityLogs(server.database.db, teamId);
    expect(logs.some((log) => log.message.includes('"Weekly keywords" created'))).toBe(true);
  });

  it('answers REPORT_NAME_EXISTS for the same name in another case', async () => {
    const answer = await gql(SAVE, { input: input({ name: 'WEEKLY KEYWORDS' }) });
    expect(errorOf(answer)).toMatchObject({
      code: ERROR_CODES.REPORT_NAME_EXISTS,
      message: SCHEDULED_REPORT_MESSAGES.nameExists,
    });
  });

  it('refuses an input the contracts refuse', async () => {
    const answer = await gql(SAVE, {
      input: input({ name: 'Two weekdays', repeatType: 'WEEKLY', days: [1, 2] }),
    });
    expect(errorOf(answer).code).toBe(ERROR_CODES.BAD_REQUEST);
  });

  it("refuses another company's ad account, app and goal without naming them", async () => {
    for (const overrides of [
      { orgIds: [otherAccount.adAccountId] },
      { appIds: [otherAccount.adamId] },
      { goalIds: [otherGoalId] },
    ]) {
      const answer = await gql(SAVE, { input: input({ name: 'Foreign', ...overrides }) });
      expect(errorOf(answer).code).toBe(ERROR_CODES.NOT_FOUND);
      expect(JSON.stringify(answer)).not.toContain('Other app');
    }
  });

  it('refuses a member address that is not a member of the company', async () => {
    const answer = await gql(SAVE, {
      input: input({ name: 'Strangers', emails: ['stranger@acme.test'] }),
    });
    expect(errorOf(answer).code).toBe(ERROR_CODES.BAD_REQUEST);
  });

  it('edits a report and completes a NO_REPEAT report whose run is past', async () => {
    const saved = await save(input({ name: 'Once' }));
    const edited = await save(
      input({ name: 'Once', repeatType: 'NO_REPEAT', days: [], runOn: '2020-01-01', hours: [3] }),
      saved.id,
    );
    expect(edited).toMatchObject({ id: saved.id, completed: true, nextRunAt: null });
  });
});

describe('setScheduledReportDisabled, sendScheduledReportNow, deleteScheduleReport', () => {
  const DISABLE = `mutation ($id: ID!, $disabled: Boolean!) {
    setScheduledReportDisabled(id: $id, disabled: $disabled) { id disabled nextRunAt } }`;
  const SEND = `mutation ($id: ID!) { sendScheduledReportNow(id: $id) }`;
  const DELETE = `mutation ($id: ID!) { deleteScheduleReport(id: $id) }`;

  it('clears the next run when disabled and computes it again when enabled', async () => {
    const saved = await save(input({ name: 'Toggle', repeatType: 'DAILY', days: [] }));
    const disabled = (await gql(DISABLE, { id: saved.id, disabled: true })).data as {
      setScheduledReportDisabled: Saved;
    };
    expect(disabled.setScheduledReportDisabled).toMatchObject({ disabled: true, nextRunAt: null });
    const enabled = (await gql(DISABLE, { id: saved.id, disabled: false })).data as {
      setScheduledReportDisabled: Saved;
    };
    expect(new Date(enabled.setScheduledReportDisabled.nextRunAt!).getTime()).toBeGreaterThan(
      Date.now(),
    );
  });

  it('sends a report now as a delivery of its own, keeping the schedule', async () => {
    const saved = await save(input({ name: 'Now' }));
    expect((await gql(SEND, { id: saved.id })).data).toEqual({ sendScheduledReportNow: true });
    const list = (await gql(LIST)).data as { getScheduledReports: Saved[] };
    const now = list.getScheduledReports.find((report) => report.id === saved.id)!;
    expect(now.lastDelivery?.status).toBe('RUNNING');
    expect(now.nextRunAt).toBe(saved.nextRunAt);
  });

  it('deletes a report', async () => {
    const saved = await save(input({ name: 'Gone' }));
    expect((await gql(DELETE, { id: saved.id })).data).toEqual({ deleteScheduleReport: true });
    const list = (await gql(LIST)).data as { getScheduledReports: Saved[] };
    expect(list.getScheduledReports.map((report) => report.id)).not.toContain(saved.id);
    expect(errorOf(await gql(DELETE, { id: saved.id })).code).toBe(ERROR_CODES.NOT_FOUND);
  });

  it('lets a read-only member list reports but change none', async () => {
    const saved = await save(input({ name: 'Read only' }));
    expect((await gql(LIST, {}, readOnly)).errors).toBeUndefined();
    for (const [query, variables] of [
      [SAVE, { input: input({ name: 'Mine' }) }],
      [DISABLE, { id: saved.id, disabled: true }],
      [SEND, { id: saved.id }],
      [DELETE, { id: saved.id }],
    ] as const) {
      const answer = await gql(query, variables, readOnly);
      expect(errorOf(answer).code).toBe(ERROR_CODES.FORBIDDEN);
    }
  });
});
