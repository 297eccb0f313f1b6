// The sync through the real API on a real database, against the Apple Ads sandbox ('new'
// scenario for speed): exact numbers, idempotent re-syncs, resume after a crash, impression
// share (stored with the search term totals over its window, skipped when fresh, tolerated when
// Apple refuses it), revoked credentials, Apple's 429 and 500 bursts, the manual-sync cooldown and the progress socket.
import { toMetrics, type ReportLevel } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { ERROR_CODES, SOCKET_EVENTS, type SyncProgressEvent } from '@tapwise/contracts';
import { and, count, eq, lt } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../platform/testing/api-client';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { adGroups, ads, campaigns, keywords } from '../ads-data/ads-entities.tables';
import { impressionShareFacts } from '../ads-data/impression-share.tables';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import {
  FACT_TABLES,
  saveEntities,
  sumFacts,
  type FactKind,
} from '../ads-data/ads-data.repository';
import { campaignHourlyFacts } from '../ads-data/report-facts.tables';
import { findIntegration } from '../integrations/integrations.repository';
import { installSandboxSlack } from '../slack/slack-factories';
import type { JobContext } from '../job-context';
import { findSyncRun } from './sync.repository';
import { resumeStalledSyncs, runSync, STALLED_SYNC_MINUTES, startSync } from './sync.service';
import { syncRuns } from './sync.tables';
import { dayOf, isoOf } from './sync-windows';
import {
  connectSandboxCompany,
  sandboxReader,
  allowingSandbox,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from './sync-test-kit';

const ORIGIN = 'https://app.tapwise.test';
let server: TestServer;
let sandbox: Sandbox;
let synced: ConnectedCompany;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(
    { ALLOWED_ORIGINS: ORIGIN, ...allowingSandbox(sandbox) },
    { withWorker: true },
  );
  synced = await connectSandboxCompany(server, sandbox);
  await waitForSync(server, synced.teamId, synced.syncId);
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

/** A job context whose queue sends nothing, to run syncs by hand. */
function handContext(): JobContext {
  const { db, config, logger, secrets, realtime } = server.context;
  return { db, config, logger, secrets, realtime, jobs: { send: async () => null } };
}

/**
 * Fact rows per table, up to yesterday: Apple leaves out periods without delivery, so today's
 * rows (and hours) appear as the day goes on and would make two snapshots differ.
 */
async function factSnapshot(teamId: string) {
  const counts: Record<string, number> = {};
  // Every sandbox account of these tests is on Los Angeles time.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(),
  );
  for (const kind of Object.keys(FACT_TABLES) as FactKind[]) {
    const table = FACT_TABLES[kind];
    const [row] = await server.database.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.teamId, teamId), lt(table.date, today)));
    counts[kind] = Number(row?.n ?? 0);
  }
  return counts;
}

