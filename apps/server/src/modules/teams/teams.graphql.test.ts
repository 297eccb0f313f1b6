import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { addMembership, createCompany, createMember } from '../../platform/testing/factories';
import { openSocket } from '../../platform/testing/socket-client';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

const PROFILE = 'email firstName lastName phone jobTitle inviteStatus';
const isOnboarded = async (session: Session) =>
  (await api.rest('POST', 'auth/is-onboarded', undefined, session)).status;

/** Two companies; the user of the first is known to the second's admin only by address. */
async function twoCompanies() {
  const db = server.database.db;
  const companyA = await createCompany(db, 'First Co');
  const userA = await createMember(db, companyA.id, { firstName: 'Secretia' });
  const companyB = await createCompany(db, 'Second Co');
  const adminB = await createMember(db, companyB.id, { role: 'ADMIN' });
  return {
    companyA,
    companyB,
    userA,
    adminB: await api.signIn(adminB.email, adminB.password),
    sessionA: await api.signIn(userA.email, userA.password),
  };
}

/** A second session of the same user acting in another of their companies. */
async function sessionIn(email: string, password: string, teamId: string): Promise<Session> {
  const session = await api.signIn(email, password);
  const switched = await api.graphql<{ switchTeam: { token: string; sessId: string } }>(
    'mutation($team: ID!) { switchTeam(teamId: $team) { token sessId } }',
    { team: teamId },
    session,
  );
  return { ...session, token: switched.data!.switchTeam.token };
}

describe('invitations', () => {
  it('reveal nothing of an existing account of another company until it is accepted', async () => {
    const { userA, adminB } = await twoCompanies();
    const invited = await api.graphql<{ inviteTeamMember: Record<string, string> }>(
      `mutation($email: String!) { inviteTeamMember(email: $email, role: STAFF) { userId ${PROFILE} } }`,
      { email: userA.email },
      adminB,
    );
    expect(invited.data?.inviteTeamMember).toMatchObject({
      email: userA.email,
      firstName: '',
      lastName: '',
      phone: '',
      jobTitle: '',
      inviteStatus: 'INVITED',
    });
    const listed = await api.graphql<{ findByTeamId: Record<string, string>[] }>(
      `{ findByTeamId { ${PROFILE} } }`,
      {},
      adminB,
    );
    expect(listed.data?.findByTeamId.find((member) => member.email === userA.email)).toEqual(
      invited.data?.inviteTeamMember && {
        email: userA.email,
        firstName: '',
        lastName: '',
        phone: '',
        jobTitle: '',
        inviteStatus: 'INVITED',
      },
    );

    const userId = invited.data!.inviteTeamMember.userId!;
    expect((await api.rest('GET', `auth/get-user/${userId}`, undefined, adminB)).status).toBe(404);
    const disabled = await api.rest(
      'GET',
      `auth/is-user-disabled/${userA.email}`,
      undefined,
      adminB,
    );
    expect(disabled.status).toBe(404);
  });

  it('withdrawing an invitation leaves the invited user connected to their own company', async () => {
    const { userA, adminB, sessionA } = await twoCompanies();
    const socket = await openSocket(server, sessionA);
    try {
      const invited = await api.graphql<{ inviteTeamMember: { userId: string } }>(
        'mutation($email: String!) { inviteTeamMember(email: $email, role: STAFF) { userId } }',
        { email: userA.email },
        adminB,
      );
      const withdrawn = await api.graphql(
        'mutation($id: ID!) { deleteTeamMember(userId: $id) }',
        { id: invited.data!.inviteTeamMember.userId },
        adminB,
      );
      expect(withdrawn.data).toEqual({ deleteTeamMember: true });
      expect(await socket.ended()).toBe('still connected');
      expect(await isOnboarded(sessionA)).toBe(200);
    } finally {
      socket.close();
    }
  });
});

describe('removing and disabling members', () => {
  it("ends only the removed membership's sessions and sockets", async () => {
    const { companyB, userA, adminB, sessionA } = await twoCompanies();
    await addMembership(server.database.db, companyB.id, userA.user.id);
    const sessionB = await sessionIn(userA.email, userA.password, companyB.id);
    const [socketA, socketB] = [
      await openSocket(server, sessionA),
      await openSocket(server, sessionB),
    ];
    try {
      const removed = await api.graphql(
        'mutation($id: ID!) { deleteTeamMember(userId: $id) }',
        { id: userA.user.id },
        adminB,
      );
      expect(removed.data).toEqual({ deleteTeamMember: true });
      expect(await socketB.ended()).toBe('io server disconnect');
      expect(await isOnboarded(sessionB)).toBe(401);
      expect(await socketA.ended(300)).toBe('still connected');
      expect(await isOnboarded(sessionA)).toBe(200);
    } finally {
      socketA.close();
      socketB.close();
    }
  });

  it('changes nothing, and says nothing failed, when no change is asked', async () => {
    const { companyB, userA, adminB } = await twoCompanies();
    await addMembership(server.database.db, companyB.id, userA.user.id);
    const answer = await api.graphql<{ updateTeamMember: { isDisabled: boolean } }>(
      'mutation($id: ID!) { updateTeamMember(userId: $id) { isDisabled } }',
      { id: userA.user.id },
      adminB,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.updateTeamMember.isDisabled).toBe(false);
  });

  it('cuts a disabled member off this company at once, and nowhere else', async () => {
    const { companyB, userA, adminB, sessionA } = await twoCompanies();
    await addMembership(server.database.db, companyB.id, userA.user.id);
    const sessionB = await sessionIn(userA.email, userA.password, companyB.id);
    const [socketA, socketB] = [
      await openSocket(server, sessionA),
      await openSocket(server, sessionB),
    ];
    try {
      await api.graphql(
        'mutation($id: ID!) { updateTeamMember(userId: $id, isDisabled: true) { isDisabled } }',
        { id: userA.user.id },
        adminB,
      );
      expect(await socketB.ended()).toBe('io server disconnect');
      expect((await api.rest('POST', 'auth/is-onboarded', undefined, sessionB)).body.code).toBe(22);
      expect(await socketA.ended(300)).toBe('still connected');
      expect(await isOnboarded(sessionA)).toBe(200);
    } finally {
      socketA.close();
      socketB.close();
    }
  });
});
