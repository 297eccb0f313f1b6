// The script editor's form state: the draft (scriptedRuleInput itself, as the rule builder keeps
// automationRuleInput), its problems by path, and the contracts schema's check the server applies
// too. A compile error the server reports is kept apart: it is shown inline in the code.
import { scriptedRuleInput, type ScriptedRuleInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftErrors, errorWithin, type DraftErrors } from '../automation/rule-builder/rule-draft';
import type { ScheduleForm } from '../automation/rule-builder/schedule-fields';

export type ScriptDraft = ScriptedRuleInput;

export interface ScriptForm extends ScheduleForm<ScriptDraft> {
  setErrors(errors: DraftErrors): void;
  errorOn(path: string): string | undefined;
  /** The draft as the API takes it, or null after showing its problems. */
  validate(): ScriptedRuleInput | null;
}

export function useScriptForm(initial: ScriptDraft, currency: string): ScriptForm {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});

  function update(path: string, change: (draft: ScriptDraft) => ScriptDraft) {
    setDraft(change);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([at]) => at !== path && !at.startsWith(`${path}.`)),
      ),
    );
  }

  function validate(): ScriptedRuleInput | null {
    const result = scriptedRuleInput.safeParse(draft);
    if (result.success) {
      setErrors({});
      return { ...result.data, currency: result.data.currency ?? currency };
    }
    setErrors(draftErrors(result.error.issues));
    return null;
  }

  const translated = (key: string | undefined) => (key ? t(key) : undefined);
  return {
    draft,
    update,
    setErrors,
    validate,
    errorOn: (path) => translated(errors[path]),
    errorAt: (path) => translated(errorWithin(errors, path)),
  };
}
