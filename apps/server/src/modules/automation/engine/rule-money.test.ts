import {
  automationRuleInput,
  ruleTemplate,
  type AutomationRuleDefinition,
  type AutomationRuleInput,
} from '@tapwise/contracts';
import { RatesHistory } from '@tapwise/exchange-rates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertRuleMoney, hasRuleMoney, rulesByCurrency } from './rule-money';

const rule = (input: Partial<AutomationRuleInput> = {}): AutomationRuleDefinition =>
  automationRuleInput.parse({ ...ruleTemplate('CUT_WASTE'), currency: 'USD', ...input });

const rates = new RatesHistory([{ date: '2026-11-20', currency: 'USD', unitsPerEuro: 1.25 }]);

describe("a rule's money in another currency", () => {
  it('converts money values, amounts, limits and money caps, and nothing else', () => {
    const { rule: converted, values } = convertRuleMoney(
      rule({
        conditions: [
          { metric: 'spend', comparator: 'IN_RANGE', range: { from: 10, to: 20 } },
          { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
          {
            metric: 'avgCpt',
            comparator: 'GREATER_THAN',
            compareTo: { metric: 'bid', multiplier: 1.2 },
          },
        ],
        actions: [
          {
            type: 'CHANGE_BID',
            operation: 'SET_TO',
            unit: 'AMOUNT',
            value: 1.5,
            min: '0.50',
            max: '3.00',
          },
        ],
        caps: { maxChangePercent: 40 },
      }),
      0.8,
    );
    expect(converted.conditions).toEqual([
      { metric: 'spend', comparator: 'IN_RANGE', range: { from: 8, to: 16 } },
      { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
      {
        metric: 'avgCpt',
        comparator: 'GREATER_THAN',
        compareTo: { metric: 'bid', multiplier: 1.2 },
      },
    ]);
    expect(converted.actions[0]).toMatchObject({ value: 1.2, min: '0.400000', max: '2.400000' });
    expect(converted.caps).toEqual({
      maxChangePercent: 40,
      maxBidChange: '1.600000',
      maxBudgetChange: '400.000000',
    });
    expect(values.map((value) => [value.source, value.name, value.micros])).toEqual([
      ['condition', 'spend', 8_000_000],
      ['condition', 'spend', 16_000_000],
      ['action', 'value', 1_200_000],
      ['action', 'min', 400_000],
      ['action', 'max', 2_400_000],
      ['cap', 'maxBidChange', 1_600_000],
      ['cap', 'maxBudgetChange', 400_000_000],
    ]);
  });

  it('rounds a promoted keyword bid to cents, as Apple takes it', () => {
    const promote = rule({
      target: 'SEARCH_TERM',
      conditions: [{ metric: 'taps', comparator: 'GREATER_THAN', value: 9 }],
      actions: [
        { type: 'ADD_AS_KEYWORD', matchType: 'EXACT', adAccountId: 1, adGroupId: 2, bid: '1.00' },
      ],
    });
    expect(convertRuleMoney(promote, 151.237).rule.actions[0]).toMatchObject({ bid: '151.24' });
  });

  it('leaves every value as it is at a factor of 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), (cents) => {
        const value = cents / 100;
        const original = rule({
          conditions: [{ metric: 'spend', comparator: 'GREATER_THAN', value }],
          actions: [{ type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'AMOUNT', value }],
        });
        const { rule: same, values } = convertRuleMoney(original, 1);
        expect(same.conditions).toEqual(original.conditions);
        expect(same.actions).toEqual(original.actions);
        for (const each of values) expect(each.micros).toBe(each.ruleMicros);
      }),
    );
  });

  it('converts only a rule with money of its own, and only for other currencies with a rate', () => {
    const counts = rule({
      conditions: [{ metric: 'installs', comparator: 'LESS_THAN', value: 1 }],
      actions: [{ type: 'PAUSE' }],
    });
    expect(hasRuleMoney(counts)).toBe(false);
    expect(rulesByCurrency(counts, ['GBP'], rates, '2026-11-20').get('GBP')).toMatchObject({
      rule: counts,
      conversion: null,
    });
    const money = rule();
    const byCurrency = rulesByCurrency(money, ['USD', 'EUR', 'GBP'], rates, '2026-11-21');
    expect(byCurrency.get('USD')).toMatchObject({ rule: money, conversion: null });
    expect(byCurrency.get('EUR')!.conversion).toMatchObject({
      ruleCurrency: 'USD',
      currency: 'EUR',
      factor: 0.8,
      rateDay: '2026-11-21',
    });
    expect(byCurrency.get('GBP')).toEqual({ currency: 'GBP', rule: null, conversion: null });
    // A rule saved before rules had a currency reads each item's own.
    const legacy = { ...money, currency: undefined };
    expect(rulesByCurrency(legacy, ['EUR'], rates, '2026-11-21').get('EUR')!.conversion).toBeNull();
  });
});
