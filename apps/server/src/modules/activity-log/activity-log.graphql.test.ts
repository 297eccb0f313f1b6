import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { recordActivity } from './activity-log.service';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe('activity log search', () => {
  it('matches the text as typed: % and _ are characters, not wildcards', async () => {
    const db = server.database.db;
    const company = await createCompany(db);
    const admin = await createMember(db, company.id, { role: 'ADMIN' });
    const actor = { userId: admin.user.id, impersonatorId: null } as never;
    for (const message of [
      'Raised the bid by 100%',
      'Raised the bid by 1000',
      'Paused a_b',
      'Paused axb',
    ]) {
      await recordActivity(db, actor, company.id, { logType: 'bid_changed', message });
    }
    const session = await api.signIn(admin.email, admin.password);
    const search = async (text: string) =>
      (
        await api.graphql<{ getActivityLogs: { message: string }[] }>(
          'query($text: String) { getActivityLogs(search: $text) { message } }',
          { text },
          session,
        )
      ).data?.getActivityLogs.map((log) => log.message);
    expect(await search('100%')).toEqual(['Raised the bid by 100%']);
    expect(await search('a_b')).toEqual(['Paused a_b']);
    expect((await search('%'))?.length).toBe(1);
  });
});
