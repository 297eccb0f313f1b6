// The synced impression share on a real database: a sync replaces its ad account's rows only, and
// a term's standing is the mean of its days' band middles and ranks, for its own company only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import {
  replaceImpressionShare,
  termShareKey,
  termSharesOfApp,
  type ImpressionShareRow,
} from './impression-share.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const row = (day: string, share: [number, number], rank: number, overrides = {}) =>
  ({
    adAccountId: 1,
    adamId: 77,
    countryOrRegion: 'US',
    searchTerm: 'habit tracker',
    day,
    lowShare: share[0],
    highShare: share[1],
    rank,
    searchPopularity: 4,
    ...overrides,
  }) satisfies ImpressionShareRow;

describe('impression share', () => {
  it('averages a term over its days and keeps companies and ad accounts apart', async () => {
    const { db } = database;
    const teamId = randomUUID();
    const otherTeam = randomUUID();
    await replaceImpressionShare(db, teamId, 1, [
      row('2026-11-01', [0.2, 0.2], 3),
      row('2026-11-02', [0.91, 1], 1, { searchPopularity: 5 }),
      row('2026-11-02', [0.5, 0.5], 2, { searchTerm: 'habits' }),
    ]);
    await replaceImpressionShare(db, teamId, 2, [
      row('2026-11-02', [0.1, 0.1], 4, { adAccountId: 2, countryOrRegion: 'GB' }),
    ]);
    await replaceImpressionShare(db, otherTeam, 1, [row('2026-11-01', [0.9, 0.9], 1)]);

    const shares = await termSharesOfApp(db, teamId, 77);
    expect(shares.get(termShareKey('us', 'Habit Tracker'))).toEqual({
      countryOrRegion: 'US',
      searchTerm: 'habit tracker',
      share: (0.2 + 0.955) / 2,
      rank: 2,
      searchPopularity: 5,
      days: 2,
    });
    expect([...(await termSharesOfApp(db, teamId, 77, ['habits'])).keys()]).toEqual(['US:habits']);

    // A sync of account 1 replaces its rows and leaves account 2's.
    await replaceImpressionShare(db, teamId, 1, [row('2026-11-03', [0.4, 0.4], 2)]);
    const after = await termSharesOfApp(db, teamId, 77);
    expect([...after.keys()].sort()).toEqual(['GB:habit tracker', 'US:habit tracker']);
    expect(after.get('US:habit tracker')?.share).toBeCloseTo(0.4);
  });
});
