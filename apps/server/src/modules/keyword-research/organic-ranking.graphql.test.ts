// Organic keyword ranking through GraphQL, over a real database, with the sandbox as Apple Ads
// and as the App Store: a company synced from the sandbox tracks keywords for its own app.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { addDays, utcToday } from '@tapwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';
import { rankSnapshotJob } from './jobs/rank-snapshot.job';
import { keywordRankSnapshots } from './keyword-research.tables';
import { recordSnapshot, trackKeywords } from './tracked-keywords.repository';

const TRACKED = `id adamId appName location device term organicRank previousRank change popularity
  totalApps lastCheckedAt`;
const TRACK = `mutation($adamId: Float!, $terms: [String!]!, $location: String) {
  trackKeywords(adamId: $adamId, terms: $terms, location: $location) { ${TRACKED} } }`;
const LIST = `query($adamId: Float, $location: String) {
  trackedKeywords(adamId: $adamId, location: $location) { ${TRACKED} } }`;
const HISTORY = `query($id: ID!, $days: Int) { keywordRankHistory(trackedKeywordId: $id, days: $days) {
  day organicRank popularity localSpend taps installs } }`;
const MOVERS = `query($days: Int) { rankMovers(days: $days) { term organicRank previousRank change } }`;
const UNTRACK = `mutation($ids: [ID!]!) { untrackKeywords(ids: $ids) }`;

interface Tracked {
  id: string;
  term: string;
  organicRank: number | null;
  popularity: number | null;
  totalApps: number | null;
  appName: string | null;
  lastCheckedAt: string | null;
}

let sandbox: Sandbox;
let server: TestServer;
let company: ConnectedCompany;
let readOnly: Session;
let otherCompany: Session;
let adamId: number;
const api = () => apiClient(server.url);
const today = utcToday(new Date());

/** The App Store's own answer: where the app stands in the sandbox's US search for the term. */
async function sandboxRank(term: string) {
  const url = `${new URL(sandbox.url).origin}/app-store/search?term=${encodeURIComponent(term)}&country=us&entity=software&limit=200`;
  const answer = (await (await fetch(url)).json()) as {
    resultCount: number;
    results: { trackId: number }[];
  };
  const index = answer.results.findIndex((app) => app.trackId === adamId);
  return { rank: index < 0 ? null : index + 1, totalApps: answer.resultCount };
}

/** A keyword text the company bids on in a US campaign of the app, with spend on a recent day. */
async function keywordWithSpend() {
  const rows = await server.database.db.execute<{ text: string; day: string }>(sql`
    select lower(k.text) as text, f.date::text as day
    from keyword_report_facts f
    join keywords k on k.team_id = f.team_id and k.ad_account_id = f.ad_account_id and k.id = f.keyword_id
    join campaigns c on c.team_id = f.team_id and c.ad_account_id = f.ad_account_id and c.id = f.campaign_id
    where f.team_id = ${company.teamId} and f.grain = 'DAILY' and f.adam_id = ${adamId}
      and 'US' = any(c.countries_or_regions) and f.local_spend_micros > 0
      and f.date >= ${addDays(today, -6)}
    order by f.date desc limit 1`);
  return rows.rows[0]!;
}

/** The company's spend, taps and installs on keywords with this text in US campaigns on a day. */
async function factsOn(text: string, day: string) {
  const rows = await server.database.db.execute<{
    spend: string;
    taps: string;
    installs: string;
  }>(sql`
    select coalesce(sum(f.local_spend_micros), 0) as spend, coalesce(sum(f.taps), 0) as taps,
      coalesce(sum(f.total_installs), 0) as installs
    from keyword_report_facts f
    join keywords k on k.team_id = f.team_id and k.ad_account_id = f.ad_account_id and k.id = f.keyword_id
    join campaigns c on c.team_id = f.team_id and c.ad_account_id = f.ad_account_id and c.id = f.campaign_id
    where f.team_id = ${company.teamId} and f.grain = 'DAILY' and f.date = ${day}
      and lower(k.text) = ${text} and 'US' = any(c.countries_or_regions)`);
  const row = rows.rows[0]!;
  return {
    localSpend: (Number(row.spend) / 1e6).toFixed(2),
    taps: Number(row.taps),
    installs: Number(row.installs),
  };
}

