import { describe, expect, it } from 'vitest';
import { strategyInput, strategyTone } from './strategies';

const valid = {
  name: 'Brand push',
  adamId: 1,
  description: 'Raise bids on brand terms',
  goals: ['MORE_INSTALLS'],
  targetEntities: [{ level: 'CAMPAIGN', adAccountId: 2, id: 3 }],
};

const messagesOf = (input: unknown) =>
  strategyInput.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('strategyInput', () => {
  it('accepts a strategy with a secondary goal outside its goals', () => {
    expect(messagesOf({ ...valid, secondaryGoal: 'LOWER_CPA' })).toEqual([]);
  });

  it('refuses a repeated goal, a secondary goal among the goals and targets of two accounts', () => {
    expect(messagesOf({ ...valid, goals: ['MORE_INSTALLS', 'MORE_INSTALLS'] })).toEqual([
      'validation.strategyGoalRepeated',
    ]);
    expect(messagesOf({ ...valid, secondaryGoal: 'MORE_INSTALLS' })).toEqual([
      'validation.strategySecondaryGoalRepeated',
    ]);
    const twoAccounts = [...valid.targetEntities, { level: 'KEYWORD', adAccountId: 9, id: 4 }];
    expect(messagesOf({ ...valid, targetEntities: twoAccounts })).toEqual([
      'validation.strategyTargetsOneAccount',
    ]);
  });
});

describe('strategyTone', () => {
  it('is good the way a goal wants, bad the other way, neutral for metrics no goal names', () => {
    expect(strategyTone(['MORE_INSTALLS'], 'installs', 10, 12)).toBe('good');
    expect(strategyTone(['LOWER_CPA'], 'avgCpa', 5, 6)).toBe('bad');
    expect(strategyTone(['LOWER_CPA'], 'taps', 5, 6)).toBe('neutral');
    expect(strategyTone(['LOWER_CPA'], 'avgCpa', null, 6)).toBe('neutral');
    expect(strategyTone(['MORE_GOAL_EVENTS'], 'installs', 1, 2)).toBe('neutral');
  });
});
