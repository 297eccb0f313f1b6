// Conditions as the user enters them: money in currency units, ratios in percent, EQUALS at the
// shown precision, metric-to-metric with a multiplier, ALL/ANY, and null metrics never matching.
import { ZERO_COUNTS, type MetricCounts, type RuleCondition } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { matchesCondition, matchesRule, ruleValues } from './rule-evaluation';
import type { RuleFactRow } from './rule-facts.repository';

function keywordRow(
  counts: Partial<MetricCounts>,
  bidMicros: number | null = 1_000_000,
): RuleFactRow {
  return {
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
    bidMicros,
    dailyBudgetMicros: 50_000_000,
    currency: 'USD',
    counts: { ...ZERO_COUNTS, ...counts },
  };
}

// spend 30.00, 20 taps, 1,000 impressions, 4 tap installs (5 in total).
const values = ruleValues(
  keywordRow({
    localSpendMicros: 30_000_000,
    taps: 20,
    impressions: 1000,
    tapInstalls: 4,
    totalInstalls: 5,
  }),
);
const matches = (condition: RuleCondition) => matchesCondition(values, condition);

describe('conditions', () => {
  it('reads money in currency units and compares in micros', () => {
    expect(matches({ metric: 'spend', comparator: 'GREATER_THAN', value: 29.99 })).toBe(true);
    expect(matches({ metric: 'spend', comparator: 'GREATER_THAN', value: 30 })).toBe(false);
    // avgCpt = 30.00 / 20 = 1.50
    expect(matches({ metric: 'avgCpt', comparator: 'LESS_THAN', value: 1.51 })).toBe(true);
  });

  it('reads ratios in percent', () => {
    // ttr = 20 / 1000 = 2%; conversion rate = 4 / 20 = 20%
    expect(matches({ metric: 'ttr', comparator: 'EQUALS', value: 2 })).toBe(true);
    expect(matches({ metric: 'conversionRate', comparator: 'GREATER_THAN', value: 19.5 })).toBe(
      true,
    );
  });

  it('compares EQUALS at cents for money and at 0.01% for ratios', () => {
    // avgCpa = 30.00 / 4 = 7.50
    expect(matches({ metric: 'avgCpa', comparator: 'EQUALS', value: 7.5 })).toBe(true);
    expect(matches({ metric: 'avgCpa', comparator: 'EQUALS', value: 7.51 })).toBe(false);
    expect(matches({ metric: 'ttr', comparator: 'EQUALS', value: 2.01 })).toBe(false);
  });

  it('treats IN_RANGE as inclusive, BETWEEN as exclusive and NOT_IN_RANGE as outside', () => {
    const range = { from: 20, to: 30 };
    expect(matches({ metric: 'taps', comparator: 'IN_RANGE', range })).toBe(true);
    expect(matches({ metric: 'taps', comparator: 'BETWEEN', range })).toBe(false);
    expect(matches({ metric: 'taps', comparator: 'NOT_IN_RANGE', range })).toBe(false);
    expect(
      matches({ metric: 'taps', comparator: 'NOT_IN_RANGE', range: { from: 21, to: 30 } }),
    ).toBe(true);
  });

  it('compares one metric with another times a multiplier', () => {
    // avgCpt 1.50 against bid 1.00 × 1.4 = 1.40, then × 1.6 = 1.60
    const condition = (multiplier: number): RuleCondition => ({
      metric: 'avgCpt',
      comparator: 'GREATER_THAN',
      compareTo: { metric: 'bid', multiplier },
    });
    expect(matches(condition(1.4))).toBe(true);
    expect(matches(condition(1.6))).toBe(false);
  });

  it('never matches a metric without a value', () => {
    const idle = ruleValues(keywordRow({}, null));
    expect(matchesCondition(idle, { metric: 'avgCpt', comparator: 'LESS_THAN', value: 100 })).toBe(
      false,
    );
    expect(
      matchesCondition(idle, {
        metric: 'taps',
        comparator: 'LESS_THAN',
        compareTo: { metric: 'bid', multiplier: 1 },
      }),
    ).toBe(false);
    expect(matchesCondition(idle, { metric: 'taps', comparator: 'LESS_THAN', value: 1 })).toBe(
      true,
    );
  });
});

describe('match modes', () => {
  const hit: RuleCondition = { metric: 'taps', comparator: 'GREATER_THAN', value: 10 };
  const miss: RuleCondition = { metric: 'taps', comparator: 'LESS_THAN', value: 10 };

  it('needs every condition with ALL and one with ANY', () => {
    expect(matchesRule(values, { matchMode: 'ALL', conditions: [hit, miss] })).toBe(false);
    expect(matchesRule(values, { matchMode: 'ANY', conditions: [hit, miss] })).toBe(true);
    expect(matchesRule(values, { matchMode: 'ALL', conditions: [hit] })).toBe(true);
  });
});
