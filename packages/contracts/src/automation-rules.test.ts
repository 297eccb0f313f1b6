import { describe, expect, it } from 'vitest';
import {
  automationRuleInput,
  effectiveCaps,
  nextRunAt,
  RULE_TEMPLATE_IDS,
  ruleTemplate,
  type AutomationRuleInput,
} from './automation-rules';

const PROMOTE_TO = { adAccountId: 5, adGroupId: 7 };

function issuesOf(input: unknown): string[] {
  const result = automationRuleInput.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const cutWaste = (): AutomationRuleInput => ruleTemplate('CUT_WASTE');

describe('rule templates', () => {
  it.each(RULE_TEMPLATE_IDS)('%s opens as a valid draft', (id) => {
    expect(issuesOf(ruleTemplate(id, PROMOTE_TO))).toEqual([]);
  });

  it('asks for the ad group that receives promoted search terms', () => {
    expect(issuesOf(ruleTemplate('PROMOTE_SEARCH_TERMS'))).toEqual([
      'actions.0.adAccountId: validation.required',
      'actions.0.adGroupId: validation.required',
    ]);
  });
});

describe('rule validation (spec 2 §5)', () => {
  it('refuses a range whose from is not lower than its to', () => {
    const rule = {
      ...cutWaste(),
      conditions: [{ metric: 'taps', comparator: 'IN_RANGE', range: { from: 5, to: 5 } }],
    };
    expect(issuesOf(rule)).toEqual(['conditions.0.range.to: validation.rangeFromNotLower']);
  });

  it('compares a condition with 0 ("installs equal to 0") but refuses an action value of 0', () => {
    const rule = {
      ...cutWaste(),
      conditions: [{ metric: 'installs', comparator: 'EQUALS', value: 0 }],
    };
    expect(issuesOf(rule)).toEqual([]);
    const actions = [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 0 }];
    // The form shows a path's first problem.
    expect(issuesOf({ ...rule, actions })[0]).toBe('actions.0.value: validation.ruleValueZero');
  });

  it('keeps exactly one ad group selected when keywords are picked', () => {
    const scope = { adGroupIds: [1, 2], keywordIds: [3] };
    expect(issuesOf({ ...cutWaste(), scope })).toEqual([
      'scope.adGroupIds: validation.ruleKeywordsNeedOneAdGroup',
    ]);
    expect(issuesOf({ ...cutWaste(), scope: { adGroupIds: [1], keywordIds: [3] } })).toEqual([]);
  });

  it('needs at least one condition and one action', () => {
    expect(issuesOf({ ...cutWaste(), conditions: [], actions: [] })).toEqual([
      'conditions: validation.ruleConditionRequired',
      'actions: validation.ruleActionRequired',
    ]);
  });

  it('needs proper recipients without spaces, at least one', () => {
    const notify = (emails: string[], externalEmails: string[]) => ({
      ...cutWaste(),
      actions: [{ type: 'EMAIL_NOTIFICATION', recipients: { emails, externalEmails } }],
    });
    expect(issuesOf(notify([], []))).toEqual([
      'actions.0.recipients.emails: validation.emailRecipientRequired',
    ]);
    expect(issuesOf(notify(['a b@example.com'], []))).toEqual([
      'actions.0.recipients.emails.0: validation.emailHasSpaces',
    ]);
    expect(issuesOf(notify(['ana@example.com'], ['ops@example.org']))).toEqual([]);
  });

  it('offers only the actions of the rule’s target', () => {
    const rule = {
      ...cutWaste(),
      actions: [{ type: 'CHANGE_BUDGET', operation: 'SET_TO', value: 5 }],
    };
    expect(issuesOf(rule)).toEqual(['actions.0.type: validation.ruleActionInvalid']);
  });

  it('compares a metric only with one of the same kind', () => {
    const rule = {
      ...cutWaste(),
      conditions: [
        {
          metric: 'avgCpt',
          comparator: 'GREATER_THAN',
          compareTo: { metric: 'taps', multiplier: 2 },
        },
      ],
    };
    expect(issuesOf(rule)).toEqual([
      'conditions.0.compareTo.metric: validation.ruleMetricKindsDiffer',
    ]);
  });

  it('reads hourly data for campaigns and ad groups only', () => {
    const lookback = { range: 'LAST_1_HOUR' };
    expect(issuesOf({ ...cutWaste(), lookback })).toEqual(['lookback: validation.ruleHourlyLevel']);
    expect(issuesOf({ ...ruleTemplate('BUDGET_PACING'), lookback })).toEqual([]);
  });

  it('refuses a bid change without a value, and min not below max', () => {
    const rule = {
      ...cutWaste(),
      actions: [{ type: 'CHANGE_BID', operation: 'INCREASE_BY', min: '3.00', max: '2.00' }],
    };
    expect(issuesOf(rule)).toEqual([
      'actions.0.value: validation.required',
      'actions.0.max: validation.rangeFromNotLower',
    ]);
  });
});

describe('rule schedule', () => {
  const daily = { checkFrequency: 'DAILY', runUntil: null } as const;
  const now = new Date('2026-11-23T10:20:00Z');

  it('runs a new rule now and then one interval after the hour of its last check', () => {
    expect(nextRunAt(daily, null, now)).toEqual(now);
    expect(nextRunAt(daily, new Date('2026-11-23T09:40:00Z'), now)).toEqual(
      new Date('2026-11-24T09:00:00Z'),
    );
    expect(
      nextRunAt({ checkFrequency: 'CUSTOM_HOURS', customHours: 5, runUntil: null }, now, now),
    ).toEqual(new Date('2026-11-23T15:00:00Z'));
  });

  it('stops after its last day', () => {
    const until = { ...daily, runUntil: '2026-11-23' };
    expect(nextRunAt(until, new Date('2026-11-23T09:00:00Z'), now)).toBeNull();
  });

  it('holds runs to the default caps unless the rule overrides one', () => {
    expect(effectiveCaps({ caps: { maxChangesPerRun: 5 } })).toEqual({
      maxChangePercent: 50,
      maxBidChange: '2.00',
      maxBudgetChange: '500.00',
      maxChangesPerRun: 5,
    });
  });
});
