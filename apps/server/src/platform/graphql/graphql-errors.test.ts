import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../log-errors';
import { apiClient, type ApiClient, type Session } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/test-server';

const lines: Record<string, unknown>[] = [];
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
    done();
  },
});

let server: TestServer;
let api: ApiClient;
let member: Session;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logs });
  api = apiClient(server.url);
  const company = await createCompany(server.database.db);
  const staff = await createMember(server.database.db, company.id, { role: 'STAFF' });
  member = await api.signIn(staff.email, staff.password);
});
afterAll(async () => {
  await server?.close();
});

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe('GraphQL errors', () => {
  it('keep the path and location of the field that raised them', async () => {
    const answer = await api.graphql(
      `mutation { first: deleteTeamMember(userId: "${MISSING}") }`,
      {},
      member,
    );
    expect(answer.errors?.[0]).toMatchObject({
      path: ['first'],
      locations: [{ line: 1, column: 12 }],
      extensions: { code: 21, error: 'FORBIDDEN' },
    });
  });

  it('answer 200 while data is carried and the error’s own status when there is none', async () => {
    const partial = await api.graphql('{ appVersion companyDetails { id } }');
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ companyDetails: null });
    expect(partial.errors?.[0]).toMatchObject({
      path: ['companyDetails'],
      extensions: { code: 20 },
    });

    const refused = await api.graphql('{ findByTeamId { email } }', {}, member);
    expect(refused.data).toBeNull();
    expect(refused.status).toBe(403);
  });

  it("answer an invalid variable as that request's own, whoever sent the document before", async () => {
    // One document with a variable graphql-js refuses (a period without its end), a good one and
    // another bad one: each answer concerns its own request (yoga caches validation by document).
    const sent = 'query($p: DateRangeInput!) { getTopAppBySpend(period: $p) { name } }';
    const first = await api.graphql(sent, { p: { start: 'soon' } }, member);
    expect(first.status).toBe(400);
    expect(first.errors?.[0]?.message).toMatch(/^Variable "\$p" got invalid value/);
    const good = await api.graphql(sent, { p: { start: '2026-01-01', end: '2026-01-07' } }, member);
    expect(good.errors).toBeUndefined();
    const second = await api.graphql(sent, { p: { end: 'yesterday' } }, member);
    expect(second.errors?.[0]?.message).toMatch(/"yesterday"/);
    expect(second.errors?.[0]?.message).not.toMatch(/soon/);
  });

  it('log a refused request as information without a stack', async () => {
    const before = lines.length;
    await api.graphql('{ findByTeamId { email } }', {}, member);
    const logged = lines.slice(before).filter((line) => line.code === 'FORBIDDEN');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'You do not have permission to do this.' });
    expect(JSON.stringify(logged[0])).not.toMatch(/stack|"err"/);
    expect(lines.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('failed queries in the log', () => {
  it('show the SQL and what the database said, never the values the query was given', async () => {
    const failure = await server.database.db
      .execute(sql`select ${'secret-value-7'}::uuid as id`)
      .catch((error: unknown) => error);
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).toMatch(/Failed query: select \$1::uuid as id/);
    expect(logged).toMatch(/invalid input syntax for type uuid/);
    expect(logged).toMatch(/"code":"22P02"/);
    expect(logged).not.toMatch(/secret-value-7/);
  });
});
