import type { SessionResponse } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { addMembership, createCompany, createMember } from '../../platform/testing/factories';
import { openSocket } from '../../platform/testing/socket-client';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { findUserByEmail, findUserById } from '../accounts/accounts.repository';
import { searchActivityLogs } from '../activity-log/activity-log.repository';
import { findTeam } from '../teams/teams.repository';
import {
  findDelivery,
  insertDelivery,
  insertScheduledReport,
  listScheduledReports,
} from '../scheduled-reports/scheduled-reports.repository';

// No SMTP_URL here: mail is kept in the outbox, as on the embedded default.
let server: TestServer;
let api: ApiClient;
let staff: Session;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const staffCompany = await createCompany(server.database.db, 'Staff');
  const admin = await createMember(server.database.db, staffCompany.id, { role: 'SUPERADMIN' });
  staff = await api.signIn(admin.email, admin.password);
});
afterAll(async () => {
  await server?.close();
});

describe('staff administration', () => {
  it('creates a company admin whose invitation waits in the mail outbox', async () => {
    const created = await api.graphql<{ createCompanyAdmin: { name: string } }>(
      'mutation { createCompanyAdmin(email: "boss@newco.io", companyName: "NewCo") { name } }',
      {},
      staff,
    );
    expect(created.data).toEqual({ createCompanyAdmin: { name: 'NewCo' } });
    const outbox = await api.graphql<{
      mailOutbox: { recipient: string; status: string; text: string }[];
    }>('{ mailOutbox { recipient status text } }', {}, staff);
    const invite = outbox.data?.mailOutbox.find((mail) => mail.recipient === 'boss@newco.io');
    expect(invite?.status).toBe('KEPT');
    expect(invite?.text).toMatch(/invited to join NewCo/);
    expect(invite?.text).toMatch(/\/signin\?invite=/);
  });

  it('lists companies and users', async () => {
    const companies = await api.graphql<{
      companyListForStaff: { name: string; memberCount: number }[];
    }>('{ companyListForStaff { name memberCount } }', {}, staff);
    expect(companies.data?.companyListForStaff).toContainEqual({ name: 'NewCo', memberCount: 1 });
    const users = await api.graphql<{
      allUsers: { email: string; teams: { company: string }[] }[];
    }>('{ allUsers(search: "boss@") { email teams { company } } }', {}, staff);
    expect(users.data?.allUsers).toEqual([
      { email: 'boss@newco.io', teams: [{ company: 'NewCo' }] },
    ]);
  });

  it('counts each member once however often the members signed in', async () => {
    const company = await createCompany(server.database.db, 'Busy Signers');
    const members = await Promise.all(
      [1, 2, 3].map(() => createMember(server.database.db, company.id)),
    );
    for (const member of members) {
      for (let time = 0; time < 4; time++) await api.signIn(member.email, member.password);
    }
    const companies = await api.graphql<{
      companyListForStaff: { name: string; memberCount: number; lastSignInAt: string | null }[];
    }>('{ companyListForStaff { name memberCount lastSignInAt } }', {}, staff);
    const busy = companies.data?.companyListForStaff.find((row) => row.name === 'Busy Signers');
    expect(busy?.memberCount).toBe(3);
    expect(busy?.lastSignInAt).not.toBeNull();
  });

  it('disables a company: its members answer 401 code 22 until it is enabled again', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const session = await api.signIn(member.email, member.password);
    const toggle = (disabled: boolean) =>
      api.graphql(
        'mutation($id: ID!, $disabled: Boolean!) { setCompanyDisabled(teamId: $id, disabled: $disabled) { isDisabled } }',
        { id: company.id, disabled },
        staff,
      );
    await toggle(true);
    expect((await api.rest('POST', 'auth/is-onboarded', undefined, session)).body.code).toBe(22);
    await toggle(false);
    expect((await api.rest('POST', 'auth/is-onboarded', undefined, session)).status).toBe(200);
  });

  it("cuts a disabled company's live connections at once", async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const socket = await openSocket(server, await api.signIn(member.email, member.password));
    try {
      await api.graphql(
        'mutation($id: ID!) { setCompanyDisabled(teamId: $id, disabled: true) { isDisabled } }',
        { id: company.id },
        staff,
      );
      expect(await socket.ended()).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });

  it('ends the sessions and sockets of a deleted company, also of members who stay elsewhere', async () => {
    const company = await createCompany(server.database.db, 'Gone Co');
    const elsewhere = await createCompany(server.database.db, 'Staying Co');
    const member = await createMember(server.database.db, company.id);
    await addMembership(server.database.db, elsewhere.id, member.user.id);
    const session = await api.signIn(member.email, member.password);
    const socket = await openSocket(server, session);
    try {
      await api.graphql(
        'mutation($id: ID!) { deleteCompany(teamId: $id) }',
        { id: company.id },
        staff,
      );
      expect(await socket.ended()).toBe('io server disconnect');
      expect((await api.rest('POST', 'auth/is-onboarded', undefined, session)).status).toBe(401);
      await api.signIn(member.email, member.password);
    } finally {
      socket.close();
    }
  });

  it('deletes a company with its members who belong nowhere else, and its reports', async () => {
    const company = await createCompany(server.database.db, 'Doomed Co');
    const member = await createMember(server.database.db, company.id);
    const report = await insertScheduledReport(server.database.db, company.id, member.user.id, {
      name: 'Doomed report',
      level: 'campaigns',
      reportLimit: 10,
      repeatType: 'DAILY',
      days: [],
      hours: [8],
      runOn: null,
      dataDays: 7,
      orgIds: [1],
      appIds: [],
      countries: ['US'],
      goalIds: [],
      emails: [],
      externalEmails: [],
      slackChannels: [],
      disabled: false,
      locale: 'en',
      completed: false,
      nextRunAt: null,
    });
    const delivery = await insertDelivery(server.database.db, company.id, report.id, new Date());
    const deleted = await api.graphql(
      'mutation($id: ID!) { deleteCompany(teamId: $id) }',
      { id: company.id },
      staff,
    );
    expect(deleted.data).toEqual({ deleteCompany: true });
    expect(await findTeam(server.database.db, company.id)).toBeUndefined();
    expect(await findUserById(server.database.db, member.user.id)).toBeUndefined();
    expect(await listScheduledReports(server.database.db, company.id)).toEqual([]);
    expect(await findDelivery(server.database.db, company.id, delivery.id)).toBeUndefined();
  });

  it('generates a reset link that sets a new password', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const link = await api.graphql<{ generateResetPasswordLink: string }>(
      'mutation($id: ID!) { generateResetPasswordLink(userId: $id) }',
      { id: member.user.id },
      staff,
    );
    const token = new URL(link.data!.generateResetPasswordLink).searchParams.get('token');
    expect(
      (await api.rest('POST', 'auth/pwdver', { token, password: 'from-staff-link-1' })).status,
    ).toBe(200);
    await api.signIn(member.email, 'from-staff-link-1');
  });

  it('turns self sign-up off and on', async () => {
    const toggle = (enabled: boolean) =>
      api.graphql(
        'mutation($on: Boolean!) { toggleSelfSignUp(enabled: $on) }',
        { on: enabled },
        staff,
      );
    await toggle(false);
    expect(
      (await api.rest<{ selfSignUp: boolean }>('GET', 'auth/get-ss')).body.data.selfSignUp,
    ).toBe(false);
    const refused = await api.rest('POST', 'auth/signup', {
      email: 'late@acme.io',
      password: 'late-pass-1',
    });
    expect(refused.status).toBe(403);
    expect(await findUserByEmail(server.database.db, 'late@acme.io')).toBeUndefined();
    await toggle(true);
    expect(
      (await api.rest('POST', 'auth/signup', { email: 'late@acme.io', password: 'late-pass-1' }))
        .status,
    ).toBe(200);
  });

  it('impersonates a user; what is done meanwhile is recorded with both identities', async () => {
    const company = await createCompany(server.database.db, 'Watched Co');
    const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const answer = await api.graphql<{ impersonateUser: SessionResponse }>(
      'mutation($id: ID!) { impersonateUser(userId: $id) { token sessId expiresAt onboarded } }',
      { id: admin.user.id },
      staff,
    );
    const asAdmin: Session = { ...answer.data!.impersonateUser, userId: admin.user.id };
    const invited = await api.graphql(
      'mutation { inviteTeamMember(email: "watched@acme.io", role: STAFF) { email } }',
      {},
      asAdmin,
    );
    expect(invited.errors).toBeUndefined();

    const logs = await searchActivityLogs(server.database.db, { teamId: company.id, limit: 10 });
    const invite = logs.find(({ log }) => log.logType === 'member_invited')!.log;
    expect(invite.userId).toBe(admin.user.id);
    expect(invite.impersonatorId).toBe(staff.userId);
    expect(logs.map(({ log }) => log.logType)).toContain('impersonation_started');

    // The staff's own session is untouched: returning is using it again.
    expect((await api.graphql('{ getSelfSignUp }', {}, staff)).data).toEqual({
      getSelfSignUp: true,
    });
  });
});
