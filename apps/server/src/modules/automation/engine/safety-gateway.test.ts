// The safety gateway against the in-process Apple Ads sandbox, over a company synced through the
// real API: generated rules never change a bid beyond the caps, dry runs make no Apple call, a
// run executed again applies nothing twice, a kill switch lets no write out, and a run's revert
// restores Apple's values.
import type { AccountClient, Keyword } from '@tapwise/apple-ads';
import { amountToMicros } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  AUTOMATION_MESSAGES,
  type AutomationRuleInput,
  type RuleActionInput,
} from '@tapwise/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import {
  connectSandboxCompany,
  sandboxReader,
  allowingSandbox,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../../sync/sync-test-kit';
import {
  automationActor,
  countRequests,
  everyKeywordOf,
  insertTestRule,
  recordingContext,
  setGlobalKillSwitch,
  setKillSwitch,
} from './engine-test-kit';
import { installSandboxSlack } from '../../slack/slack-factories';
import { revertRun, REVERT_MESSAGES } from './revert';
import { executeRun, runDueRules, startRuleRun, type EngineContext } from './rule-runner';
import { findRun, listRunChanges, updateChange, updateRun } from './rule-runs.repository';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let ctx: EngineContext;
let apple: AccountClient;
let appleOrigin: string;
/** Ad groups of the sandbox's `new` scenario (8 keywords each), one per test group. */
let adGroupIds: number[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(allowingSandbox(sandbox), { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  // Synced: from here on only the engine under test talks to Apple.
  await server.jobs.stop();
  ctx = recordingContext(server.context).ctx;
  const adAccountId = sandbox.accounts()[0]!.id;
  apple = sandboxReader(sandbox).forAccount(adAccountId);
  appleOrigin = new URL(sandbox.url).origin;
  adGroupIds = [];
  defaultBids = new Map();
  for await (const page of apple.adGroups.all())
    for (const group of page) {
      adGroupIds.push(group.id);
      if (group.bidStrategy.bid)
        defaultBids.set(group.id, amountToMicros(group.bidStrategy.bid.amount));
    }
  adGroupIds.sort((a, b) => a - b);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

async function keywordsOf(adGroupId: number): Promise<Map<number, Keyword>> {
  const page = await apple.keywords.query({
    filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }],
    pagination: { offset: 0, pageSize: 1000 },
  });
  return new Map(page.result.map((keyword) => [keyword.id, keyword]));
}
/** Apple's bid of each keyword: its own, else its ad group's default bid (as rules read it). */
let defaultBids: Map<number, number>;
const bidOf = (keyword: Keyword | undefined) =>
  keyword?.bid ? amountToMicros(keyword.bid.amount) : (defaultBids.get(keyword!.adGroupId) ?? null);

async function startRun(input: AutomationRuleInput, dryRun: boolean) {
  const rule = await insertTestRule(server.database.db, company.teamId, input);
  return (await startRuleRun(ctx, automationActor(company.teamId), rule.id, dryRun)).runId;
}

const changesOf = (runId: string, statuses: Parameters<typeof listRunChanges>[3]) =>
  listRunChanges(server.database.db, company.teamId, runId, statuses);

const bidAction = fc.oneof(
  fc.record({
    operation: fc.constant('SET_TO' as const),
    unit: fc.constant('AMOUNT' as const),
    value: fc.integer({ min: 5, max: 800 }).map((cents) => cents / 100),
  }),
  fc.record({
    operation: fc.constantFrom('INCREASE_BY' as const, 'DECREASE_BY' as const),
    unit: fc.constant('PERCENT' as const),
    value: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({
    operation: fc.constantFrom('INCREASE_BY' as const, 'DECREASE_BY' as const),
    unit: fc.constant('AMOUNT' as const),
    value: fc.integer({ min: 1, max: 500 }).map((cents) => cents / 100),
  }),
);
const caps = fc.record({
  maxChangePercent: fc.integer({ min: 1, max: 100 }),
  maxBidChange: fc.integer({ min: 1, max: 300 }).map((cents) => (cents / 100).toFixed(2)),
  maxChangesPerRun: fc.integer({ min: 1, max: 8 }),
});

describe('caps (property)', () => {
  it('never applies a bid change beyond the caps, nor more changes than the cap', async () => {
    const adGroupId = adGroupIds[0]!;
    let appliedInAll = 0;
    await fc.assert(
      fc.asyncProperty(bidAction, caps, async (action, limits) => {
        const before = await keywordsOf(adGroupId);
        const runId = await startRun(
          everyKeywordOf(adGroupId, [{ type: 'CHANGE_BID', ...action }], limits),
          false,
        );
        await executeRun(ctx, runId);
        const after = await keywordsOf(adGroupId);
        const applied = await changesOf(runId, ['APPLIED']);
        const changed = [...after.values()].filter(
          (keyword) => bidOf(keyword) !== bidOf(before.get(keyword.id)),
        );
        appliedInAll += applied.length;
        expect(changed.length).toBeLessThanOrEqual(limits.maxChangesPerRun);
        expect(changed.map((keyword) => String(keyword.id)).sort()).toEqual(
          applied.map((change) => change.entityId).sort(),
        );
        for (const keyword of changed) {
          const old = bidOf(before.get(keyword.id))!;
          const delta = Math.abs(bidOf(keyword)! - old);
          expect(delta).toBeLessThanOrEqual((old * limits.maxChangePercent) / 100);
          expect(delta).toBeLessThanOrEqual(amountToMicros(limits.maxBidChange));
        }
      }),
      { numRuns: 6 },
    );
    // Not vacuous: the generated runs did change bids.
    expect(appliedInAll).toBeGreaterThan(0);
  }, 240_000);
});

describe('dry runs (property)', () => {
  it('make no Apple call at all and record what would change', async () => {
    const adGroupId = adGroupIds[1]!;
    const action = fc.oneof(
      bidAction.map((change): RuleActionInput => ({ type: 'CHANGE_BID', ...change })),
      fc.constantFrom<RuleActionInput>(
        { type: 'PAUSE' },
        { type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'CAMPAIGN' },
      ),
    );
    await fc.assert(
      fc.asyncProperty(action, async (ruleAction) => {
        const runId = await startRun(everyKeywordOf(adGroupId, [ruleAction]), true);
        const { requests } = await countRequests(appleOrigin, () => executeRun(ctx, runId));
        expect(requests).toEqual([]);
        const run = await findRun(server.database.db, company.teamId, runId);
        expect(run).toMatchObject({ status: 'CONDITION MATCHED', matched: 8 });
        expect((await changesOf(runId, ['PLANNED'])).length).toBeGreaterThan(0);
      }),
      { numRuns: 5 },
    );
  }, 120_000);
});

describe('idempotency (property)', () => {
  it('applies a run executed again only once', async () => {
    const adGroupId = adGroupIds[2]!;
    await fc.assert(
      fc.asyncProperty(bidAction, async (action) => {
        const runId = await startRun(
          everyKeywordOf(adGroupId, [{ type: 'CHANGE_BID', ...action }]),
          false,
        );
        await executeRun(ctx, runId);
        const once = await keywordsOf(adGroupId);
        const applied = await changesOf(runId, ['APPLIED']);
        // The job delivered twice, and a retry after a crash that finished nothing.
        const again = await countRequests(appleOrigin, async () => {
          await executeRun(ctx, runId);
          await updateRun(server.database.db, company.teamId, runId, {
            finishedAt: null,
            status: 'PENDING',
          });
          await executeRun(ctx, runId);
        });
        expect(again.requests).toEqual([]);
        expect([...(await keywordsOf(adGroupId)).values()].map(bidOf)).toEqual(
          [...once.values()].map(bidOf),
        );
        expect(await changesOf(runId, ['APPLIED'])).toHaveLength(applied.length);
      }),
      { numRuns: 4 },
    );
  }, 120_000);

  it('re-sends a change left PENDING by a crash with the amount recorded, not again', async () => {
    const adGroupId = adGroupIds[3]!;
    const runId = await startRun(
      everyKeywordOf(adGroupId, [
        { type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'PERCENT', value: 10 },
      ]),
      false,
    );
    await executeRun(ctx, runId);
    const once = await keywordsOf(adGroupId);
    const [change] = await changesOf(runId, ['APPLIED']);
    // Sent to Apple, but the worker died before recording it.
    await updateChange(server.database.db, company.teamId, change!.id, {
      status: 'PENDING',
      appliedAt: null,
    });
    await updateRun(server.database.db, company.teamId, runId, {
      finishedAt: null,
      status: 'PENDING',
    });
    await executeRun(ctx, runId);
    expect([...(await keywordsOf(adGroupId)).values()].map(bidOf)).toEqual(
      [...once.values()].map(bidOf),
    );
    expect((await changesOf(runId, ['APPLIED'])).map((each) => each.id)).toContain(change!.id);
  });
});

describe('kill switches (property)', () => {
  it('let no write leave Tapwise while on', async () => {
    const adGroupId = adGroupIds[4]!;
    const db = server.database.db;
    await fc.assert(
      fc.asyncProperty(bidAction, fc.boolean(), async (action, global) => {
        const before = await keywordsOf(adGroupId);
        const rule = await insertTestRule(
          db,
          company.teamId,
          everyKeywordOf(adGroupId, [{ type: 'CHANGE_BID', ...action }, { type: 'PAUSE' }]),
          { enabled: true, nextRunAt: new Date(Date.now() - 60_000) },
        );
        if (global) await setGlobalKillSwitch(db, true);
        else await setKillSwitch(db, company.teamId, true);
        try {
          const { requests } = await countRequests(appleOrigin, () =>
            runDueRules(ctx, new Date(), 'SCHEDULED', company.teamId),
          );
          expect(requests).toEqual([]);
        } finally {
          await setGlobalKillSwitch(db, false);
          await setKillSwitch(db, company.teamId, false);
        }
        const [run] = await server.database.sql
          .query<{ id: string }>('SELECT id FROM automation_rule_runs WHERE rule_id = $1', [
            rule.id,
          ])
          .then((result) => result.rows);
        const changes = await changesOf(run!.id, ['SKIPPED', 'APPLIED', 'PENDING', 'FAILED']);
        expect(changes.length).toBeGreaterThan(0);
        expect(new Set(changes.map((change) => change.message))).toEqual(
          new Set([
            global ? AUTOMATION_MESSAGES.globalKillSwitchOn : AUTOMATION_MESSAGES.killSwitchOn,
          ]),
        );
        expect([...(await keywordsOf(adGroupId)).values()].map(bidOf)).toEqual(
          [...before.values()].map(bidOf),
        );
      }),
      { numRuns: 4 },
    );
  }, 120_000);
});

describe('revert', () => {
  it("restores Apple's bids and statuses, skips what changed since, and reverts only once", async () => {
    const adGroupId = adGroupIds[5]!;
    const before = await keywordsOf(adGroupId);
    const runId = await startRun(
      everyKeywordOf(adGroupId, [
        { type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'PERCENT', value: 20 },
        { type: 'PAUSE' },
      ]),
      false,
    );
    await executeRun(ctx, runId);
    expect(await findRun(server.database.db, company.teamId, runId)).toMatchObject({
      status: 'SUCCESS',
    });
    const changed = await keywordsOf(adGroupId);
    const enabledBefore = [...before.values()].filter((keyword) => keyword.status === 'ENABLED');
    expect([...changed.values()].every((keyword) => keyword.status === 'PAUSED')).toBe(true);
    // Someone changes one bid in Apple after the run.
    const [touched] = [...changed.values()];
    await apple.keywords.update(touched!.id, {
      bid: { amount: '4.44', currency: touched!.bid!.currency },
    });

    const actor = automationActor(company.teamId);
    const result = await revertRun(ctx, actor, runId);
    expect(result).toEqual({ reverted: 8 + enabledBefore.length - 1, skipped: 1 });
    const restored = await keywordsOf(adGroupId);
    for (const [id, keyword] of restored) {
      expect(keyword.status).toBe(before.get(id)!.status);
      expect(bidOf(keyword)).toBe(id === touched!.id ? 4_440_000 : bidOf(before.get(id)));
    }
    const skipped = await changesOf(runId, ['SKIPPED']);
    expect(skipped).toMatchObject([
      {
        entityId: String(touched!.id),
        action: 'CHANGE_BID',
        message: REVERT_MESSAGES.changedSince,
      },
    ]);
    expect(await findRun(server.database.db, company.teamId, runId)).toHaveProperty(
      'revertedAt',
      expect.any(Date),
    );

    const { requests } = await countRequests(appleOrigin, () =>
      expect(revertRun(ctx, actor, runId)).rejects.toMatchObject({
        message: AUTOMATION_MESSAGES.nothingToRevert,
      }),
    );
    expect(requests).toEqual([]);
  });
});

describe('search terms', () => {
  it('promotes terms as keywords and negatives, and the revert deletes them again', async () => {
    const [source, destination] = [adGroupIds[6]!, adGroupIds[7]!];
    const adAccountId = sandbox.accounts()[0]!.id;
    const rule = await insertTestRule(server.database.db, company.teamId, {
      name: 'Promote terms',
      target: 'SEARCH_TERM',
      scope: {
        adAccountIds: [],
        adamIds: [],
        campaignIds: [],
        adGroupIds: [source],
        keywordIds: [],
      },
      lookback: { range: 'LAST_30_DAYS' },
      matchMode: 'ALL',
      conditions: [{ metric: 'impressions', comparator: 'GREATER_THAN', value: -1 }],
      actions: [
        { type: 'ADD_AS_KEYWORD', matchType: 'EXACT', adAccountId, adGroupId: destination },
        { type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' },
      ],
      checkFrequency: 'DAILY',
      caps: { maxChangesPerRun: 4 },
    });
    const { runId } = await startRuleRun(ctx, automationActor(company.teamId), rule.id, false);
    await executeRun(ctx, runId);
    const applied = await changesOf(runId, ['APPLIED']);
    expect(applied).toHaveLength(4);
    const live = async () => {
      const [keywords, negatives] = await Promise.all([
        apple.keywords.query({
          filters: [{ field: 'adGroupId', operator: 'EQUALS', value: destination }],
          pagination: { offset: 0, pageSize: 1000 },
        }),
        apple.negativeKeywords.query({
          filters: [{ field: 'adGroupId', operator: 'EQUALS', value: source }],
          pagination: { offset: 0, pageSize: 1000 },
        }),
      ]);
      return [
        ...keywords.result
          .filter((keyword) => !keyword.deleted)
          .map((keyword) => `ADD_AS_KEYWORD ${keyword.text.toLowerCase()}`),
        ...negatives.result
          .filter((negative) => !negative.deleted)
          .map((negative) => `ADD_AS_NEGATIVE_KEYWORD ${negative.text.toLowerCase()}`),
      ];
    };
    const added = applied.map(
      (change) => `${change.action} ${String(change.after!.text).toLowerCase()}`,
    );
    expect(await live()).toEqual(expect.arrayContaining(added));

    const result = await revertRun(ctx, automationActor(company.teamId), runId);
    expect(result).toEqual({ reverted: 4, skipped: 0 });
    const remaining = await live();
    for (const each of added) expect(remaining).not.toContain(each);
  });
});

describe('e-mail notification', () => {
  it('mails the recipients once what a real run matched and changed', async () => {
    const adGroupId = adGroupIds[8]!;
    const runId = await startRun(
      everyKeywordOf(adGroupId, [
        { type: 'PAUSE' },
        {
          type: 'EMAIL_NOTIFICATION',
          recipients: { emails: ['ops@acme.test'], externalEmails: ['agency@partner.test'] },
        },
      ]),
      false,
    );
    await executeRun(ctx, runId);
    await updateRun(server.database.db, company.teamId, runId, { finishedAt: null });
    await executeRun(ctx, runId);
    const { rows } = await server.database.sql.query<{ recipient: string; text: string }>(
      "SELECT recipient, text FROM mail_outbox WHERE template = 'ruleRun' ORDER BY recipient",
    );
    expect(rows.map((row) => row.recipient)).toEqual(['agency@partner.test', 'ops@acme.test']);
    expect(rows[0]!.text).toContain('matched 8');
    expect(rows[0]!.text).toContain('PAUSE keyword');
    expect(await changesOf(runId, ['APPLIED'])).toContainEqual(
      expect.objectContaining({
        action: 'EMAIL_NOTIFICATION',
        entityName: 'ops@acme.test, agency@partner.test',
      }),
    );
  });
});

describe('Slack notification', () => {
  it('posts once per run to each channel, listing what matched, and records a refused channel', async () => {
    await installSandboxSlack(server.context, company.teamId, sandbox);
    const before = sandbox.slack.messages().length;
    const runId = await startRun(
      everyKeywordOf(adGroupIds[8]!, [
        {
          type: 'SLACK_NOTIFICATION',
          channels: [
            { id: 'C0GENERAL1', name: 'general' },
            { id: 'C0RANDOM01', name: 'random' },
          ],
        },
      ]),
      false,
    );
    await executeRun(ctx, runId);
    await updateRun(server.database.db, company.teamId, runId, { finishedAt: null });
    await executeRun(ctx, runId);
    const posted = sandbox.slack.messages().slice(before);
    expect(posted.map((message) => message.channelName)).toEqual(['general', 'random']);
    expect(posted[0]!.text).toMatch(/^Rule “Keyword rule \d+” matched 8$/);
    expect(posted[0]!.blocks).toContainEqual(expect.objectContaining({ type: 'section' }));
    expect(await changesOf(runId, ['APPLIED'])).toContainEqual(
      expect.objectContaining({ action: 'SLACK_NOTIFICATION', entityName: '#general, #random' }),
    );

    const refused = await startRun(
      everyKeywordOf(adGroupIds[8]!, [
        { type: 'SLACK_NOTIFICATION', channels: [{ id: 'G0LEADERS1', name: 'leadership' }] },
      ]),
      false,
    );
    await executeRun(ctx, refused);
    expect(await changesOf(refused, ['FAILED'])).toContainEqual(
      expect.objectContaining({
        action: 'SLACK_NOTIFICATION',
        message: 'Slack refused the request: channel_not_found',
      }),
    );
  });
});

describe('fresh data', () => {
  it("queues the company's due rules as soon as its sync lands", async () => {
    const { rows } = await server.database.sql.query<{ data: unknown }>(
      "SELECT data FROM pgboss.job WHERE name = 'automation.tick'",
    );
    expect(rows.map((row) => row.data)).toContainEqual({
      teamId: company.teamId,
      syncId: company.syncId,
    });
  });
});
