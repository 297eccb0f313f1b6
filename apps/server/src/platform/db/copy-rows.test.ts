import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTermReportFacts } from '../../modules/ads-data/report-facts.tables';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { CopyBatch, replaceRowsByCopy } from './copy-rows';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const teamId = randomUUID();
function termRow(searchTermText: string, keywordId = 1) {
  return {
    teamId,
    adAccountId: 7,
    adamId: 9_000_000_001,
    campaignId: 11,
    grain: 'DAILY' as const,
    date: '2026-11-01',
    adGroupId: 21,
    keywordId,
    searchTermText,
    searchTermSource: 'TARGETED',
    impressions: 100,
    taps: 9,
    tapInstalls: 3,
    viewInstalls: 1,
    totalInstalls: 4,
    tapNewDownloads: 2,
    tapRedownloads: 1,
    viewNewDownloads: 1,
    viewRedownloads: 0,
    localSpendMicros: 12_345_670_000,
  };
}
const ofTeam = eq(searchTermReportFacts.teamId, teamId);
const stored = () =>
  database.db
    .select()
    .from(searchTermReportFacts)
    .where(ofTeam)
    .orderBy(searchTermReportFacts.keywordId);

describe('replaceRowsByCopy', () => {
  it('stores text with tabs, line breaks and backslashes exactly, and big money intact', async () => {
    const awkward = ['tab\there', 'line\nbreak\r\n', 'back\\slash \\N', 'émoji 🎯', ''];
    const rows = awkward.map((text, index) => termRow(text, index + 1));
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, rows);
    expect(await stored()).toEqual(rows);
  });

  it('replaces what the condition selects instead of adding to it', async () => {
    const rows = [termRow('again', 1), termRow('and again', 2)];
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, rows);
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, rows);
    expect(await stored()).toEqual(rows);
  });

  it('adds the shared column values to every row', async () => {
    const rows = [termRow('shared one', 1), termRow('shared two', 2)];
    const withoutTeam = rows.map(({ teamId: _teamId, ...row }) => row);
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, withoutTeam, { teamId });
    expect(await stored()).toEqual(rows);
  });

  it('loads a batch written page by page, shared values included, as the rows themselves', async () => {
    const rows = [termRow('page one', 1), termRow('page two', 2), termRow('page two b', 3)];
    const withoutTeam = rows.map(({ teamId: _teamId, ...row }) => row);
    const batch = new CopyBatch(searchTermReportFacts, { teamId });
    batch.add(withoutTeam.slice(0, 1));
    batch.add(withoutTeam.slice(1));
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, batch);
    expect(await stored()).toEqual(rows);
  });

  it('deletes the slice when a batch holds nothing', async () => {
    await replaceRowsByCopy(
      database.db,
      searchTermReportFacts,
      ofTeam,
      new CopyBatch(searchTermReportFacts),
    );
    expect(await stored()).toEqual([]);
  });

  it('keeps the old rows when the new ones cannot be loaded', async () => {
    const before = await stored();
    const duplicateKey = [termRow('same', 1), termRow('same', 1)];
    await expect(
      replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, duplicateKey),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });

  it('deletes the slice when there is nothing new to load', async () => {
    await replaceRowsByCopy(database.db, searchTermReportFacts, ofTeam, []);
    expect(await stored()).toEqual([]);
  });
});
