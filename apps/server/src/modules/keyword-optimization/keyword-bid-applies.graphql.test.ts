// Applying and reverting bids through the real API, a real database and the in-process Apple
// Ads sandbox as Apple: three keywords' bids change in Apple and in the stored copy, logged with
// the page's own source; the same request again sends nothing twice; the revert puts them back.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import type { AccountClient } from '@tapwise/apple-ads';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../platform/testing/api-client';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { campaigns } from '../ads-data/ads-entities.tables';
import { findStoredEntity } from '../apple-writes/apple-writes.repository';
import {
  allowingSandbox,
  connectSandboxCompany,
  sandboxReader,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let apple: AccountClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(allowingSandbox(sandbox), { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  const run = await waitForSync(server, company.teamId, company.syncId);
  expect(run.status).toBe('DONE');
  apple = sandboxReader(sandbox).forAccount(sandbox.accounts()[0]!.id);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

async function ok<Data>(query: string, variables: Record<string, unknown>): Promise<Data> {
  const answer = await apiClient(server.url).graphql<Data>(query, variables, company.session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

interface Row {
  adAccountId: number;
  keywordId: number;
  adGroupId: number;
  bidMicros: number | null;
}
interface Line {
  keywordId: number;
  oldBidMicros: number;
  newBidMicros: number;
  status: string | null;
  refusal: string | null;
}
interface Apply {
  id: string;
  applied: number;
  reverted: number;
  revertible: boolean;
}

const PAGE = `query($input: KeywordOptimizationInput!) { keywordOptimization(input: $input) {
  total rows { adAccountId keywordId adGroupId bidMicros } } }`;
const APPLY = `mutation($input: ApplyBidChangesInput!) { applyKeywordBids(input: $input) {
  successMessage runId lines { keywordId oldBidMicros newBidMicros status refusal } } }`;
const APPLIES = `{ keywordBidApplies { id applied reverted revertible } }`;
const REVERT = `mutation($id: String!) { revertKeywordBidApply(id: $id) {
  successMessage reverted skipped } }`;

/** The activity entries of the page's changes. */
const pageLogs = async () =>
  (await listActivityLogs(server.database.db, company.teamId, 100)).filter(
    (log) => log.change?.source === 'keywordOptimization',
  ).length;

const amount = (micros: number) => (micros / 1_000_000).toFixed(2);

async function appleBid(row: Row): Promise<number | null> {
  const { bid } = await apple.keywords.get(row.keywordId);
  return bid ? Math.round(Number(bid.amount) * 1_000_000) : null;
}

describe('apply and revert', () => {
  it('changes three bids in Apple through the safety gateway, once, and reverts them', async () => {
    const db = server.database.db;
    const [campaign] = await db
      .select({ adamId: campaigns.adamId })
      .from(campaigns)
      .where(and(eq(campaigns.teamId, company.teamId), eq(campaigns.deleted, false)));
    const { keywordOptimization } = await ok<{ keywordOptimization: { rows: Row[] } }>(PAGE, {
      input: {
        adamId: campaign!.adamId,
        limit: 100,
        sort: { column: 'keyword', direction: 'ASC' },
      },
    });
    // Keywords with a bid of their own (a revert sets a bid back; it never clears one).
    const own = await Promise.all(
      keywordOptimization.rows.map(async (row) => ({ row, bid: await appleBid(row) })),
    );
    const rows = own
      .filter(({ bid }) => bid !== null)
      .map(({ row }) => row)
      .slice(0, 3);
    expect(rows).toHaveLength(3);
    const before = await Promise.all(rows.map(appleBid));
    const input = {
      requestId: crypto.randomUUID(),
      changes: rows.map((row) => ({
        adAccountId: row.adAccountId,
        keywordId: row.keywordId,
        bid: amount(row.bidMicros! + 100_000),
      })),
    };
    const { applyKeywordBids } = await ok<{ applyKeywordBids: { runId: string; lines: Line[] } }>(
      APPLY,
      { input },
    );
    expect(applyKeywordBids.lines.map((line) => [line.status, line.refusal])).toEqual([
      ['APPLIED', null],
      ['APPLIED', null],
      ['APPLIED', null],
    ]);
    const after = rows.map((row) => row.bidMicros! + 100_000);
    expect(await Promise.all(rows.map(appleBid))).toEqual(after);
    for (const [index, row] of rows.entries()) {
      const stored = await findStoredEntity(
        db,
        company.teamId,
        'keyword',
        row.adAccountId,
        row.keywordId,
      );
      expect(stored!.bidMicros).toBe(after[index]);
    }
    const logs = await listActivityLogs(db, company.teamId, 3);
    expect(logs.map((log) => log.change?.source)).toEqual([
      'keywordOptimization',
      'keywordOptimization',
      'keywordOptimization',
    ]);

    // The same request again: recorded results, nothing sent twice.
    const again = await ok<{ applyKeywordBids: { runId: string; lines: Line[] } }>(APPLY, {
      input,
    });
    expect(again.applyKeywordBids.runId).toBe(applyKeywordBids.runId);
    expect(await pageLogs()).toBe(3);

    const { keywordBidApplies } = await ok<{ keywordBidApplies: Apply[] }>(APPLIES, {});
    expect(keywordBidApplies[0]).toEqual({
      id: applyKeywordBids.runId,
      applied: 3,
      reverted: 0,
      revertible: true,
    });

    const { revertKeywordBidApply } = await ok<{
      revertKeywordBidApply: { reverted: number; skipped: number };
    }>(REVERT, { id: applyKeywordBids.runId });
    expect(revertKeywordBidApply).toMatchObject({ reverted: 3, skipped: 0 });
    expect(await Promise.all(rows.map(appleBid))).toEqual(before);
    const reverted = await ok<{ keywordBidApplies: Apply[] }>(APPLIES, {});
    expect(reverted.keywordBidApplies[0]).toMatchObject({ reverted: 3, revertible: false });
  });
});
