// Strategies through the real API: create, edit and delete with the spec's validation and
// messages, names unique per app whatever the case, members who may not change them and other
// companies; the timeline picking up the activity log's changes to the strategy's entities (and
// nothing else), notes and deletes; and the before/after numbers equal to a hand sum of the
// stored facts (docs/strategies.md).
import {
  ERROR_CODES,
  STRATEGY_MESSAGES,
  ZERO_COUNTS,
  englishValidationMessage,
  type MetricCounts,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { insertActivityLog } from '../activity-log/activity-log.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let otherAdmin: Session;
let account: SeededAccount;
let elsewhere: SeededAccount;
let otherCompanyId: string;
let companyId: string;

const DAYS = Array.from({ length: 20 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
/** Each keyword's counts on a day: different per keyword and day, so sums tell them apart. */
const countsOn = (keywordIndex: number, dayIndex: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100 + dayIndex,
  taps: 10 + keywordIndex,
  tapInstalls: 2 + keywordIndex,
  totalInstalls: 3 + keywordIndex,
  localSpendMicros: (dayIndex + 1) * 1_000_000 + keywordIndex * 10_000,
});

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

async function gql(query: string, variables: Record<string, unknown> = {}, session = admin) {
  return apiClient(server.url).graphql<Record<string, unknown>>(query, variables, session);
}

async function data<T>(query: string, variables: Record<string, unknown> = {}, session = admin) {
  const answer = await gql(query, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data as T;
}

const SAVE = `mutation($strategyId: ID, $input: StrategyInput!) {
  saveStrategy(strategyId: $strategyId, input: $input) {
    strategyId name adamId appName description goals secondaryGoal currency deleted
    targetEntities { level adAccountId id name }
  }
}`;
const LIST = `query($adamId: Float) { getAllStrategies(adamId: $adamId) { strategyId name } }`;
const DELETE = `mutation($strategyId: ID!) { delStrategy(strategyId: $strategyId) }`;
const TIMELINE = `query($strategyId: ID!, $category: String) {
  getAllTimelineEntries(strategyId: $strategyId, category: $category) {
    total
    strategy { name }
    entries {
      timelineId description category source occurredAt logId createdBy
      before { start end partial impressions taps installs tapInstalls spendMicros }
      after { start end partial impressions taps installs tapInstalls spendMicros }
    }
  }
}`;
const NOTE = `mutation($input: StrategyNoteInput!) { addStrategyNote(input: $input) }`;
const DELETE_ENTRY = `mutation($strategyId: ID!, $timelineId: ID!) {
  delStrategyTimeline(strategyId: $strategyId, timelineId: $timelineId)
}`;

interface TimelineAnswer {
  getAllTimelineEntries: {
    total: number;
    entries: {
      timelineId: string;
      description: string;
      category: string;
      source: string;
      logId: string | null;
      before: Record<string, number | string | boolean>;
      after: Record<string, number | string | boolean>;
    }[];
  };
}

const strategyInput = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  adamId: account.adamId,
  description: 'Raise bids on brand terms',
  goals: ['MORE_INSTALLS', 'LOWER_CPA'],
  secondaryGoal: 'MORE_TAPS',
  targetEntities: [{ level: 'CAMPAIGN', adAccountId: account.adAccountId, id: account.campaignId }],
  ...overrides,
});

async function createStrategy(name: string, overrides: Record<string, unknown> = {}) {
  const { saveStrategy } = await data<{ saveStrategy: { strategyId: string } }>(SAVE, {
    input: strategyInput(name, overrides),
  });
  return saveStrategy.strategyId;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  companyId = company.id;
  const signIn = async (teamId: string, options: Parameters<typeof createMember>[2]) => {
    const member = await createMember(db, teamId, options);
    return api.signIn(member.email, member.password);
  };
  admin = await signIn(company.id, { role: 'ADMIN' });
  readOnly = await signIn(company.id, { isReadOnly: true });
  const keyword = { status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 } as const;
  account = await seedAdsManagerAccount(
    db,
    company.id,
    [
      { ...keyword, text: 'alpha' },
      { ...keyword, text: 'beta' },
    ],
    'Strategy app',
  );
  elsewhere = await seedAdsManagerAccount(db, company.id, [{ ...keyword, text: 'gamma' }]);
  await writeAccountFacts(
    db,
    account,
    account.keywords.flatMap((entry, keywordIndex) =>
      DAYS.map((date, dayIndex) => ({
        keywordId: entry.id,
        grain: 'DAILY' as const,
        date,
        counts: countsOn(keywordIndex, dayIndex),
      })),
    ),
  );
  const other = await createCompany(db, 'Other company');
  otherCompanyId = other.id;
  otherAdmin = await signIn(other.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await server?.close();
});

describe('strategies', () => {
  it('creates, lists, edits and deletes a strategy with the spec messages', async () => {
    const { saveStrategy: created } = await data<{
      saveStrategy: { strategyId: string; targetEntities: { name: string }[]; currency: string };
    }>(SAVE, { input: strategyInput('Brand push') });
    expect(created).toMatchObject({
      name: 'Brand push',
      appName: 'Strategy app',
      goals: ['MORE_INSTALLS', 'LOWER_CPA'],
      secondaryGoal: 'MORE_TAPS',
      currency: 'USD',
      deleted: false,
    });
    expect(created.targetEntities[0]!.name).toBeTruthy();
    const listed = await data<{ getAllStrategies: { name: string }[] }>(LIST, {
      adamId: account.adamId,
    });
    expect(listed.getAllStrategies.map((s) => s.name)).toContain('Brand push');

    const { saveStrategy: edited } = await data<{ saveStrategy: { name: string } }>(SAVE, {
      strategyId: created.strategyId,
      input: strategyInput('Brand push two', {
        targetEntities: [
          { level: 'KEYWORD', adAccountId: account.adAccountId, id: account.keywords[1]!.id },
        ],
      }),
    });
    expect(edited.name).toBe('Brand push two');

    expect(await data(DELETE, { strategyId: created.strategyId })).toEqual({ delStrategy: true });
    const again = await gql(DELETE, { strategyId: created.strategyId });
    expect(answerMessage(again)).toBe(STRATEGY_MESSAGES.DELETE_FAILED);
    const after = await data<{ getAllStrategies: { strategyId: string }[] }>(LIST);
    expect(after.getAllStrategies.map((s) => s.strategyId)).not.toContain(created.strategyId);
  });

  it('refuses a live name of the app whatever its case, and allows a deleted one', async () => {
    const id = await createStrategy('Unique name');
    const taken = await gql(SAVE, { input: strategyInput('UNIQUE NAME') });
    expect(errorOf(taken)).toMatchObject({ error: 'CONFLICT', code: ERROR_CODES.CONFLICT });
    expect(answerMessage(taken)).toBe(STRATEGY_MESSAGES.NAME_EXISTS);
    await data(DELETE, { strategyId: id });
    expect(await createStrategy('Unique name')).toBeTruthy();
  });

  it('validates the strategy with the spec rules', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ description: '' }, 'description', 'This field is required.'],
      [
        { description: 'Bids & budgets!' },
        'description',
        'Only letters, numbers and spaces are allowed.',
      ],
      [
        { description: 'a'.repeat(251) },
        'description',
        'Description must be at most 250 characters.',
      ],
      [{ name: 'x' }, 'name', 'Must be between 2 and 50 characters.'],
      [{ goals: [] }, 'goals', 'This field is required.'],
      [
        { secondaryGoal: 'LOWER_CPA' },
        'secondaryGoal',
        'The secondary goal must not be one of the goals.',
      ],
      [
        { targetEntities: [] },
        'targetEntities',
        'Choose at least one campaign, ad group or keyword.',
      ],
      [
        {
          targetEntities: [
            { level: 'CAMPAIGN', adAccountId: account.adAccountId, id: account.campaignId },
            { level: 'CAMPAIGN', adAccountId: elsewhere.adAccountId, id: elsewhere.campaignId },
          ],
        },
        'targetEntities',
        'Choose entities of one ad account.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await gql(SAVE, { input: strategyInput('Checked', overrides) });
      expect(errorOf(answer), message).toMatchObject({ error: 'BAD_REQUEST' });
      expect(englishDetail(answer, field), message).toBe(message);
    }
  });

  it("refuses targets that are not the app's", async () => {
    const answer = await gql(SAVE, {
      input: strategyInput('Not mine', {
        targetEntities: [
          { level: 'CAMPAIGN', adAccountId: elsewhere.adAccountId, id: elsewhere.campaignId },
        ],
      }),
    });
    expect(errorOf(answer)).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('lets a read-only member read strategies but not change them', async () => {
    const id = await createStrategy('Read only view');
    expect((await gql(LIST, {}, readOnly)).errors).toBeUndefined();
    const refused = [
      [SAVE, { input: strategyInput('By viewer') }],
      [DELETE, { strategyId: id }],
      [NOTE, { input: { strategyId: id, description: 'A note', category: 'NOTE' } }],
    ] as const;
    for (const [query, variables] of refused)
      expect(errorOf(await gql(query, variables, readOnly))).toMatchObject({ error: 'FORBIDDEN' });
  });

  it("never shows or changes another company's strategy", async () => {
    const id = await createStrategy('Ours only');
    const theirs = await data<{ getAllStrategies: unknown[] }>(LIST, {}, otherAdmin);
    expect(theirs.getAllStrategies).toEqual([]);
    expect(errorOf(await gql(TIMELINE, { strategyId: id }, otherAdmin))).toMatchObject({
      error: 'NOT_FOUND',
    });
    expect(answerMessage(await gql(DELETE, { strategyId: id }, otherAdmin))).toBe(
      STRATEGY_MESSAGES.DELETE_FAILED,
    );
    const note = { strategyId: id, description: 'Sneaky', category: 'NOTE' };
    expect(errorOf(await gql(NOTE, { input: note }, otherAdmin))).toMatchObject({
      error: 'NOT_FOUND',
    });
  });
});

