// The database ending every connection of the app (a restart, a failover, pg_terminate_backend):
// the server neither crashes on the idle connections' errors nor answers the requests that meet a
// dead connection with a 401 that would sign their users out; they are run again and answered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import type { TestDatabase } from '../testing/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { isConnectionEnded } from './database';

describe('isConnectionEnded', () => {
  it('retries only what the server refused or aborted, never an ambiguous loss', () => {
    expect(isConnectionEnded({ code: '57P01' })).toBe(true);
    expect(isConnectionEnded({ code: '57P03' })).toBe(true);
    expect(
      isConnectionEnded(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
    expect(isConnectionEnded(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isConnectionEnded({ code: '23505' })).toBe(false);
    expect(isConnectionEnded(undefined)).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('connections ended by the server', () => {
  let server: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    admin = new pg.Client({ connectionString: (server.database as TestDatabase).url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  it('answers every request after pg_terminate_backend of all its connections', async () => {
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const api = apiClient(server.url);
    const session = await api.signIn(member.email, member.password);
    const query = '{ getIntegrationInfo { APPLE_SEARCH_ADS } }';
    for (let round = 0; round < 3; round++) {
      // Every pooled connection is busy or idle when it ends: warm several first.
      await Promise.all(Array.from({ length: 6 }, () => api.graphql(query, {}, session)));
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => api.graphql(query, {}, session)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    }
  });
});
