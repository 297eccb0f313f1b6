// The App Store answer cache on a real database: answers read back until they expire, a second
// answer for the same question replaces the first, and the prune deletes only expired answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { databaseAppStoreCache, deleteExpiredAppStoreAnswers } from './app-store-cache.repository';

let database: TestDatabase;
let clock = new Date('2026-11-20T10:00:00Z');
const later = (seconds: number) => new Date(clock.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('databaseAppStoreCache', () => {
  it('answers a stored value until it expires, then nothing', async () => {
    const cache = databaseAppStoreCache(database.db, () => clock);
    await cache.set('search:us:meal', { apps: [1, 2] }, 60);
    expect(await cache.get('search:us:meal')).toEqual({ apps: [1, 2] });
    clock = later(61);
    expect(await cache.get('search:us:meal')).toBeUndefined();
    expect(await cache.get('never:asked')).toBeUndefined();
  });

  it('replaces the answer of a question asked again', async () => {
    const cache = databaseAppStoreCache(database.db, () => clock);
    await cache.set('lookup:us:1', { title: 'Old' }, 60);
    await cache.set('lookup:us:1', { title: 'New' }, 60);
    expect(await cache.get('lookup:us:1')).toEqual({ title: 'New' });
  });

  it('prunes expired answers and keeps live ones', async () => {
    const cache = databaseAppStoreCache(database.db, () => clock);
    await cache.set('chart:short', [1], 10);
    await cache.set('chart:long', [2], 3600);
    const deleted = await deleteExpiredAppStoreAnswers(database.db, later(11));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await cache.get('chart:short')).toBeUndefined();
    expect(await cache.get('chart:long')).toEqual([2]);
  });
});
