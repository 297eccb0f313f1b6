// The intended changes: amounts within the action's limits, on cents, cut to the caps, no-ops left
// out; status changes only where the status differs; keywords and negatives only where new.
import {
  DEFAULT_SAFETY_CAPS,
  ZERO_COUNTS,
  type RuleActionInput,
  type SafetyCaps,
} from '@tapwise/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  negativeKey,
  planChanges,
  plannedAmount,
  PROMOTE_TARGET_REFUSED,
  type MatchedRow,
  type PlanningContext,
} from './rule-changes';
import { ruleValues } from './rule-evaluation';
import type { RuleFactRow } from './rule-facts.repository';

const caps: SafetyCaps = { ...DEFAULT_SAFETY_CAPS };
const noValues = ruleValues({
  counts: ZERO_COUNTS,
  bidMicros: null,
  dailyBudgetMicros: null,
} as RuleFactRow);
const bid = (change: Omit<Extract<RuleActionInput, { type: 'CHANGE_BID' }>, 'type'>) => ({
  type: 'CHANGE_BID' as const,
  ...change,
});

describe('plannedAmount', () => {
  it('raises by a percentage within the max limit', () => {
    // 2.00 + 10% = 2.20, under the max of 5.00 and the 50% cap
    expect(
      plannedAmount(
        bid({ operation: 'INCREASE_BY', unit: 'PERCENT', value: 10, max: '5.00' }),
        2_000_000,
        noValues,
        caps,
      ),
    ).toEqual({ micros: 2_200_000, capped: false });
    // 4.80 + 10% = 5.28, held to the max of 5.00
    expect(
      plannedAmount(
        bid({ operation: 'INCREASE_BY', unit: 'PERCENT', value: 10, max: '5.00' }),
        4_800_000,
        noValues,
        caps,
      ),
    ).toEqual({ micros: 5_000_000, capped: false });
  });

  it('cuts a change to the percentage and absolute caps', () => {
    // 1.00 → 3.00 is +200%: cut to +50% = 1.50
    expect(
      plannedAmount(
        bid({ operation: 'SET_TO', unit: 'AMOUNT', value: 3 }),
        1_000_000,
        noValues,
        caps,
      ),
    ).toEqual({
      micros: 1_500_000,
      capped: true,
    });
    // 10.00 → 1.00 is −9.00: cut to the 2.00 bid cap = 8.00
    expect(
      plannedAmount(
        bid({ operation: 'SET_TO', unit: 'AMOUNT', value: 1 }),
        10_000_000,
        noValues,
        caps,
      ),
    ).toEqual({
      micros: 8_000_000,
      capped: true,
    });
  });

  it('rounds to cents, keeps at least 0.01 and plans nothing when the value stays', () => {
    // 0.33 − 33.3% = 0.22011 → 0.22
    expect(
      plannedAmount(
        bid({ operation: 'DECREASE_BY', unit: 'PERCENT', value: 33.3 }),
        330_000,
        noValues,
        caps,
      ),
    ).toEqual({ micros: 220_000, capped: false });
    expect(
      plannedAmount(
        bid({ operation: 'DECREASE_BY', unit: 'AMOUNT', value: 5 }),
        10_000,
        noValues,
        caps,
      ),
    ).toBeNull();
    expect(
      plannedAmount(
        bid({ operation: 'SET_TO', unit: 'AMOUNT', value: 1 }),
        1_000_000,
        noValues,
        caps,
      ),
    ).toBeNull();
  });

  it('sets the average CPA or CPT of the lookback, and nothing without one', () => {
    const values = { ...noValues, avgCpt: 1_234_567, avgCpa: null };
    expect(
      plannedAmount(
        bid({ operation: 'SET_TO_AVERAGE_CPT', unit: 'AMOUNT' }),
        1_000_000,
        values,
        caps,
      ),
    ).toEqual({
      micros: 1_230_000,
      capped: false,
    });
    expect(
      plannedAmount(
        bid({ operation: 'SET_TO_AVERAGE_CPA', unit: 'AMOUNT' }),
        1_000_000,
        values,
        caps,
      ),
    ).toBeNull();
  });

  it('never plans a change beyond the caps, whatever the action (property)', () => {
    const operation = fc.constantFrom(
      'SET_TO',
      'INCREASE_BY',
      'DECREASE_BY',
      'SET_TO_AVERAGE_CPT' as const,
    );
    fc.assert(
      fc.property(
        fc.record({
          operation,
          unit: fc.constantFrom('AMOUNT' as const, 'PERCENT' as const),
          value: fc.double({ min: 0.01, max: 500, noNaN: true }),
          current: fc.integer({ min: 1, max: 100_000 }).map((cents) => cents * 10_000),
          average: fc.integer({ min: 0, max: 10_000_000 }),
          maxChangePercent: fc.integer({ min: 1, max: 1000 }),
          maxChange: fc.integer({ min: 1, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
          budget: fc.boolean(),
        }),
        (c) => {
          const unit = c.operation === 'SET_TO' ? 'AMOUNT' : c.unit;
          const action = {
            type: c.budget ? ('CHANGE_BUDGET' as const) : ('CHANGE_BID' as const),
            operation: c.operation,
            unit,
            value: c.value,
          };
          const limits: SafetyCaps = {
            ...caps,
            maxChangePercent: c.maxChangePercent,
            maxBidChange: c.maxChange,
            maxBudgetChange: c.maxChange,
          };
          const planned = plannedAmount(
            action,
            c.current,
            { ...noValues, avgCpt: c.average },
            limits,
          );
          if (!planned) return;
          const change = Math.abs(planned.micros - c.current);
          expect(change).toBeLessThanOrEqual((c.current * c.maxChangePercent) / 100);
          expect(change).toBeLessThanOrEqual(Math.round(Number(c.maxChange) * 1_000_000));
          expect(planned.micros % 10_000).toBe(0);
          expect(planned.micros).toBeGreaterThanOrEqual(10_000);
        },
      ),
      { numRuns: 500 },
    );
  });
});

function row(overrides: Partial<RuleFactRow>): MatchedRow {
  const fact: RuleFactRow = {
    target: 'KEYWORD',
    adAccountId: 1,
    adamId: 2,
    campaignId: 3,
    adGroupId: 4,
    keywordId: 5,
    searchTermText: null,
    entityId: '5',
    name: 'running shoes',
    status: 'ENABLED',
    bidMicros: 1_000_000,
    dailyBudgetMicros: 50_000_000,
    currency: 'USD',
    counts: ZERO_COUNTS,
    ...overrides,
  };
  return { row: fact, values: ruleValues(fact) };
}

const plan = (...args: Parameters<typeof planChanges>) => [...planChanges(...args)];

const empty: PlanningContext = {
  negatives: new Set(),
  keywords: new Set(),
  promoteTargets: new Map(),
};

describe('planChanges', () => {
  it('pauses only what is not paused yet', () => {
    const changes = plan(
      { actions: [{ type: 'PAUSE' }], conditions: [] },
      [row({}), row({ entityId: '6', keywordId: 6, status: 'PAUSED' })],
      caps,
      empty,
    );
    expect(changes.map((change) => [change.entityId, change.before, change.after])).toEqual([
      ['5', { status: 'ENABLED' }, { status: 'PAUSED' }],
    ]);
  });

  it('records where each changed entity is and the condition values it matched on', () => {
    const spent = row({ counts: { ...ZERO_COUNTS, localSpendMicros: 30_000_000, taps: 20 } });
    const [change] = plan(
      {
        actions: [{ type: 'PAUSE' }],
        conditions: [
          { metric: 'spend', comparator: 'GREATER_THAN', value: 20 },
          { metric: 'installs', comparator: 'EQUALS', value: 0 },
          {
            metric: 'avgCpt',
            comparator: 'GREATER_THAN',
            compareTo: { metric: 'bid', multiplier: 1 },
          },
        ],
      },
      [spent],
      caps,
      empty,
    );
    expect(change).toMatchObject({
      campaignId: 3,
      adGroupId: 4,
      matchedValues: { spend: 30_000_000, installs: 0, avgCpt: 1_500_000, bid: 1_000_000 },
    });
  });

  it('adds a negative keyword once, and not where it exists', () => {
    const action = {
      type: 'ADD_AS_NEGATIVE_KEYWORD' as const,
      matchType: 'EXACT' as const,
      level: 'CAMPAIGN' as const,
    };
    const twice = [row({}), row({ entityId: '6', keywordId: 6, adGroupId: 7 })];
    expect(plan({ actions: [action], conditions: [] }, twice, caps, empty)).toHaveLength(1);
    const existing = {
      ...empty,
      negatives: new Set([negativeKey(3, null, 'EXACT', 'Running Shoes')]),
    };
    expect(plan({ actions: [action], conditions: [] }, twice, caps, existing)).toEqual([]);
  });

  it('refuses to promote a term to an ad group of another ad account', () => {
    const term = row({
      target: 'SEARCH_TERM',
      entityId: '4:shoes',
      searchTermText: 'shoes',
      keywordId: 0,
    });
    const action = {
      type: 'ADD_AS_KEYWORD' as const,
      matchType: 'EXACT' as const,
      adAccountId: 9,
      adGroupId: 90,
    };
    const elsewhere = {
      ...empty,
      promoteTargets: new Map([[90, { adAccountId: 9, campaignId: 91, name: 'x' }]]),
    };
    expect(plan({ actions: [action], conditions: [] }, [term], caps, elsewhere)[0]!.refusal).toBe(
      PROMOTE_TARGET_REFUSED,
    );
    const same = {
      ...empty,
      promoteTargets: new Map([[90, { adAccountId: 1, campaignId: 91, name: 'x' }]]),
    };
    expect(plan({ actions: [action], conditions: [] }, [term], caps, same)[0]).toMatchObject({
      level: 'searchTerm',
      after: { adGroupId: 90, text: 'shoes', matchType: 'EXACT', bid: null },
    });
  });
});
