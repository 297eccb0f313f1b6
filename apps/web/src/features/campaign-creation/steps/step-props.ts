// What every wizard step receives: the whole state, a way to change it, and the issues to show
// at its fields (message keys, translated where shown).
import type { AdPlacement } from '@tapwise/contracts';
import type { WizardAdGroupValues, WizardErrors, WizardValues } from '../wizard-values';

export interface StepProps {
  placement: AdPlacement;
  values: WizardValues;
  errors: WizardErrors;
  onChange(values: WizardValues): void;
  /** One ad group added to a campaign in Apple: no second ad group, no campaign-level fields. */
  addingToCampaign?: boolean;
}

/** Changes one ad group of the state. */
export function withAdGroup(
  values: WizardValues,
  index: number,
  patch: Partial<WizardAdGroupValues>,
): WizardValues {
  return {
    ...values,
    adGroups: values.adGroups.map((adGroup, at) =>
      at === index ? { ...adGroup, ...patch } : adGroup,
    ),
  };
}

/** The translated issue at a path, for a Mantine input's `error`. */
export function errorAt(
  errors: WizardErrors,
  path: string,
  t: (key: string) => string,
): string | undefined {
  const key = errors[path];
  return key ? t(key) : undefined;
}
