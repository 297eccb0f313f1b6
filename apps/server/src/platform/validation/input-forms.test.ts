import { ERROR_CODES, SOCKET_EVENTS } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import { openSocket } from '../testing/socket-client';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let api: ApiClient;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const company = await createCompany(server.database.db);
  const member = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  admin = await api.signIn(member.email, member.password);
});
afterAll(async () => {
  await server?.close();
});

const NUL = '\u0000';

async function refusal(query: string, variables: Record<string, unknown> = {}) {
  const answer = await api.graphql(query, variables, admin);
  expect(answer.status).toBe(400);
  expect(answer.errors?.[0]?.extensions).toMatchObject({ code: ERROR_CODES.BAD_REQUEST });
  return answer.errors?.[0]?.extensions?.details;
}

describe('the NUL character', () => {
  it('is refused in a GraphQL text argument, literal or variable, naming the argument', async () => {
    expect(await refusal(`{ getActivityLogs(search: "a\\u0000b") { logType } }`)).toEqual({
      search: 'validation.nulCharacter',
    });
    expect(
      await refusal('query($s: String) { getActivityLogs(search: $s) { logType } }', {
        s: `x${NUL}`,
      }),
    ).toEqual({ search: 'validation.nulCharacter' });
  });

  it('is refused inside input objects, lists and JSON arguments, at any depth', async () => {
    expect(
      await refusal(
        'mutation($m: [String!]!) { saveChartPreset(name: "n", metrics: $m, granularity: "DAY") { id } }',
        { m: ['spend', `ta${NUL}ps`] },
      ),
    ).toEqual({ 'metrics.1': 'validation.nulCharacter' });
    expect(
      await refusal(
        'mutation($input: JSON!) { createAutomationRule(input: $input) { successMessage } }',
        {
          input: { name: 'ok', conditions: [{ metric: `sp${NUL}end` }] },
        },
      ),
    ).toEqual({ 'input.conditions.0.metric': 'validation.nulCharacter' });
  });

  it('is refused in REST paths, query strings and bodies with the usual 400', async () => {
    const csv = await api.rest('GET', 'automation/logs.csv?statuses=%00', undefined, admin);
    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({
      code: ERROR_CODES.BAD_REQUEST,
      details: { 'query.statuses': 'validation.nulCharacter' },
    });
    const signIn = await api.rest('POST', 'auth/signin', { email: `a${NUL}@b.io`, password: 'x' });
    expect(signIn.status).toBe(400);
    expect(signIn.body.details).toEqual({ 'body.email': 'validation.nulCharacter' });
  });

  it('is refused in socket events, with the error in the acknowledgement', async () => {
    const socket = await openSocket(server, admin);
    try {
      const ack = await socket.socket.timeout(2_000).emitWithAck(SOCKET_EVENTS.syncCheck, {
        teamId: `x${NUL}`,
      });
      expect(ack).toMatchObject({
        code: ERROR_CODES.BAD_REQUEST,
        details: { 'payload.teamId': 'validation.nulCharacter' },
      });
    } finally {
      socket.close();
    }
  });
});

describe('ids', () => {
  it('must be UUIDs before any query runs', async () => {
    for (const id of ['', '1', "1' or '1'='1", 'ffffffff-ffff-ffff-ffff-fffffffffffff']) {
      expect(await refusal('mutation($id: ID!) { deleteTeamMember(userId: $id) }', { id })).toEqual(
        { userId: 'validation.idInvalid' },
      );
    }
    const missing = await api.graphql(
      'mutation { deleteTeamMember(userId: "00000000-0000-4000-8000-00000000abcd") }',
      {},
      admin,
    );
    expect(missing.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.NOT_FOUND);
  });
});
