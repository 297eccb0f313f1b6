// How an ad group is named in the steps that go through every ad group, before it has a name.
import type { WizardAdGroupValues } from '../wizard-values';

export const adGroupTitle = (
  adGroup: Pick<WizardAdGroupValues, 'name'>,
  index: number,
  t: (key: string, options: Record<string, unknown>) => string,
) => adGroup.name || t('campaignCreation.adGroup.untitled', { number: index + 1 });
