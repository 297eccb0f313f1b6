import { describe, expect, it } from 'vitest';
import {
  ACTION_LIMIT_FREQUENCIES,
  ACTION_LIMIT_FREQUENCY_HOURS,
  AUTOMATION_RULE_STATUSES,
  CHECK_FREQUENCIES,
  CHECK_FREQUENCY_HOURS,
  CONDITION_COMPARATORS,
  RANGE_COMPARATORS,
  parseAutomationRuleStatus,
} from './automation';

describe('automation rule statuses', () => {
  it('keeps the exact spellings of the spec, spaces and slash included', () => {
    expect(AUTOMATION_RULE_STATUSES).toContain('RE ACTIVATED');
    expect(AUTOMATION_RULE_STATUSES).toContain('ASA/MMP CONDITION NOT MATCHED');
    expect(AUTOMATION_RULE_STATUSES).toHaveLength(14);
  });

  it('reads REACTIVATED as the canonical RE ACTIVATED', () => {
    expect(parseAutomationRuleStatus('REACTIVATED')).toBe('RE ACTIVATED');
    expect(parseAutomationRuleStatus('RE ACTIVATED')).toBe('RE ACTIVATED');
  });

  it('reads every canonical status as itself and rejects unknown ones', () => {
    for (const status of AUTOMATION_RULE_STATUSES) {
      expect(parseAutomationRuleStatus(status)).toBe(status);
    }
    expect(parseAutomationRuleStatus('success')).toBeUndefined();
    expect(parseAutomationRuleStatus('toString')).toBeUndefined();
  });
});

describe('rule cadences', () => {
  it('gives every fixed check frequency its hours, in ascending order', () => {
    const fixed = CHECK_FREQUENCIES.filter((frequency) => frequency !== 'CUSTOM_HOURS');
    const hours = fixed.map((frequency) => CHECK_FREQUENCY_HOURS[frequency]);
    expect(hours).toEqual([1, 4, 6, 8, 12, 24]);
  });

  it('limits actions to every 2 or 3 hours, daily, every 2 or 3 days, or weekly', () => {
    const hours = ACTION_LIMIT_FREQUENCIES.map(
      (frequency) => ACTION_LIMIT_FREQUENCY_HOURS[frequency],
    );
    expect(hours).toEqual([2, 3, 24, 48, 72, 168]);
  });

  it('marks only the range comparators as taking from and to', () => {
    expect(
      RANGE_COMPARATORS.every((comparator) => CONDITION_COMPARATORS.includes(comparator)),
    ).toBe(true);
    expect(RANGE_COMPARATORS).not.toContain('GREATER_THAN');
    expect(RANGE_COMPARATORS).not.toContain('EQUALS');
  });
});
