// The rule being edited in the builder: the automationRuleInput shape itself, with numbers left
// undefined while their input is empty, so the contracts schema judges exactly what is sent.
import {
  RULE_ACTIONS_BY_TARGET,
  RULE_TEMPLATE_IDS,
  isValidationMessageKey,
  ruleTemplate,
  type AutomationRuleInput,
  type RuleActionType,
  type RuleTarget,
  type RuleTemplateId,
} from '@tapwise/contracts';

export type RuleDraft = AutomationRuleInput;
export type ConditionDraft = RuleDraft['conditions'][number];
export type ActionDraft = RuleDraft['actions'][number];

export const SCRATCH = 'SCRATCH';
export type BuilderStart = RuleTemplateId | typeof SCRATCH;
export const BUILDER_STARTS: readonly BuilderStart[] = [...RULE_TEMPLATE_IDS, SCRATCH];

/** A rule started from nothing: one condition to fill in, no action yet. */
export function scratchRule(): RuleDraft {
  return {
    name: '',
    target: 'CAMPAIGN',
    scope: { adAccountIds: [], adamIds: [], campaignIds: [], adGroupIds: [], keywordIds: [] },
    lookback: { range: 'LAST_7_DAYS' },
    matchMode: 'ALL',
    conditions: [newCondition()],
    actions: [],
    checkFrequency: 'DAILY',
    actionLimitFrequency: null,
    runUntil: null,
    caps: {},
  };
}

export function startDraft(start: BuilderStart): RuleDraft {
  return start === SCRATCH ? scratchRule() : ruleTemplate(start);
}

export function newCondition(): ConditionDraft {
  return { metric: 'spend', comparator: 'GREATER_THAN' };
}

/** A fresh action of a type, with the choices a user would most often make already made. */
export function newAction(type: RuleActionType): ActionDraft {
  switch (type) {
    case 'PAUSE':
    case 'RESUME':
      return { type };
    case 'CHANGE_BID':
    case 'CHANGE_BUDGET':
      return { type, operation: 'DECREASE_BY', unit: 'PERCENT' };
    case 'ADD_AS_NEGATIVE_KEYWORD':
      return { type, matchType: 'EXACT', level: 'AD_GROUP' };
    case 'ADD_AS_KEYWORD':
      return { type, matchType: 'EXACT', adAccountId: 0, adGroupId: 0 };
    case 'EMAIL_NOTIFICATION':
      return { type, recipients: { emails: [], externalEmails: [] } };
    case 'SLACK_NOTIFICATION':
      return { type, channels: [] };
  }
}

/** Another target keeps only the actions that target allows. */
export function withTarget(draft: RuleDraft, target: RuleTarget): RuleDraft {
  const allowed = RULE_ACTIONS_BY_TARGET[target];
  return { ...draft, target, actions: draft.actions.filter((a) => allowed.includes(a.type)) };
}

/** A number input's value: empty (or not a number yet, as "-") is no value. */
export function inputNumber(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A text input's value: empty is no value. */
export function inputText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

/** Problems by dotted path ("conditions.0.value"), as translation keys. */
export type DraftErrors = Record<string, string>;

/** Issues of zod's own (an id not picked yet, a number out of bounds) read as "not valid". */
export const INVALID_VALUE = 'automation.builder.invalidValue';

export function draftErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= isValidationMessageKey(issue.message) ? issue.message : INVALID_VALUE;
  }
  return errors;
}

/** The first problem at a path or below it. */
export function errorWithin(errors: DraftErrors, path: string): string | undefined {
  const key = Object.keys(errors).find((at) => at === path || at.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}
