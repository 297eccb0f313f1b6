// A bulk action whose job failed on its last attempt ends as FAILED, keeping the rows it did and
// failing the rest, and tells the member so that the progress bar ends too.
import { ADS_MANAGER_MESSAGES, type BulkActionProgress } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createMember } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import {
  findBulkAction,
  insertBulkAction,
  saveBulkActionProgress,
} from './apple-writes.repository';
import { bulkActionRequest, giveUpBulkAction } from './bulk-actions.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('giving up a bulk action', () => {
  it('fails the rows not reached, keeps the others and announces the end', async () => {
    const db = database.db;
    const team = await createCompany(db);
    const member = await createMember(db, team.id);
    const request = bulkActionRequest.parse({
      actor: {
        teamId: team.id,
        userId: member.user.id,
        impersonatorId: null,
        mayWrite: true,
        source: 'adsManager',
      },
      input: {
        adAccountId: 5,
        level: 'keyword',
        action: 'pause',
        entities: [{ id: 11 }, { id: 12 }, { id: 13 }],
      },
    });
    const action = await insertBulkAction(db, team.id, {
      userId: member.user.id,
      request,
      total: 3,
    });
    const done = [{ id: 11, ok: true, message: null }];
    await saveBulkActionProgress(db, team.id, action.id, done, 'RUNNING');
    const announced: BulkActionProgress[] = [];
    const realtime = {
      toTeam() {},
      toUser: (_user: string, _event: string, message: unknown) =>
        announced.push((message as { data: BulkActionProgress }).data),
    };

    await giveUpBulkAction({ db, realtime }, team.id, action.id);

    const failed = { ok: false, message: ADS_MANAGER_MESSAGES.updateFailed };
    const expected = [...done, { id: 12, ...failed }, { id: 13, ...failed }];
    const row = await findBulkAction(db, team.id, action.id);
    expect(row).toMatchObject({ status: 'FAILED', done: 3, results: expected });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(announced).toEqual([{ bulkActionId: action.id, done: 3, total: 3, results: expected }]);
  });

  it('leaves a finished action as it is', async () => {
    const db = database.db;
    const team = await createCompany(db);
    const request = bulkActionRequest.parse({
      actor: {
        teamId: team.id,
        userId: null,
        impersonatorId: null,
        mayWrite: true,
        source: 'adsManager',
      },
      input: { adAccountId: 5, level: 'keyword', action: 'pause', entities: [{ id: 21 }] },
    });
    const action = await insertBulkAction(db, team.id, { userId: null, request, total: 1 });
    const results = [{ id: 21, ok: true, message: null }];
    await saveBulkActionProgress(db, team.id, action.id, results, 'DONE');

    await giveUpBulkAction({ db, realtime: { toTeam() {}, toUser() {} } }, team.id, action.id);

    expect(await findBulkAction(db, team.id, action.id)).toMatchObject({ status: 'DONE', results });
  });
});