async function track(terms: string[], session = company.session, app = adamId) {
  return api().graphql<{ trackKeywords: Tracked[] }>(
    TRACK,
    { adamId: app, terms, location: 'us' },
    session,
  );
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(allowingSandbox(sandbox), { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  const db = server.database.db;
  const viewer = await createMember(db, company.teamId, { isReadOnly: true });
  readOnly = await api().signIn(viewer.email, viewer.password);
  const other = await createCompany(db, 'Other Co');
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  otherCompany = await api().signIn(otherAdmin.email, otherAdmin.password);
  adamId = sandbox.accounts()[0]!.adamIds[0]!;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

describe('organic keyword ranking', { timeout: 60_000 }, () => {
  it("tracks keywords with a first snapshot at once: the app's place in the App Store search", async () => {
    const { text } = await keywordWithSpend();
    const answer = await track([text.toUpperCase(), text]);
    expect(answer.errors).toBeUndefined();
    const [row] = answer.data!.trackKeywords;
    const expected = await sandboxRank(text);
    expect(answer.data!.trackKeywords).toHaveLength(1);
    expect(row).toMatchObject({
      term: text,
      organicRank: expected.rank,
      totalApps: expected.totalApps,
      lastCheckedAt: expect.any(String),
    });
    expect(row!.appName).toBeTruthy();

    const listed = await api().graphql<{ trackedKeywords: Tracked[] }>(
      LIST,
      { adamId, location: 'us' },
      readOnly,
    );
    expect(listed.data!.trackedKeywords.map((k) => k.id)).toContain(row!.id);
  });

  it('answers the history day by day with gaps, and the spend on the same keyword beside it', async () => {
    const { text, day } = await keywordWithSpend();
    const [row] = (await track([text])).data!.trackKeywords;
    const answer = await api().graphql<{
      keywordRankHistory: { day: string; organicRank: number | null; localSpend: string }[];
    }>(HISTORY, { id: row!.id, days: 7 }, readOnly);
    expect(answer.errors).toBeUndefined();
    const points = answer.data!.keywordRankHistory;
    expect(points.map((p) => p.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    expect(points.at(-1)!.organicRank).toBe(row!.organicRank);
    // No snapshot before today: the days before are gaps, not zeros.
    expect(points.slice(0, -1).every((p) => p.organicRank === null)).toBe(true);
    expect(points.find((p) => p.day === day)).toMatchObject(await factsOn(text, day));
  });

  it('snapshots every tracked keyword once per UTC day, company by company', async () => {
    const db = server.database.db;
    // Tracked without a snapshot yet, and another company whose App Store cannot be opened.
    const [fresh] = await trackKeywords(db, company.teamId, company.session.userId, [
      { adamId, location: 'us', language: 'en', device: 'iphone', term: 'puzzle' },
    ]);
    const broken = await createCompany(db, 'No integration');
    await trackKeywords(db, broken.id, null, [
      { adamId, location: 'us', language: 'en', device: 'iphone', term: 'puzzle' },
    ]);
    await rankSnapshotJob.handle({}, server.context);
    const first = await db
      .select()
      .from(keywordRankSnapshots)
      .where(eq(keywordRankSnapshots.teamId, company.teamId));
    const freshSnapshot = first.find((s) => s.trackedKeywordId === fresh!.id);
    expect(freshSnapshot).toMatchObject({
      day: today,
      organicRank: (await sandboxRank('puzzle')).rank,
    });

    await rankSnapshotJob.handle({}, server.context);
    const second = await db
      .select()
      .from(keywordRankSnapshots)
      .where(eq(keywordRankSnapshots.teamId, company.teamId));
    expect(second).toEqual(first);
  });

  it('ranks the biggest gains first, then the biggest losses, over the days asked', async () => {
    const db = server.database.db;
    const rows = await trackKeywords(db, company.teamId, company.session.userId, [
      { adamId, location: 'gb', language: 'en', device: 'iphone', term: 'rising' },
      { adamId, location: 'gb', language: 'en', device: 'iphone', term: 'falling' },
      { adamId, location: 'gb', language: 'en', device: 'iphone', term: 'steady' },
    ]);
    const ranks = { rising: [40, 5], falling: [3, 20], steady: [9, 9] } as const;
    for (const row of rows) {
      const [before, now] = ranks[row.term as keyof typeof ranks];
      for (const [day, organicRank] of [
        [addDays(today, -7), before],
        [today, now],
      ] as const) {
        await recordSnapshot(db, company.teamId, {
          trackedKeywordId: row.id,
          day,
          organicRank,
          totalApps: 200,
          popularity: 30,
        });
      }
    }
    const answer = await api().graphql<{ rankMovers: { term: string; change: number }[] }>(
      MOVERS,
      { days: 7 },
      readOnly,
    );
    expect(answer.errors).toBeUndefined();
    const movers = answer.data!.rankMovers.filter((m) => m.term in ranks);
    expect(movers).toEqual([
      { term: 'rising', organicRank: 5, previousRank: 40, change: 35 },
      { term: 'falling', organicRank: 20, previousRank: 3, change: -17 },
    ]);
  });

  it("refuses an app that is not the company's own, and bad input with the contract's message", async () => {
    const foreign = await track(['puzzle'], company.session, 999_999_999);
    expect(foreign.errors![0]).toMatchObject({
      message: 'Only apps of your synced campaigns can be tracked.',
      extensions: { error: 'BAD_REQUEST' },
    });
    const tooLong = await track(['x'.repeat(81)]);
    expect(tooLong.errors![0]!.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { 'terms.0': 'validation.keywordTooLong' },
    });
    const tooMany = await track(Array.from({ length: 51 }, (_, i) => `term ${i}`));
    expect(tooMany.errors![0]!.message).toBe('Track at most 50 keywords at a time.');
  });

  it('lets a read-only member read but not track or untrack', async () => {
    const [row] = (await track(['puzzle'])).data!.trackKeywords;
    const tracking = await track(['selfie'], readOnly);
    expect(tracking.errors![0]!.extensions).toMatchObject({ error: 'FORBIDDEN' });
    const untracking = await api().graphql(UNTRACK, { ids: [row!.id] }, readOnly);
    expect(untracking.errors![0]!.extensions).toMatchObject({ error: 'FORBIDDEN' });
    const history = await api().graphql(HISTORY, { id: row!.id }, readOnly);
    expect(history.errors).toBeUndefined();
  });

  it("answers NOT_FOUND for another company's tracked keyword and leaves it tracked", async () => {
    const [row] = (await track(['puzzle'])).data!.trackKeywords;
    const history = await api().graphql(HISTORY, { id: row!.id }, otherCompany);
    expect(history.errors![0]!.extensions).toMatchObject({ error: 'NOT_FOUND' });
    const untracked = await api().graphql<{ untrackKeywords: number }>(
      UNTRACK,
      { ids: [row!.id] },
      otherCompany,
    );
    expect(untracked.data!.untrackKeywords).toBe(0);
    const listed = await api().graphql<{ trackedKeywords: Tracked[] }>(LIST, {}, otherCompany);
    expect(listed.data!.trackedKeywords).toEqual([]);

    const own = await api().graphql<{ untrackKeywords: number }>(
      UNTRACK,
      { ids: [row!.id] },
      company.session,
    );
    expect(own.data!.untrackKeywords).toBe(1);
    const after = await api().graphql<{ trackedKeywords: Tracked[] }>(LIST, {}, company.session);
    expect(after.data!.trackedKeywords.map((k) => k.id)).not.toContain(row!.id);
  });

  // Last: it fills the company's quota.
  it('refuses tracking beyond the 500 keywords a company may track', async () => {
    const db = server.database.db;
    const count = async () =>
      (await api().graphql<{ trackedKeywords: Tracked[] }>(LIST, {}, company.session)).data!
        .trackedKeywords.length;
    const filler = Array.from({ length: 500 - (await count()) }, (_, i) => ({
      adamId,
      location: 'fr',
      language: 'fr',
      device: 'iphone' as const,
      term: `filler ${i}`,
    }));
    await trackKeywords(db, company.teamId, company.session.userId, filler);
    const refused = await track(['one too many']);
    expect(refused.errors![0]).toMatchObject({
      message: 'A company can track at most 500 keywords.',
      extensions: { error: 'BAD_REQUEST' },
    });
    // Tracking what is already tracked adds nothing, so it is still answered.
    const again = await track([(await keywordWithSpend()).text]);
    expect(again.errors).toBeUndefined();
    expect(await count()).toBe(500);
  });
});
