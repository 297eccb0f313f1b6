import { SOCKET_EVENTS } from '@tapwise/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/test-server';

const ORIGIN = 'https://app.tapwise.test';
let server: TestServer;
let session: Session;

beforeAll(async () => {
  server = await startTestServer({ ALLOWED_ORIGINS: ORIGIN });
  const company = await createCompany(server.database.db);
  const member = await createMember(server.database.db, company.id);
  session = await apiClient(server.url).signIn(member.email, member.password);
});
afterAll(async () => {
  await server?.close();
});

function attempt(origin: string, auth: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin },
      auth,
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

/** A member with a live socket, and a way for their admin to change their membership. */
async function connectedMember() {
  const company = await createCompany(server.database.db);
  const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  const member = await createMember(server.database.db, company.id);
  const api = apiClient(server.url);
  const memberSession = await api.signIn(member.email, member.password);
  const credentials = { token: memberSession.token, sessId: memberSession.sessId };
  const socket = connect(server.url, {
    transports: ['websocket'],
    extraHeaders: { origin: ORIGIN },
    auth: credentials,
    reconnection: false,
  });
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  const changeMembership = async (change: 'isReadOnly' | 'isDisabled') =>
    api.graphql(
      `mutation($id: ID!) { updateTeamMember(userId: $id, ${change}: true) { ${change} } }`,
      { id: member.user.id },
      await api.signIn(admin.email, admin.password),
    );
  return { company, socket, credentials, changeMembership };
}

describe('realtime', () => {
  it("tells a member's socket when an admin changes their membership", async () => {
    const { company, socket, changeMembership } = await connectedMember();
    try {
      const changed = new Promise((resolve) => socket.once(SOCKET_EVENTS.sessionChanged, resolve));
      await changeMembership('isReadOnly');
      expect(await changed).toEqual({ teamId: company.id });
    } finally {
      socket.close();
    }
  });

  it('cuts the socket off when the account is disabled', async () => {
    const { socket, credentials, changeMembership } = await connectedMember();
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await changeMembership('isDisabled');
    expect(await disconnected).toBe('io server disconnect');
    expect(await attempt(ORIGIN, credentials)).toMatch(/disabled or unauthorized/);
  });

  it('accepts a websocket with a valid session from an allowed origin', async () => {
    expect(await attempt(ORIGIN, { token: session.token, sessId: session.sessId })).toBe(
      'connected',
    );
  });

  it('refuses a handshake from any other origin', async () => {
    expect(
      await attempt('https://evil.example', { token: session.token, sessId: session.sessId }),
    ).not.toBe('connected');
  });

  it('refuses a handshake without a valid session', async () => {
    expect(await attempt(ORIGIN, {})).toBe('Invalid Session. Try login again');
    expect(await attempt(ORIGIN, { token: `${session.token}x`, sessId: session.sessId })).toBe(
      'Invalid Session. Try login again',
    );
  });
});