function answerMessage(answer: GraphQLAnswer): string | undefined {
  return answer.errors?.[0]?.message;
}

/** The English text of the validation message the answer gives for a field. */
function englishDetail(answer: GraphQLAnswer, field: string): string {
  const details = (errorOf(answer) as { details?: Record<string, string> }).details ?? {};
  return englishValidationMessage({ message: details[field] ?? '' });
}

describe('timeline', () => {
  it('picks up a change to a keyword under a target campaign, not one elsewhere or of another company', async () => {
    const db = server.database.db;
    const id = await createStrategy('Timeline picks');
    const change = (target: SeededAccount, keywordId: number) => ({
      level: 'keyword',
      adAccountId: target.adAccountId,
      entityId: String(keywordId),
      before: { bidMicros: 1_000_000 },
      after: { bidMicros: 1_500_000 },
      source: 'adsManager',
    });
    const picked = await insertActivityLog(db, companyId, {
      logType: 'keyword_bid_increased',
      message: 'Raised the bid of alpha',
      change: change(account, account.keywords[0]!.id),
    });
    await insertActivityLog(db, companyId, {
      logType: 'keyword_bid_increased',
      message: 'Raised the bid of gamma',
      change: change(elsewhere, elsewhere.keywords[0]!.id),
    });
    await insertActivityLog(db, otherCompanyId, {
      logType: 'keyword_bid_increased',
      message: 'Another company',
      change: change(account, account.keywords[0]!.id),
    });
    await insertActivityLog(db, companyId, {
      logType: 'keyword_paused',
      message: 'A rule paused beta',
      change: { ...change(account, account.keywords[1]!.id), source: 'automation' },
    });
    await insertActivityLog(db, companyId, { logType: 'member_invited', message: 'Not a change' });

    const first = await data<TimelineAnswer>(TIMELINE, { strategyId: id });
    const entries = first.getAllTimelineEntries.entries;
    expect(entries.map((e) => [e.description, e.category, e.source])).toEqual([
      ['A rule paused beta', 'RULE', 'automation'],
      ['Raised the bid of alpha', 'BID', 'adsManager'],
    ]);
    expect(entries[1]!.logId).toBe(picked.logId);
    // Reading again copies nothing twice.
    const second = await data<TimelineAnswer>(TIMELINE, { strategyId: id });
    expect(second.getAllTimelineEntries.total).toBe(2);
    const bids = await data<TimelineAnswer>(TIMELINE, { strategyId: id, category: 'BID' });
    expect(bids.getAllTimelineEntries.entries.map((e) => e.description)).toEqual([
      'Raised the bid of alpha',
    ]);
  });

  it('adds notes and deletes entries, which a later read does not copy back', async () => {
    const db = server.database.db;
    const id = await createStrategy('Timeline deletes', {
      targetEntities: [
        { level: 'AD_GROUP', adAccountId: account.adAccountId, id: account.adGroupId },
      ],
    });
    await insertActivityLog(db, companyId, {
      logType: 'ad_group_paused',
      message: 'Paused the ad group',
      change: {
        level: 'adGroup',
        adAccountId: account.adAccountId,
        entityId: String(account.adGroupId),
        before: { status: 'ENABLED' },
        after: { status: 'PAUSED' },
        source: 'adsManager',
      },
    });
    const { addStrategyNote: noteId } = await data<{ addStrategyNote: string }>(NOTE, {
      input: { strategyId: id, description: 'Waiting for the holiday', category: 'NOTE' },
    });
    const read = await data<TimelineAnswer>(TIMELINE, { strategyId: id });
    const entries = read.getAllTimelineEntries.entries;
    expect(entries.map((e) => [e.category, e.source])).toEqual(
      expect.arrayContaining([
        ['NOTE', 'team'],
        ['STATUS', 'adsManager'],
      ]),
    );
    expect(entries.map((e) => e.timelineId)).toContain(noteId);
    for (const { timelineId } of entries)
      expect(await data(DELETE_ENTRY, { strategyId: id, timelineId })).toEqual({
        delStrategyTimeline: true,
      });
    const after = await data<TimelineAnswer>(TIMELINE, { strategyId: id });
    expect(after.getAllTimelineEntries.entries).toEqual([]);
    const again = await gql(DELETE_ENTRY, { strategyId: id, timelineId: noteId });
    expect(answerMessage(again)).toBe(STRATEGY_MESSAGES.DELETE_TIMELINE_FAILED);
    const badNote = await gql(NOTE, {
      input: { strategyId: id, description: 'Not ok!', category: 'NOTE' },
    });
    expect(englishDetail(badNote, 'description')).toBe(
      'Only letters, numbers and spaces are allowed.',
    );
  });

  it('sums the targets seven days before and after each entry, by hand', async () => {
    // A campaign and a keyword in it: the keyword's facts are in the campaign's, counted once.
    const id = await createStrategy('Numbers', {
      targetEntities: [
        { level: 'CAMPAIGN', adAccountId: account.adAccountId, id: account.campaignId },
        { level: 'KEYWORD', adAccountId: account.adAccountId, id: account.keywords[0]!.id },
      ],
    });
    const keywordOnly = await createStrategy('Numbers of beta', {
      targetEntities: [
        { level: 'KEYWORD', adAccountId: account.adAccountId, id: account.keywords[1]!.id },
      ],
    });
    const occurredAt = '2025-03-08T15:00:00Z';
    for (const strategyId of [id, keywordOnly])
      await data(NOTE, {
        input: { strategyId, description: 'Raised bids', category: 'BID', occurredAt },
      });

    const hand = (keywordIndexes: number[], from: string, to: string) => {
      const sum = { impressions: 0, taps: 0, installs: 0, tapInstalls: 0, spendMicros: 0 };
      DAYS.forEach((day, dayIndex) => {
        if (day < from || day > to) return;
        for (const keywordIndex of keywordIndexes) {
          const counts = countsOn(keywordIndex, dayIndex);
          sum.impressions += counts.impressions;
          sum.taps += counts.taps;
          sum.installs += counts.totalInstalls;
          sum.tapInstalls += counts.tapInstalls;
          sum.spendMicros += counts.localSpendMicros;
        }
      });
      return sum;
    };
    const noteOf = async (strategyId: string) =>
      (await data<TimelineAnswer>(TIMELINE, { strategyId })).getAllTimelineEntries.entries.find(
        (e) => e.description === 'Raised bids',
      );
    const entry = await noteOf(id);
    expect(entry!.before).toEqual({
      start: '2025-03-01',
      end: '2025-03-07',
      partial: false,
      ...hand([0, 1], '2025-03-01', '2025-03-07'),
    });
    expect(entry!.after).toEqual({
      start: '2025-03-09',
      end: '2025-03-15',
      partial: false,
      ...hand([0, 1], '2025-03-09', '2025-03-15'),
    });
    const { getAllStrategies: listed } = await data<{
      getAllStrategies: { name: string; numbers: Record<string, number> }[];
    }>(
      `query($period: DateRangeInput) {
        getAllStrategies(period: $period) { name numbers { impressions taps spendMicros } }
      }`,
      { period: { start: '2025-03-02', end: '2025-03-04' } },
    );
    const { impressions, taps, spendMicros } = hand([1], '2025-03-02', '2025-03-04');
    expect(listed.find((s) => s.name === 'Numbers of beta')!.numbers).toEqual({
      impressions,
      taps,
      spendMicros,
    });
    expect((await noteOf(keywordOnly))!.after).toMatchObject(hand([1], '2025-03-09', '2025-03-15'));
  });

  it('marks the after window of a recent entry partial', async () => {
    const id = await createStrategy('Partial window');
    await data(NOTE, { input: { strategyId: id, description: 'Just now', category: 'NOTE' } });
    const read = await data<TimelineAnswer>(TIMELINE, { strategyId: id, category: 'NOTE' });
    expect(read.getAllTimelineEntries.entries[0]!.after.partial).toBe(true);
  });
});
