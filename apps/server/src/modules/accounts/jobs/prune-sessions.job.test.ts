import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../platform/testing/api-client';
import { createCompany, createMember } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { findSessionForAuth } from '../accounts.repository';
import { pruneSessionsJob } from './prune-sessions.job';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { withWorker: true });
});
afterAll(async () => {
  await server?.close();
});

describe('accounts.prune-sessions job', () => {
  it('deletes ended sessions and keeps live ones', async () => {
    const api = apiClient(server.url);
    const company = await createCompany(server.database.db);
    const member = await createMember(server.database.db, company.id);
    const ended = await api.signIn(member.email, member.password);
    const live = await api.signIn(member.email, member.password);
    await api.rest('POST', 'auth/signout', undefined, ended);

    await server.jobs.send(pruneSessionsJob, { now: new Date(Date.now() + 1000).toISOString() });
    const deadline = Date.now() + 20_000;
    while ((await findSessionForAuth(server.database.db, ended.sessId)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await findSessionForAuth(server.database.db, ended.sessId)).toBeUndefined();
    expect(await findSessionForAuth(server.database.db, live.sessId)).toBeDefined();
  });
});