describe('first sync', () => {
  it('marks the integration synced and stores every level', async () => {
    const run = await findSyncRun(server.database.db, synced.teamId, synced.syncId);
    expect(run).toMatchObject({ status: 'DONE', progress: 100, mode: 'FIRST' });
    const counts = await factSnapshot(synced.teamId);
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);
    const info = await apiClient(server.url).graphql<{
      getIntegrationInfo: Record<string, unknown>;
    }>(
      '{ getIntegrationInfo { APPLE_SEARCH_ADS firstSyncDone demoMode invalid } }',
      {},
      synced.session,
    );
    expect(info.data?.getIntegrationInfo).toEqual({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
    });
  });

  it("leaves the planner knowing the synced tables' sizes (PGlite has no autovacuum)", async () => {
    const { rows } = await server.database.sql.query<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples::float8 AS reltuples FROM pg_class
       WHERE relname IN ('keywords', 'keyword_report_facts', 'campaign_report_facts')`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(Number(row.reltuples)).toBeGreaterThan(0);
  });

  it('stores exactly the numbers Apple reports for 50 random (entity, window) pairs', async () => {
    const db = server.database.db;
    const reader = sandboxReader(sandbox);
    const adAccountId = synced.integration.adAccounts[0]!.adAccountId;
    const account = reader.forAccount(adAccountId);
    const tz = synced.integration.adAccounts[0]!.timeZone;
    const today = dayOf(new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date()));
    const entities = {
      campaigns: await db
        .select({ id: campaigns.id, campaignId: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.teamId, synced.teamId)),
      adgroups: await db
        .select({ id: adGroups.id, campaignId: adGroups.campaignId })
        .from(adGroups)
        .where(eq(adGroups.teamId, synced.teamId)),
      keywords: await db
        .select({ id: keywords.id, campaignId: keywords.campaignId })
        .from(keywords)
        .where(eq(keywords.teamId, synced.teamId)),
      ads: await db
        .select({ id: ads.id, campaignId: ads.campaignId })
        .from(ads)
        .where(eq(ads.teamId, synced.teamId)),
    };
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    let nonZero = 0;
    for (let pair = 0; pair < 50; pair++) {
      const level = (['campaigns', 'adgroups', 'keywords', 'ads'] as const)[pair % 4]!;
      const entity = entities[level][random(entities[level].length)]!;
      // Whole days only: today's numbers still move after the sync.
      const from = today - 2 - random(14);
      const to = from + 1 + random(today - 1 - from);
      const report = await account.reports.query(level as ReportLevel, {
        timeRange: { start: isoOf(from), end: isoOf(to), timeZone: 'ORTZ' },
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: entity.campaignId }],
        pagination: { offset: 0, pageSize: 5000 },
      });
      const row = report.rows.find(
        (candidate) =>
          Number(
            (candidate.metadata as Record<string, unknown>)[level === 'campaigns' ? 'id' : 'id'],
          ) === entity.id,
      );
      const {
        date: _date,
        tapPreOrdersPlaced: _t,
        viewPreOrdersPlaced: _v,
        ...apple
      } = toMetrics(row?.totalMetrics ?? {});
      const stored = await sumFacts(
        db,
        synced.teamId,
        level,
        entity.id,
        'DAILY',
        isoOf(from),
        isoOf(to),
      );
      expect(stored, `${level} ${entity.id} ${isoOf(from)}..${isoOf(to)}`).toEqual(apple);
      if (apple.impressions > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(10);
  });

  it("stores each keyword's suggested bid from the DAILY keyword report, kept by entity upserts", async () => {
    const db = server.database.db;
    const { adAccountId, timeZone } = synced.integration.adAccounts[0]!;
    const account = sandboxReader(sandbox).forAccount(adAccountId);
    const today = dayOf(new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()));
    const mine = eq(keywords.teamId, synced.teamId);
    const stored = await db.select().from(keywords).where(mine);
    const report = await account.reports.query('keywords', {
      // The first sync's DAILY window: the 90 days Apple keeps, today included.
      timeRange: {
        start: isoOf(today - 89),
        end: isoOf(today),
        granularity: 'DAILY',
        timeZone: 'ORTZ',
      },
      filters: [
        {
          field: 'campaignId',
          operator: 'IN',
          value: [...new Set(stored.map((keyword) => keyword.campaignId))],
        },
      ],
      pagination: { offset: 0, pageSize: 5000 },
    });
    const apple = new Map(
      report.rows.map((row) => {
        const amount = row.insights?.bidRecommendation?.suggestedBidAmount;
        const id = Number((row.metadata as Record<string, unknown>).id);
        return [id, amount === undefined ? null : Math.round(amount * 100) * 10_000];
      }),
    );
    const withSuggestion = stored.filter((keyword) => apple.get(keyword.id) != null);
    expect(withSuggestion.length).toBeGreaterThan(0);
    expect(withSuggestion.length).toBeLessThan(stored.length);
    for (const keyword of stored)
      expect(keyword.appleSuggestedBidMicros, `keyword ${keyword.id}`).toBe(
        apple.get(keyword.id) ?? null,
      );

    // The entity sync's upsert names no suggested bid, so it keeps the stored one.
    const [first] = withSuggestion;
    const { appleSuggestedBidMicros, teamId: _team, ...entity } = first!;
    await saveEntities(db, synced.teamId, 'keywords', [{ ...entity, text: 'renamed' }]);
    const [after] = await db
      .select()
      .from(keywords)
      .where(and(mine, eq(keywords.id, first!.id)));
    expect(after).toMatchObject({ text: 'renamed', appleSuggestedBidMicros });
    await saveEntities(db, synced.teamId, 'keywords', [entity]);
  });

  it('stores the last seven days hour by hour, exactly as Apple reports them', async () => {
    const db = server.database.db;
    const { adAccountId, timeZone } = synced.integration.adAccounts[0]!;
    const account = sandboxReader(sandbox).forAccount(adAccountId);
    const today = dayOf(new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()));
    const campaignIds = (
      await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.teamId, synced.teamId))
    ).map((campaign) => campaign.id);
    const report = await account.reports.query('campaigns', {
      timeRange: {
        start: isoOf(today - 6),
        end: isoOf(today),
        granularity: 'HOURLY',
        timeZone: 'ORTZ',
      },
      filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
      pagination: { offset: 0, pageSize: 5000 },
    });
    const apple = report.rows.flatMap((row) =>
      (row.granularMetrics ?? []).map((period) => {
        const {
          date,
          tapPreOrdersPlaced: _t,
          viewPreOrdersPlaced: _v,
          ...metrics
        } = toMetrics(period);
        return {
          campaignId: Number((row.metadata as Record<string, unknown>).id),
          date: date!.slice(0, 10),
          hour: Number(date!.slice(11, 13)),
          ...metrics,
        };
      }),
    );
    // Whole days only: today's hours still move after the sync.
    const completed = apple.filter((row) => row.date < isoOf(today));
    const stored = (
      await db
        .select()
        .from(campaignHourlyFacts)
        .where(eq(campaignHourlyFacts.teamId, synced.teamId))
    ).filter((row) => row.date < isoOf(today));
    const byKey = (rows: { campaignId: number; date: string; hour: number }[]) =>
      rows.map((row) => `${row.campaignId} ${row.date} ${row.hour}`).sort();
    expect(byKey(stored)).toEqual(byKey(completed));
    for (const hour of completed.filter((row) => row.impressions > 0).slice(0, 40)) {
      const match = stored.find(
        (row) =>
          row.campaignId === hour.campaignId && row.date === hour.date && row.hour === hour.hour,
      );
      expect(match).toMatchObject(hour);
    }
    expect(completed.some((row) => row.impressions > 0)).toBe(true);
  });

  it('replaces a re-synced window instead of adding to it', async () => {
    const before = await factSnapshot(synced.teamId);
    const { syncId } = await startSync(
      server.context,
      synced.teamId,
      synced.integration.id,
      'DAILY',
    );
    expect((await waitForSync(server, synced.teamId, syncId)).status).toBe('DONE');
    const again = await startSync(server.context, synced.teamId, synced.integration.id, 'FIRST');
    expect((await waitForSync(server, synced.teamId, again.syncId)).status).toBe('DONE');
    expect(await factSnapshot(synced.teamId)).toEqual(before);
  });
});

describe('resume', () => {
  it('resumes an interrupted sync from its checkpoint with the same data', async () => {
    const expected = await factSnapshot(synced.teamId);
    const ctx = handContext();
    const { syncId } = await startSync(ctx, synced.teamId, synced.integration.id, 'FIRST');
    let steps = 0;
    await expect(
      runSync(ctx, synced.teamId, syncId, {
        afterStep: () => {
          if (++steps === 6) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const interrupted = await findSyncRun(server.database.db, synced.teamId, syncId);
    expect(interrupted!.completedSteps.length).toBeGreaterThanOrEqual(6);
    expect(interrupted?.status).toBe('FAILED');

    const resumedSteps: string[] = [];
    await runSync(ctx, synced.teamId, syncId, { afterStep: (key) => void resumedSteps.push(key) });
    const finished = await findSyncRun(server.database.db, synced.teamId, syncId);
    expect(finished?.status).toBe('DONE');
    expect(resumedSteps.filter((key) => interrupted!.completedSteps.includes(key))).toEqual([]);
    expect(new Set(finished!.completedSteps).size).toBe(finished!.completedSteps.length);
    expect(await factSnapshot(synced.teamId)).toEqual(expected);
  });
});

/** The stored impression share rows of a company, in a stable order. */
async function storedShares(teamId: string) {
  const rows = await server.database.db
    .select()
    .from(impressionShareFacts)
    .where(eq(impressionShareFacts.teamId, teamId));
  return rows
    .map(({ teamId: _team, ...row }) => row)
    .sort((a, b) =>
      `${a.adamId}|${a.countryOrRegion}|${a.searchTerm}|${a.day}`.localeCompare(
        `${b.adamId}|${b.countryOrRegion}|${b.searchTerm}|${b.day}`,
      ),
    );
}

describe('impression share', () => {
  it("stores Apple's daily share of the account's apps over the window", async () => {
    const { adAccountId } = synced.integration.adAccounts[0]!;
    const adamIds = [
      ...new Set(
        (
          await server.database.db
            .select({ adamId: campaigns.adamId })
            .from(campaigns)
            .where(eq(campaigns.teamId, synced.teamId))
        ).map((row) => row.adamId),
      ),
    ];
    const window = impressionShareWindow(new Date());
    const apple = await sandboxReader(sandbox)
      .forAccount(adAccountId)
      .insights.impressionShare({
        timeRange: { ...window, granularity: 'DAILY' },
        filters: [{ field: 'promotedObjectId', operator: 'IN', value: adamIds.map(String) }],
        pagination: { pageSize: 10_000 },
      });
    const stored = await storedShares(synced.teamId);
    expect(apple.rows.length).toBeGreaterThan(0);
    expect(stored).toHaveLength(apple.rows.length);
    const first = apple.rows[0]!;
    expect(stored).toContainEqual({
      adAccountId,
      adamId: Number(first.promotedObjectId),
      countryOrRegion: first.countryOrRegion,
      searchTerm: first.searchTerm.toLowerCase(),
      day: first.day,
      lowShare: first.lowImpressionShare,
      highShare: first.highImpressionShare,
      rank: first.rank,
      searchPopularity: first.searchPopularity1to5,
    });
    for (const row of stored) {
      expect(row.day >= window.start && row.day <= window.end).toBe(true);
      expect(adamIds).toContain(row.adamId);
    }
  });

  it("keeps the apps' search term totals over the window equal to the sums of the facts", async () => {
    const window = impressionShareWindow(new Date());
    const query = (text: string, values: unknown[]) =>
      server.database.sql.query<Record<string, unknown>>(text, values);
    const order = 'ORDER BY ad_account_id, adam_id, campaign_id, search_term';
    const { rows: totals } = await query(
      `SELECT ad_account_id::text, adam_id::text, campaign_id::text, search_term,
         impressions::text, taps::text, tap_installs::text, total_installs::text,
         local_spend_micros::text
       FROM search_term_share_totals WHERE team_id = $1 ${order}`,
      [synced.teamId],
    );
    const { rows: sums } = await query(
      `SELECT ad_account_id::text, adam_id::text, campaign_id::text,
         lower(search_term_text) AS search_term, sum(impressions)::text AS impressions,
         sum(taps)::text AS taps, sum(tap_installs)::text AS tap_installs,
         sum(total_installs)::text AS total_installs,
         sum(local_spend_micros)::text AS local_spend_micros
       FROM search_term_report_facts
       WHERE team_id = $1 AND grain = 'DAILY' AND date BETWEEN $2 AND $3
         AND search_term_text <> ''
       GROUP BY ad_account_id, adam_id, campaign_id, lower(search_term_text) ${order}`,
      [synced.teamId, window.start, window.end],
    );
    expect(sums.length).toBeGreaterThan(0);
    expect(totals).toEqual(sums);
  });

  it('is skipped by an incremental sync when the newest stored day is the last of the window', async () => {
    const db = server.database.db;
    // A marker Apple would never send: an incremental sync that asked again would replace it.
    await db
      .update(impressionShareFacts)
      .set({ rank: 99 })
      .where(eq(impressionShareFacts.teamId, synced.teamId));
    const { syncId } = await startSync(
      server.context,
      synced.teamId,
      synced.integration.id,
      'DAILY',
    );
    const run = await waitForSync(server, synced.teamId, syncId);
    expect(run.status).toBe('DONE');
    expect(run.completedSteps.filter((key) => key.startsWith('impression-share:'))).toHaveLength(1);
    expect((await storedShares(synced.teamId)).every((row) => row.rank === 99)).toBe(true);
    // A first sync always asks again.
    const again = await startSync(server.context, synced.teamId, synced.integration.id, 'FIRST');
    expect((await waitForSync(server, synced.teamId, again.syncId)).status).toBe('DONE');
    expect((await storedShares(synced.teamId)).some((row) => row.rank === 99)).toBe(false);
  });

  it('is not asked again by a sync resumed after the step', async () => {
    const expected = await storedShares(synced.teamId);
    const ctx = handContext();
    const { syncId } = await startSync(ctx, synced.teamId, synced.integration.id, 'FIRST');
    await expect(
      runSync(ctx, synced.teamId, syncId, {
        afterStep: (key) => {
          if (key.startsWith('impression-share:')) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    await server.database.db
      .delete(impressionShareFacts)
      .where(eq(impressionShareFacts.teamId, synced.teamId));
    const resumedSteps: string[] = [];
    await runSync(ctx, synced.teamId, syncId, { afterStep: (key) => void resumedSteps.push(key) });
    expect((await findSyncRun(server.database.db, synced.teamId, syncId))?.status).toBe('DONE');
    expect(resumedSteps.some((key) => key.startsWith('impression-share:'))).toBe(false);
    // Rows deleted after the checkpoint stay deleted: the resumed sync did not read them again.
    expect(await storedShares(synced.teamId)).toEqual([]);
    const refill = await startSync(ctx, synced.teamId, synced.integration.id, 'FIRST');
    await runSync(ctx, synced.teamId, refill.syncId);
    expect(await storedShares(synced.teamId)).toEqual(expected);
  });

  it('stores nothing for an account Apple refuses (400) and lets the sync succeed', async () => {
    const company = await connectSandboxCompany(server, sandbox);
    await waitForSync(server, company.teamId, company.syncId);
    expect((await storedShares(company.teamId)).length).toBeGreaterThan(0);
    const ctx = handContext();
    const infos: unknown[] = [];
    ctx.logger = Object.assign(Object.create(ctx.logger) as JobContext['logger'], {
      info: (...args: unknown[]) => void infos.push(args),
    });
    const { syncId } = await startSync(ctx, company.teamId, company.integration.id, 'FIRST');
    await runSync(ctx, company.teamId, syncId, {
      // An app the account does not promote: the sandbox answers 400 INVALID_VALUE, as Apple
      // does for an account without recent delivery.
      afterStep: async (key) => {
        if (key.startsWith('entities:'))
          await server.database.db
            .update(campaigns)
            .set({ adamId: 1 })
            .where(eq(campaigns.teamId, company.teamId));
      },
    });
    expect((await findSyncRun(server.database.db, company.teamId, syncId))?.status).toBe('DONE');
    expect(await storedShares(company.teamId)).toEqual([]);
    expect(JSON.stringify(infos)).toContain('no impression share');
  });
});

describe('stalled syncs', () => {
  it('resumes a run whose worker stopped checkpointing, from its checkpoint', async () => {
    const expected = await factSnapshot(synced.teamId);
    const ctx = handContext();
    const { syncId } = await startSync(ctx, synced.teamId, synced.integration.id, 'FIRST');
    let steps = 0;
    await expect(
      runSync(ctx, synced.teamId, syncId, {
        afterStep: () => {
          if (++steps === 4) throw new Error('worker lost');
        },
      }),
    ).rejects.toThrow('worker lost');
    // What a killed process leaves behind: still RUNNING, no checkpoint for a while.
    const quietSince = new Date(Date.now() - (STALLED_SYNC_MINUTES + 1) * 60_000);
    await server.database.db
      .update(syncRuns)
      .set({ status: 'RUNNING', heartbeatAt: quietSince })
      .where(eq(syncRuns.id, syncId));
    const fresh = await startSync(ctx, synced.teamId, synced.integration.id, 'DAILY');

    const resumed = await resumeStalledSyncs(server.context, new Date());
    expect(resumed).toBe(1);
    const finished = await waitForSync(server, synced.teamId, syncId);
    expect(finished.status).toBe('DONE');
    expect(new Set(finished.completedSteps).size).toBe(finished.completedSteps.length);
    expect(await factSnapshot(synced.teamId)).toEqual(expected);
    // A run that checkpoints is left alone.
    expect((await findSyncRun(server.database.db, synced.teamId, fresh.syncId))?.status).toBe(
      'RUNNING',
    );
    await server.database.db
      .update(syncRuns)
      .set({ status: 'FAILED' })
      .where(eq(syncRuns.id, fresh.syncId));
  });
});

describe('deletion during a sync', () => {
  it('stops the sync before its next step and leaves no data behind', async () => {
    const company = await connectSandboxCompany(server, sandbox);
    await waitForSync(server, company.teamId, company.syncId);
    const ctx = handContext();
    const { syncId } = await startSync(ctx, company.teamId, company.integration.id, 'FIRST');
    const api = apiClient(server.url);
    let steps = 0;
    await runSync(ctx, company.teamId, syncId, {
      afterStep: async () => {
        if (++steps !== 3) return;
        const answer = await api.rest('DELETE', 'integration', undefined, company.session);
        expect(answer.status).toBe(200);
      },
    });
    const stopped = await findSyncRun(server.database.db, company.teamId, syncId);
    const deadline = Date.now() + 30_000;
    while ((await findIntegration(server.database.db, company.teamId)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));

    expect(stopped).toMatchObject({ status: 'FAILED', error: 'Integration removed' });
    expect(stopped!.progress).toBeLessThan(100);
    expect(await findIntegration(server.database.db, company.teamId)).toBeNull();
    expect(Object.values(await factSnapshot(company.teamId))).toEqual(
      Object.keys(FACT_TABLES).map(() => 0),
    );
  });
});

describe('Apple failures', () => {
  it('slows down through 429 bursts and 500s and completes', async () => {
    const company = await connectSandboxCompany(server, sandbox);
    sandbox.setFaults({ rateLimitBurst: 3, serverErrors: 2, retryAfterSeconds: 1 });
    try {
      const run = await waitForSync(server, company.teamId, company.syncId);
      expect(run.status).toBe('DONE');
    } finally {
      sandbox.resetFaults();
    }
    expect(await factSnapshot(company.teamId)).toEqual(await factSnapshot(synced.teamId));
  });

  it('marks a revoked integration INVALID, logs the failure, tells Slack and stops syncing', async () => {
    const company = await connectSandboxCompany(server, sandbox);
    await waitForSync(server, company.teamId, company.syncId);
    await installSandboxSlack(server.context, company.teamId, sandbox, {
      id: 'C0ADSALERT',
      name: 'apple-ads-alerts',
    });
    sandbox.revokeApiUser(company.clientId);
    const { syncId } = await startSync(
      server.context,
      company.teamId,
      company.integration.id,
      'DAILY',
    );
    const run = await waitForSync(server, company.teamId, syncId);
    expect(run).toMatchObject({ status: 'FAILED', errCode: 'INVALID_INTEGRATION' });

    const api = apiClient(server.url);
    const info = await api.graphql<{ getIntegrationInfo: { invalid: boolean } }>(
      '{ getIntegrationInfo { invalid } }',
      {},
      company.session,
    );
    expect(info.data?.getIntegrationInfo.invalid).toBe(true);
    const states = await api.rest<{ invalid: boolean }[]>(
      'GET',
      'get-integrations-state',
      undefined,
      company.session,
    );
    expect(states.body.data[0]?.invalid).toBe(true);
    const logs = await listActivityLogs(server.database.db, company.teamId);
    expect(logs.map((log) => log.logType)).toContain('integration_failure');
    expect(sandbox.slack.messages().at(-1)).toMatchObject({
      channelName: 'apple-ads-alerts',
      text: 'Unable to sync data due to an invalid integration, see integrations page. Invalid integration, Please add again.',
    });
    const manual = await api.graphql(
      'mutation { invokeManualSync { successMessage } }',
      {},
      company.session,
    );
    expect(manual.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.INVALID_INTEGRATION);
  });
});

describe('manual sync', () => {
  it('is refused within the cooldown and answers counts when allowed', async () => {
    const api = apiClient(server.url);
    const mutation =
      'mutation { invokeManualSync { successMessage data { syncId campaignsCount adgroupsCount keywordsCount } } }';
    const refused = await api.graphql(mutation, {}, synced.session);
    expect(refused.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.SYNC_TOO_SOON);

    await server.database.db
      .update(syncRuns)
      .set({ startedAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(syncRuns.teamId, synced.teamId)));
    const allowed = await api.graphql<{
      invokeManualSync: { successMessage: string; data: Record<string, number | string> };
    }>(mutation, {}, synced.session);
    expect(allowed.errors).toBeUndefined();
    const data = allowed.data!.invokeManualSync.data;
    expect(data).toMatchObject({ campaignsCount: 4, adgroupsCount: expect.any(Number) });
    expect(await api.graphql(mutation, {}, synced.session)).toMatchObject({
      errors: [{ extensions: { code: ERROR_CODES.SYNC_TOO_SOON } }],
    });
    await waitForSync(server, synced.teamId, String(data.syncId));
  });
});

describe('progress socket', () => {
  it('answers syncprogress:check and reports progress up to 100', async () => {
    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: synced.session.token, sessId: synced.session.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const events: SyncProgressEvent[] = [];
    socket.on(SOCKET_EVENTS.syncProgress, (event: SyncProgressEvent) => events.push(event));
    const answer = (await socket.emitWithAck(SOCKET_EVENTS.syncCheck, {
      teamId: synced.teamId,
    })) as SyncProgressEvent;
    expect(answer).toMatchObject({ done: true, progress: 100, error: null, errCode: null });
    expect(answer.bfrInfo.firstSyncCD).toBe(false);

    const refused = (await socket.emitWithAck(SOCKET_EVENTS.syncCheck, {
      teamId: '00000000-0000-4000-8000-000000000000',
    })) as { code: number };
    expect(refused.code).toBe(ERROR_CODES.FORBIDDEN);

    const { syncId } = await startSync(
      server.context,
      synced.teamId,
      synced.integration.id,
      'DAILY',
    );
    await waitForSync(server, synced.teamId, syncId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const last = events.at(-1)!;
    expect(last).toMatchObject({ syncId, done: true, mode: 'DAILY', progress: 100 });
    expect(events.some((event) => !event.done && event.progress < 100)).toBe(true);
    socket.close();
  });
});
