// A rule's money over ad accounts of several currencies, through the real API, job queue and
// database: the rule is saved in the company's reporting currency and keeps it; each item is
// judged and changed in its account's currency, the rule's values converted at the day's
// reference rate (conditions, amounts and the safety caps alike) and the conversion recorded;
// items of a currency without a rate are left out and the run says so.
import {
  ZERO_COUNTS,
  type AutomationRuleInput,
  type MetricCounts,
  type RuleBacktestRun,
  type RuleChangeEntry,
  type RuleLogEntry,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../../platform/testing/api-client';
import { createCompany, createMember } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../../ads-manager/ads-manager-factories';
import { storeRates } from '../../currencies/exchange-rates.repository';
import { addDays, isoDay } from './rule-windows';

let server: TestServer;
let admin: Session;
let usd: SeededAccount;
let eur: SeededAccount;
let gbp: SeededAccount;
const today = isoDay(new Date());
/** 1.25 US dollars per euro every day: one dollar is 0.80 euro. */
const USD_PER_EUR = 1.25;

const spent = (units: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100,
  taps: 10,
  localSpendMicros: units * 1_000_000,
});

beforeAll(async () => {
  server = await startTestServer({}, { withWorker: true });
  const db = server.database.db;
  const teamId = (await createCompany(db, 'Two currencies Co')).id;
  const member = await createMember(db, teamId, { role: 'ADMIN' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  const keyword = (text: string) =>
    ({
      text,
      status: 'ENABLED',
      deleted: false,
      matchType: 'EXACT',
      bidMicros: 1_000_000,
    }) as const;
  usd = await seedAdsManagerAccount(db, teamId, [keyword('dollar')], 'Dollar app', {
    accountName: 'US account',
  });
  eur = await seedAdsManagerAccount(db, teamId, [keyword('euro')], 'Euro app', {
    currency: 'EUR',
    accountName: 'EU account',
  });
  gbp = await seedAdsManagerAccount(db, teamId, [keyword('pound')], 'Pound app', {
    currency: 'GBP',
    accountName: 'UK account',
  });
  // Yesterday each keyword spent 30 of its account's currency: $30, €30 (≈ $37.50) and £30.
  for (const account of [usd, eur, gbp])
    await writeAccountFacts(db, account, [
      { keywordId: account.keywordId, grain: 'DAILY', date: addDays(today, -1), counts: spent(30) },
    ]);
  // Rates for the last ten days; none for the pound.
  await storeRates(
    db,
    'ECB',
    Array.from({ length: 10 }, (_, back) => ({
      date: addDays(today, -back),
      currency: 'USD',
      unitsPerEuro: USD_PER_EUR,
    })),
    addDays(today, -1000),
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const gql = async <Data>(query: string, variables: Record<string, unknown> = {}) => {
  const answer = await apiClient(server.url).graphql<Data>(query, variables, admin);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
};

/** Spend over $35 (the euro keyword's €30 is $37.50), bid up by $1.00 but by $0.50 at most. */
const rule: AutomationRuleInput = {
  name: 'Dollar threshold',
  target: 'KEYWORD',
  scope: { adAccountIds: [], adamIds: [], campaignIds: [], adGroupIds: [], keywordIds: [] },
  lookback: { range: 'LAST_7_DAYS' },
  matchMode: 'ALL',
  conditions: [{ metric: 'spend', comparator: 'GREATER_THAN', value: 35 }],
  actions: [{ type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'AMOUNT', value: 1 }],
  checkFrequency: 'DAILY',
  actionLimitFrequency: null,
  runUntil: null,
  caps: { maxChangePercent: 1000, maxBidChange: '0.50' },
};

/** The euro keyword's change: €1.00 up by €0.80, cut to the cap of $0.50 = €0.40. */
const euroChange = {
  adAccountId: 0,
  entityName: 'euro',
  before: { bidMicros: 1_000_000 },
  after: { bidMicros: 1_400_000 },
  capped: true,
  conversion: {
    ruleCurrency: 'USD',
    currency: 'EUR',
    factor: 0.8,
    values: [
      { source: 'condition', name: 'spend', ruleMicros: 35_000_000, micros: 28_000_000 },
      { source: 'action', name: 'value', ruleMicros: 1_000_000, micros: 800_000 },
      { source: 'cap', name: 'maxBidChange', ruleMicros: 500_000, micros: 400_000 },
      { source: 'cap', name: 'maxBudgetChange', ruleMicros: 500_000_000, micros: 400_000_000 },
    ],
  },
};

async function dryRun(ruleId: string) {
  const { runAutomationRule } = await gql<{ runAutomationRule: { runId: string } }>(
    'mutation($id: ID!) { runAutomationRule(id: $id, dryRun: true) { runId } }',
    { id: ruleId },
  );
  const id = runAutomationRule.runId;
  for (;;) {
    const { automationRuleLogEntry: entry } = await gql<{ automationRuleLogEntry: RuleLogEntry }>(
      'query($id: ID!) { automationRuleLogEntry(id: $id) { status evaluated matched message finishedAt } }',
      { id },
    );
    if (entry.finishedAt) {
      const { automationRuleChanges } = await gql<{ automationRuleChanges: RuleChangeEntry[] }>(
        `query($id: ID!) { automationRuleChanges(runId: $id) {
          adAccountId entityName before after capped conversion } }`,
        { id },
      );
      return { entry, changes: automationRuleChanges };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a rule's money over accounts of several currencies", () => {
  let ruleId: string;

  it('is saved in the reporting currency and matches the euro item by its converted value', async () => {
    const { createAutomationRule } = await gql<{
      createAutomationRule: { rule: { id: string; definition: { currency: string } } };
    }>(
      'mutation($input: JSON!) { createAutomationRule(input: $input) { rule { id definition } } }',
      {
        input: rule,
      },
    );
    ruleId = createAutomationRule.rule.id;
    expect(createAutomationRule.rule.definition.currency).toBe('USD');

    const { entry, changes } = await dryRun(ruleId);
    // The pound keyword has no rate: it is not evaluated; the dollar one spent $30 < $35.
    expect(entry).toMatchObject({ status: 'CONDITION MATCHED', evaluated: 2, matched: 1 });
    expect(entry.message).toBe(
      `Items in GBP were not evaluated: no reference rate from USD for ${today}.`,
    );
    expect(changes).toEqual([
      {
        ...euroChange,
        adAccountId: eur.adAccountId,
        conversion: { ...euroChange.conversion, rateDay: today },
      },
    ]);
  });

  it('keeps its currency when the reporting currency changes', async () => {
    await gql('mutation { setReportingCurrency(currency: "EUR") { currency } }');
    const { updateAutomationRule } = await gql<{
      updateAutomationRule: { rule: { definition: { currency: string } } };
    }>(
      'mutation($id: ID!, $input: JSON!) { updateAutomationRule(id: $id, input: $input) { rule { definition } } }',
      { id: ruleId, input: { ...rule, name: 'Dollar threshold renamed' } },
    );
    expect(updateAutomationRule.rule.definition.currency).toBe('USD');
    const { changes } = await dryRun(ruleId);
    expect(changes.map((change) => change.entityName)).toEqual(['euro']);

    // A new rule is in the new reporting currency: €35 is more than the euro keyword spent,
    // and $30 is €24.
    const { createAutomationRule } = await gql<{
      createAutomationRule: { rule: { id: string; definition: { currency: string } } };
    }>(
      'mutation($input: JSON!) { createAutomationRule(input: $input) { rule { id definition } } }',
      {
        input: { ...rule, name: 'Euro threshold' },
      },
    );
    expect(createAutomationRule.rule.definition.currency).toBe('EUR');
    const euro = await dryRun(createAutomationRule.rule.id);
    expect(euro.entry).toMatchObject({ status: 'CONDITION NOT MATCHED', evaluated: 2, matched: 0 });
    await gql('mutation { setReportingCurrency(currency: "USD") { currency } }');
  });

  it('backtests the same way, day by day', async () => {
    const { startAutomationRuleBacktest } = await gql<{
      startAutomationRuleBacktest: { backtestId: string };
    }>('mutation($input: JSON!) { startAutomationRuleBacktest(input: $input) { backtestId } }', {
      input: { rule: { ...rule, name: 'Backtested' }, start: addDays(today, -1), end: today },
    });
    let run: RuleBacktestRun;
    for (;;) {
      ({ automationRuleBacktest: run } = await gql<{ automationRuleBacktest: RuleBacktestRun }>(
        `query($id: ID!) { automationRuleBacktest(id: $id) {
          status result { days { date evaluated matched changes } } } }`,
        { id: startAutomationRuleBacktest.backtestId },
      ));
      if (run.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(run.status).toBe('DONE');
    const [yesterday, todays] = run.result!.days;
    expect(yesterday).toMatchObject({ evaluated: 2, matched: 1 });
    expect(yesterday!.changes).toMatchObject([
      {
        ...euroChange,
        adAccountId: eur.adAccountId,
        conversion: { ...euroChange.conversion, rateDay: addDays(today, -1) },
      },
    ]);
    // The bid the replay raised yesterday is €1.40 today, and today's window still holds the spend.
    expect(todays!.changes).toMatchObject([
      { entityName: 'euro', before: { bidMicros: 1_400_000 }, after: { bidMicros: 1_800_000 } },
    ]);
  });
});
