// Goals through the real API: create, edit and delete with validation, case-insensitive
// duplicate names, members who may not change them and other companies; and goal counts on
// the ads manager, the overview and the goals page equal to a hand computation over the stored
// attribution_daily rows (docs/goals.md).
import {
  ERROR_CODES,
  GOAL_MESSAGES,
  ZERO_COUNTS,
  type GoalCounts,
  type GoalEventType,
  type MetricCounts,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';
import { createAttrIntegration } from '../attribution/attribution-factories';
import { seedAttributionDaily, seedGoal, type DailyRow } from './goal-factories';

let server: TestServer;
let admin: Session;
let staff: Session;
let readOnly: Session;
let otherCompany: Session;
let account: SeededAccount;
let otherAccount: SeededAccount;
let revenueGoalId: string;
let otherGoalId: string;

const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const DAYS = Array.from({ length: 10 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
const GOAL: { events: GoalEventType[]; daysSinceInstall: number } = {
  events: ['Revenue-Purchase'],
  daysSinceInstall: 7,
};

/** The rows stored for the live integration, noise included; `deleted` for a deleted one. */
let stored: DailyRow[];
let deletedRows: DailyRow[];

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

async function gql(query: string, variables: Record<string, unknown> = {}, session = admin) {
  return apiClient(server.url).graphql<Record<string, unknown>>(query, variables, session);
}

async function data<T>(query: string, variables: Record<string, unknown> = {}, session = admin) {
  const answer = await gql(query, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data as T;
}

/**
 * The definition of docs/goals.md applied to the stored rows by hand: Apple Ads rows in the
 * period matching `pick`; goals and revenue of the goal's events within the window, installs.
 */
function handCount(pick: (row: DailyRow) => boolean, period = PERIOD): GoalCounts {
  const counts = { goals: 0, goalsRevenueMicros: 0, attrInstalls: 0 };
  for (const row of stored) {
    if ((row.network ?? 'APPLE_ADS') !== 'APPLE_ADS') continue;
    if (row.day < period.start || row.day > period.end || !pick(row)) continue;
    if (row.kind === 'install') counts.attrInstalls += row.count;
    else if (
      GOAL.events.includes(row.eventType as GoalEventType) &&
      (row.daysSinceInstall ?? 0) <= GOAL.daysSinceInstall
    ) {
      counts.goals += row.count;
      counts.goalsRevenueMicros += row.revenueMicros ?? 0;
    }
  }
  return counts;
}

const spendOf = (index: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100,
  taps: 10,
  tapInstalls: 4 + index,
  totalInstalls: 5 + index,
  localSpendMicros: (index + 1) * 2_000_000,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const signIn = async (teamId: string, options: Parameters<typeof createMember>[2]) => {
    const member = await createMember(db, teamId, options);
    return api.signIn(member.email, member.password);
  };
  admin = await signIn(company.id, { role: 'ADMIN' });
  staff = await signIn(company.id, {});
  readOnly = await signIn(company.id, { isReadOnly: true });
  account = await seedAdsManagerAccount(
    db,
    company.id,
    [
      { text: 'alpha', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 },
      { text: 'beta', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 },
      { text: 'gamma', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 },
    ],
    'Goal app',
  );
  await writeAccountFacts(
    db,
    account,
    account.keywords.flatMap((keyword, index) =>
      DAYS.map((date) => ({
        keywordId: keyword.id,
        grain: 'DAILY' as const,
        date,
        counts: spendOf(index),
      })),
    ),
  );
  const [alpha, beta] = account.keywords.map((keyword) => keyword.id);
  const ids = { campaignId: account.campaignId, adGroupId: account.adGroupId };
  const purchase = { kind: 'event' as const, eventType: 'Revenue-Purchase' };
  stored = [
    { ...ids, keywordId: alpha, day: '2025-03-02', kind: 'install', count: 10 },
    {
      ...ids,
      keywordId: alpha,
      day: '2025-03-03',
      ...purchase,
      daysSinceInstall: 1,
      count: 3,
      revenueMicros: 12_000_000,
    },
    // Outside the goal's window, of another type, of another network, outside the period.
    {
      ...ids,
      keywordId: alpha,
      day: '2025-03-04',
      ...purchase,
      daysSinceInstall: 8,
      count: 1,
      revenueMicros: 5_000_000,
    },
    {
      ...ids,
      keywordId: alpha,
      day: '2025-03-04',
      kind: 'event',
      eventType: 'Start Trial',
      count: 4,
    },
    {
      ...ids,
      keywordId: alpha,
      day: '2025-03-05',
      ...purchase,
      count: 50,
      revenueMicros: 9_000_000,
      network: 'OTHER',
    },
    { ...ids, keywordId: beta, day: '2025-03-20', ...purchase, count: 9, revenueMicros: 9_000_000 },
    { ...ids, keywordId: beta, day: '2025-03-05', kind: 'install', count: 6 },
    {
      ...ids,
      keywordId: beta,
      day: '2025-03-06',
      ...purchase,
      daysSinceInstall: 7,
      count: 2,
      revenueMicros: 3_000_000,
    },
    // Without a keyword (the ad group's and campaign's only), without an ad group.
    { ...ids, day: '2025-03-07', kind: 'install', count: 2 },
    { ...ids, day: '2025-03-07', ...purchase, count: 1, revenueMicros: 1_000_000 },
    { campaignId: account.campaignId, day: '2025-03-08', kind: 'install', count: 1 },
  ];
  const integration = await createAttrIntegration(db, server.context.secrets, {
    teamId: company.id,
    adamId: account.adamId,
  });
  await seedAttributionDaily(db, integration, stored);
  deletedRows = [
    { ...ids, keywordId: alpha, day: '2025-03-03', ...purchase, count: 100, revenueMicros: 1 },
  ];
  const deleted = await createAttrIntegration(db, server.context.secrets, {
    teamId: company.id,
    adamId: account.adamId,
    partner: 'ADJUST',
    status: 'DELETED',
  });
  await seedAttributionDaily(db, deleted, deletedRows);
  revenueGoalId = (
    await seedGoal(db, company.id, {
      adamId: account.adamId,
      name: 'Purchases',
      type: 'revenue',
      ...GOAL,
    })
  ).id;

  const other = await createCompany(db);
  otherCompany = await signIn(other.id, { role: 'ADMIN' });
  otherAccount = await seedAdsManagerAccount(
    db,
    other.id,
    [{ text: 'alpha', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 }],
    'Other app',
  );
  otherGoalId = (await seedGoal(db, other.id, { adamId: otherAccount.adamId, name: 'Theirs' })).id;
});
afterAll(async () => {
  await server?.close();
});

const GOAL_FIELDS = `id name appId appName type events daysSinceInstall status createdAt createdBy`;
const CREATE = `mutation($input: GoalInput!) { createGoal(input: $input) { ${GOAL_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: GoalInput!) { updateGoal(id: $id, input: $input) { ${GOAL_FIELDS} } }`;
const DELETE = `mutation($id: ID!) { delGoal(id: $id) }`;

const trialGoal = (name: string) => ({
  name,
  appId: account.adamId,
  type: 'user engagement',
  events: ['Start Trial'],
  daysSinceInstall: 3,
});

describe('goal changes', () => {
  it('creates, lists, renames and deletes a goal; it is ACTIVE once its event arrived', async () => {
    const { createGoal: created } = await data<{ createGoal: Record<string, unknown> }>(CREATE, {
      input: trialGoal('Trials'),
    });
    expect(created).toMatchObject({
      name: 'Trials',
      appId: account.adamId,
      appName: 'Goal app',
      events: ['Start Trial'],
      daysSinceInstall: 3,
      status: 'ACTIVE',
    });
    const listed = await data<{ getGoalsFromApp: { id: string }[] }>(
      `query($appId: Float!) { getGoalsFromApp(appId: $appId) { id } }`,
      { appId: account.adamId },
    );
    expect(listed.getGoalsFromApp.map((goal) => goal.id)).toContain(created.id);
    const byCampaign = await data<{ getGoalsFromAppCampaign: { id: string }[] }>(
      `query($id: Float!) { getGoalsFromAppCampaign(campaignId: $id) { id } }`,
      { id: account.campaignId },
    );
    expect(byCampaign.getGoalsFromAppCampaign.map((goal) => goal.id)).toContain(created.id);

    const { updateGoal } = await data<{ updateGoal: Record<string, unknown> }>(UPDATE, {
      id: created.id,
      input: { ...trialGoal('Trials in a day'), events: ['Registration Complete'] },
    });
    expect(updateGoal).toMatchObject({ name: 'Trials in a day', status: 'WAITING' });
    expect(await data(DELETE, { id: created.id })).toEqual({ delGoal: true });
    expect(errorOf(await gql(DELETE, { id: created.id }))).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('refuses a name the app has already, whatever its case, and answers checkGoalName', async () => {
    const answer = await gql(CREATE, { input: trialGoal('PURCHASES') });
    expect(errorOf(answer)).toMatchObject({ error: 'CONFLICT', code: ERROR_CODES.CONFLICT });
    expect(answer.errors?.[0]?.message).toBe(GOAL_MESSAGES.NAME_EXISTS);
    const check = `query($appId: Float!, $name: String!, $goalId: ID) {
      checkGoalName(appId: $appId, name: $name, goalId: $goalId) }`;
    expect(await data(check, { appId: account.adamId, name: 'purchases' })).toEqual({
      checkGoalName: true,
    });
    expect(
      await data(check, { appId: account.adamId, name: 'purchases', goalId: revenueGoalId }),
    ).toEqual({ checkGoalName: false });
    const exists = `query($appId: Float) { doesGoalExist(appId: $appId) }`;
    expect(await data(exists, { appId: account.adamId })).toEqual({ doesGoalExist: true });
    expect(await data(exists, {}, otherCompany)).toEqual({ doesGoalExist: true });
    expect(await data(exists, { appId: account.adamId }, otherCompany)).toEqual({
      doesGoalExist: false,
    });
    // Renaming a goal onto another's name is refused too.
    const { createGoal } = await data<{ createGoal: { id: string } }>(CREATE, {
      input: trialGoal('Second'),
    });
    expect(
      errorOf(await gql(UPDATE, { id: createGoal.id, input: trialGoal('purchases') })),
    ).toMatchObject({ error: 'CONFLICT' });
  });

  it('validates the goal with goalInput', async () => {
    const cases = [
      { ...trialGoal(''), name: '' },
      { ...trialGoal('No events'), events: [] },
      { ...trialGoal('Bad window'), daysSinceInstall: 400 },
      { ...trialGoal('Wrong type'), events: ['Revenue-Purchase'] },
    ];
    for (const input of cases)
      expect(errorOf(await gql(CREATE, { input })), input.name).toMatchObject({
        error: 'BAD_REQUEST',
      });
  });

  it('lets a staff member change goals and a read-only member only read them', async () => {
    const { createGoal } = await data<{ createGoal: { id: string } }>(
      CREATE,
      { input: trialGoal('By staff') },
      staff,
    );
    expect(createGoal.id).toBeTruthy();
    for (const [query, variables] of [
      [CREATE, { input: trialGoal('Read only') }],
      [UPDATE, { id: createGoal.id, input: trialGoal('Read only') }],
      [DELETE, { id: createGoal.id }],
    ] as const)
      expect(errorOf(await gql(query, variables, readOnly))).toMatchObject({ error: 'FORBIDDEN' });
    const read = await data<{ getGoalsFromApp: unknown[] }>(
      `query($appId: Float!) { getGoalsFromApp(appId: $appId) { id } }`,
      { appId: account.adamId },
      readOnly,
    );
    expect(read.getGoalsFromApp.length).toBeGreaterThan(0);
  });

  it("never reaches another company's goals or apps", async () => {
    expect(
      errorOf(await gql(CREATE, { input: { ...trialGoal('Theirs'), appId: otherAccount.adamId } })),
    ).toMatchObject({ error: 'NOT_FOUND' });
    expect(
      errorOf(await gql(UPDATE, { id: otherGoalId, input: trialGoal('Mine now') })),
    ).toMatchObject({ error: 'NOT_FOUND' });
    expect(errorOf(await gql(DELETE, { id: otherGoalId }))).toMatchObject({ error: 'NOT_FOUND' });
    const listed = await data<{ getGoalsFromApp: unknown[] }>(
      `query($appId: Float!) { getGoalsFromApp(appId: $appId) { id } }`,
      { appId: otherAccount.adamId },
    );
    expect(listed.getGoalsFromApp).toEqual([]);
    const page = await gql(
      `query($q: ReportQueryInput!) { targetingKeywordReports(query: $q) { total } }`,
      { q: { period: PERIOD, goalId: otherGoalId } },
    );
    expect(errorOf(page)).toMatchObject({ error: 'NOT_FOUND' });
  });
});

const GOAL_COUNTS = `goalCounts { goals goalsRevenueMicros attrInstalls }`;

interface GoalRow {
  id: string;
  name: string;
  goalCounts: GoalCounts | null;
}

async function goalPage(operation: string, query: Record<string, unknown> = {}) {
  const answer = await data<{
    page: {
      rows: GoalRow[];
      totals: { byCurrency: { currency: string; goalCounts: GoalCounts }[] };
    };
  }>(
    `query($q: ReportQueryInput!) { page: ${operation}(query: $q) {
      rows { id name ${GOAL_COUNTS} } totals { byCurrency { currency ${GOAL_COUNTS} } } } }`,
    {
      q: {
        period: PERIOD,
        filter: { adAccountIds: [account.adAccountId] },
        goalId: revenueGoalId,
        limit: null,
        ...query,
      },
    },
  );
  return answer.page;
}

describe('goal counts', () => {
  it('equal a hand computation on the keyword, ad group, campaign and app rows', async () => {
    const keywords = await goalPage('targetingKeywordReports');
    for (const row of keywords.rows)
      expect(row.goalCounts, row.name).toEqual(handCount((r) => r.keywordId === Number(row.id)));
    expect(keywords.rows.find((row) => row.name === 'alpha')!.goalCounts).toEqual({
      goals: 3,
      goalsRevenueMicros: 12_000_000,
      attrInstalls: 10,
    });
    expect(keywords.totals.byCurrency[0]!.goalCounts).toEqual(
      handCount((r) => account.keywords.some((keyword) => keyword.id === r.keywordId)),
    );
    const adGroups = await goalPage('adGroupReports');
    expect(adGroups.rows.map((row) => row.goalCounts)).toEqual([
      handCount((r) => r.adGroupId === account.adGroupId),
    ]);
    const everything = handCount(() => true);
    expect(everything).toEqual({ goals: 6, goalsRevenueMicros: 16_000_000, attrInstalls: 19 });
    for (const operation of ['campaignReports', 'appsReports', 'accountsReports']) {
      const page = await goalPage(operation);
      expect(
        page.rows.map((row) => row.goalCounts),
        operation,
      ).toEqual([everything]);
    }
    // Search terms have no partner ids: no goal counts.
    const terms = await goalPage('searchTermsReports');
    expect(terms.rows.every((row) => row.goalCounts === null)).toBe(true);
  });

  it("put the listed keywords' goal counts on the chart, day by day", async () => {
    const { adsManagerSeries } = await data<{
      adsManagerSeries: { date: string; goalCounts: GoalCounts | null }[];
    }>(
      `query($q: ReportQueryInput!) { adsManagerSeries(level: "keywords", query: $q,
        granularity: "DAY") { date ${GOAL_COUNTS} } }`,
      {
        q: {
          period: PERIOD,
          filter: { adAccountIds: [account.adAccountId] },
          search: 'alpha',
          goalId: revenueGoalId,
        },
      },
    );
    const alpha = account.keywords[0]!.id;
    expect(adsManagerSeries).toHaveLength(10);
    for (const point of adsManagerSeries)
      expect(point.goalCounts, point.date).toEqual(
        handCount((r) => r.keywordId === alpha, { start: point.date, end: point.date }),
      );
    expect(adsManagerSeries.reduce((sum, point) => sum + point.goalCounts!.goals, 0)).toBe(3);
  });

  it('sorts by a goal metric with the goal and refuses to without it', async () => {
    const byRevenue = await goalPage('targetingKeywordReports', { sortBy: 'goalsRevenue' });
    expect(byRevenue.rows.map((row) => row.name)).toEqual(['alpha', 'beta', 'gamma']);
    const byCost = await goalPage('targetingKeywordReports', {
      sortBy: 'costPerGoal',
      sortDesc: false,
    });
    // alpha: $20 / 3 goals, beta: $40 / 2 goals, gamma: no goals (undefined, last).
    expect(byCost.rows.map((row) => row.name)).toEqual(['alpha', 'beta', 'gamma']);
    const byRate = await goalPage('targetingKeywordReports', { sortBy: 'goalRate' });
    // beta 2/6 is above alpha 3/10.
    expect(byRate.rows.map((row) => row.name)).toEqual(['beta', 'alpha', 'gamma']);
    const refused = await gql(
      `query($q: ReportQueryInput!) { targetingKeywordReports(query: $q) { total } }`,
      { q: { period: PERIOD, sortBy: 'goals' } },
    );
    expect(errorOf(refused)).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it('rank the overview top keywords and carry their counts', async () => {
    const top = `query($input: TopEntitiesInput!) { getTopKeywords(input: $input) {
      id name ${GOAL_COUNTS} } }`;
    const input = {
      adAccountId: account.adAccountId,
      adamId: account.adamId,
      period: PERIOD,
      param: 'goals',
      goalId: revenueGoalId,
    };
    const { getTopKeywords } = await data<{ getTopKeywords: GoalRow[] }>(top, { input });
    expect(getTopKeywords.map((row) => row.name)).toEqual(['alpha', 'beta', 'gamma']);
    for (const row of getTopKeywords)
      expect(row.goalCounts).toEqual(handCount((r) => r.keywordId === Number(row.id)));
    const refused = await gql(top, { input: { ...input, goalId: undefined } });
    expect(errorOf(refused)).toMatchObject({ error: 'BAD_REQUEST' });
    const bySpend = await data<{ getTopKeywords: GoalRow[] }>(top, {
      input: { ...input, param: 'spend', goalId: undefined },
    });
    expect(bySpend.getTopKeywords[0]!.goalCounts).toBeNull();
  });

  it('answer the overview totals, comparison and series of the goal', async () => {
    const { getAppEventsDataForOverview: overview } = await data<{
      getAppEventsDataForOverview: {
        currency: string;
        current: GoalCounts;
        previous: GoalCounts;
        series: { date: string; counts: GoalCounts }[];
      };
    }>(
      `query($input: GoalOverviewInput!) { getAppEventsDataForOverview(input: $input) {
        currency current { goals goalsRevenueMicros attrInstalls }
        previous { goals goalsRevenueMicros attrInstalls }
        series { date counts { goals goalsRevenueMicros attrInstalls } } } }`,
      {
        input: {
          goalId: revenueGoalId,
          adAccountId: account.adAccountId,
          adamId: account.adamId,
          currdate: PERIOD,
          prevdate: { start: '2025-03-11', end: '2025-03-20' },
          granularity: 'DAY',
        },
      },
    );
    expect(overview.currency).toBe('USD');
    expect(overview.current).toEqual(handCount(() => true));
    expect(overview.previous).toEqual(
      handCount(() => true, { start: '2025-03-11', end: '2025-03-20' }),
    );
    expect(overview.series).toHaveLength(10);
    for (const point of overview.series)
      expect(point.counts, point.date).toEqual(
        handCount(() => true, { start: point.date, end: point.date }),
      );
  });

  it('give each goal its numbers for the period on the goals page', async () => {
    const { getGoals } = await data<{
      getGoals: {
        id: string;
        status: string;
        numbers: { currency: string; counts: GoalCounts; spendMicros: number };
      }[];
    }>(
      `query($period: DateRangeInput!) { getGoals(period: $period) { id status
        numbers { currency spendMicros counts { goals goalsRevenueMicros attrInstalls } } } }`,
      { period: PERIOD },
    );
    const goal = getGoals.find((entry) => entry.id === revenueGoalId)!;
    expect(goal.status).toBe('ACTIVE');
    expect(goal.numbers).toEqual({
      currency: 'USD',
      counts: handCount(() => true),
      spendMicros: 10 * (2_000_000 + 4_000_000 + 6_000_000),
    });
    expect(deletedRows).toHaveLength(1);
  });

  it('lists the app event names and days', async () => {
    const { appEventNames } = await data<{ appEventNames: { name: string; count: number }[] }>(
      `query($appId: Float!) { appEventNames(appId: $appId) { name eventType kind count lastDay } }`,
      { appId: account.adamId },
    );
    expect(appEventNames.find((entry) => entry.name === 'Revenue-Purchase')!.count).toBe(
      stored
        .filter((row) => row.eventType === 'Revenue-Purchase')
        .reduce((sum, row) => sum + row.count, 0),
    );
    const { getAppEventsList } = await data<{ getAppEventsList: { day: string; count: number }[] }>(
      `query($appId: Float!, $period: DateRangeInput!) {
        getAppEventsList(appId: $appId, period: $period) { day eventName eventType count revenueMicros } }`,
      { appId: account.adamId, period: PERIOD },
    );
    expect(getAppEventsList.reduce((sum, day) => sum + day.count, 0)).toBe(
      stored
        .filter((row) => row.kind === 'event' && (row.network ?? 'APPLE_ADS') === 'APPLE_ADS')
        .filter((row) => row.day >= PERIOD.start && row.day <= PERIOD.end)
        .reduce((sum, row) => sum + row.count, 0),
    );
  });
});

describe('custom views with goal columns', () => {
  it('keep goal metric columns, a goal metric sort and their goal', async () => {
    const input = {
      name: 'Trials view',
      tab: 'keywords',
      chartMetrics: ['spend'],
      granularity: 'DAY',
      columns: ['spend', 'goals', 'costPerGoal', 'goalsRoas'],
      sortBy: 'costPerGoal',
      sortDesc: false,
      goalId: revenueGoalId,
    };
    await data(`mutation($input: CustomViewInput!) { saveCustomView(input: $input) { id } }`, {
      input,
    });
    const { fetchCustomView } = await data<{
      fetchCustomView: { name: string; definition: Record<string, unknown> }[];
    }>(`query { fetchCustomView(tab: "keywords") { name definition } }`);
    expect(fetchCustomView.find((view) => view.name === 'Trials view')!.definition).toMatchObject({
      columns: input.columns,
      sortBy: 'costPerGoal',
      goalId: revenueGoalId,
    });
  });
});

describe('rules on goals', () => {
  const CREATE_RULE = `mutation($input: JSON!) { createAutomationRule(input: $input) { rule { id } } }`;
  const rule = (scope: { adamIds?: number[]; campaignIds?: number[] }, goalId: string) => ({
    name: `Goal rule ${scope.adamIds?.[0] ?? scope.campaignIds?.[0]}-${goalId.slice(0, 4)}`,
    target: 'KEYWORD',
    scope: {
      adAccountIds: [],
      adamIds: [],
      campaignIds: [],
      adGroupIds: [],
      keywordIds: [],
      ...scope,
    },
    lookback: { range: 'LAST_7_DAYS' },
    goalId,
    conditions: [{ metric: 'goalsRoas', comparator: 'LESS_THAN', value: 50 }],
    actions: [{ type: 'PAUSE' }],
    checkFrequency: 'DAILY',
  });

  it("saves a rule on a goal of its app and refuses another app's or company's goal", async () => {
    const saved = await data<{ createAutomationRule: { rule: { id: string } } }>(CREATE_RULE, {
      input: rule({ campaignIds: [account.campaignId] }, revenueGoalId),
    });
    expect(saved.createAutomationRule.rule.id).toBeTruthy();
    const otherApp = await seedAdsManagerAccount(
      server.database.db,
      account.teamId,
      [{ text: 'delta', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 }],
      'Second app',
    );
    const wrongApp = await gql(CREATE_RULE, {
      input: rule({ adamIds: [otherApp.adamId] }, revenueGoalId),
    });
    expect(errorOf(wrongApp)).toMatchObject({ error: 'BAD_REQUEST' });
    const theirs = await gql(CREATE_RULE, {
      input: rule({ adamIds: [account.adamId] }, otherGoalId),
    });
    expect(errorOf(theirs)).toMatchObject({ error: 'NOT_FOUND' });
  });
});
