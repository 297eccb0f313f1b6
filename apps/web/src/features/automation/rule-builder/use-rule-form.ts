// The builder's form state: the draft, its problems by path, and a check with the contracts
// schema the server applies too. Editing a part clears the problems shown for that part. A draft
// without a currency is sent in the one the builder shows: the company's reporting currency.
import { automationRuleInput, type AutomationRuleInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftErrors, errorWithin, type DraftErrors, type RuleDraft } from './rule-draft';

export interface RuleForm {
  draft: RuleDraft;
  /** Replaces the draft by `change(draft)` and forgets the problems under `path`. */
  update(path: string, change: (draft: RuleDraft) => RuleDraft): void;
  /** Shows problems (the server's). */
  setErrors(errors: DraftErrors): void;
  /** The translated problem exactly at a path. */
  errorOn(path: string): string | undefined;
  /** The translated first problem at a path or below it. */
  errorAt(path: string): string | undefined;
  /** The draft as the API takes it, or null after showing its problems. */
  validate(): AutomationRuleInput | null;
}

/**
 * `currency` is the one a draft without its own is sent in; `onProblems` is called whenever
 * problems are shown (to bring the first into view).
 */
export function useRuleForm(
  initial: RuleDraft,
  currency: string,
  onProblems: () => void,
): RuleForm {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});

  function showErrors(shown: DraftErrors) {
    setErrors(shown);
    if (Object.keys(shown).length > 0) onProblems();
  }

  function update(path: string, change: (draft: RuleDraft) => RuleDraft) {
    setDraft(change);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([at]) => at !== path && !at.startsWith(`${path}.`)),
      ),
    );
  }

  function validate(): AutomationRuleInput | null {
    const result = automationRuleInput.safeParse(draft);
    if (result.success) {
      setErrors({});
      return { ...result.data, currency: result.data.currency ?? currency };
    }
    showErrors(draftErrors(result.error.issues));
    return null;
  }

  const translated = (key: string | undefined) => (key ? t(key) : undefined);

  return {
    draft,
    update,
    setErrors: showErrors,
    validate,
    errorOn: (path) => translated(errors[path]),
    errorAt: (path) => translated(errorWithin(errors, path)),
  };
}
