// "Add ad group": the wizard's ad group forms (ad group, Search Match and keywords on search
// results, audience, ads) for one ad group of a campaign that exists in Apple, sent by addAdGroup.
import { Modal, Stack, Title } from '@mantine/core';
import {
  checkAdGroupPlacement,
  placementHasKeywords,
  wizardAdGroupSchema,
  type AdPlacement,
  type PlacementIssue,
} from '@tapwise/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignCreationApi } from '../campaign-creation-api';
import { AdGroupStep } from '../steps/ad-group-step';
import { AudienceStep } from '../steps/audience-step';
import { CreativeSetsStep } from '../steps/creative-sets-step';
import { KeywordsStep } from '../steps/keywords-step';
import { SearchMatchStep } from '../steps/search-match-step';
import type { StepProps } from '../steps/step-props';
import {
  creationInputOf,
  newWizardValues,
  type WizardErrors,
  type WizardValues,
} from '../wizard-values';
import { AdditionFooter } from './addition-footer';
import { useAddition } from './use-addition';

export interface AddAdGroupTarget {
  adAccountId: number;
  /** The campaign's app, whose product pages the ads choose from. */
  adamId: number;
  campaignId: number;
  campaignName: string;
  placement: AdPlacement;
}

/** The one ad group checked as the server will: the contract's schema and the placement's rule. */
function adGroupIssues(placement: AdPlacement, values: WizardValues) {
  const adGroup = creationInputOf(placement, values).adGroups[0]!;
  const errors: WizardErrors = {};
  const parsed = wizardAdGroupSchema.safeParse(adGroup);
  const issues: { path: PropertyKey[]; message: string }[] = parsed.success
    ? []
    : parsed.error.issues;
  const placementIssues: PlacementIssue[] = [];
  if (parsed.success)
    checkAdGroupPlacement(placement, parsed.data, { addIssue: (i) => placementIssues.push(i) });
  for (const issue of [...issues, ...placementIssues])
    errors[['adGroups', 0, ...issue.path].join('.')] ??= issue.message;
  return { errors, adGroup: parsed.success ? parsed.data : null };
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

export function AddAdGroupModal(props: {
  target: AddAdGroupTarget;
  onAdded(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { target } = props;
  const [values, setValues] = useState<WizardValues>(() => ({
    ...newWizardValues(target.placement),
    adAccountId: target.adAccountId,
    adamId: target.adamId,
  }));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [checked, setChecked] = useState(false);
  const addition = useAddition({
    send: (idempotencyKey) =>
      campaignCreationApi.addAdGroup({
        adAccountId: target.adAccountId,
        campaignId: target.campaignId,
        adGroup: adGroupIssues(target.placement, values).adGroup!,
        idempotencyKey,
      }),
    fieldOf: (path) => path.replace(/^adGroup\./, 'adGroups.0.'),
    added: 'adGroupAdded',
    onAdded: () => {
      props.onAdded();
      props.onClose();
    },
  });

  function onChange(next: WizardValues) {
    setValues(next);
    // Once Add was pressed, issues follow the fields as they are fixed.
    if (checked) setErrors(adGroupIssues(target.placement, next).errors);
  }

  function onAdd() {
    const { errors: found, adGroup } = adGroupIssues(target.placement, values);
    setChecked(true);
    setErrors(found);
    if (adGroup) void addition.submit();
  }

  const step: StepProps = {
    placement: target.placement,
    values,
    errors: { ...errors, ...addition.refused },
    onChange,
    addingToCampaign: true,
  };
  const keywords = placementHasKeywords(target.placement);
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={t('campaignCreation.addToCampaign.adGroupTitle', { name: target.campaignName })}
    >
      <Stack gap="lg">
        <AdGroupStep {...step} />
        {keywords && (
          <Section title={t('campaignCreation.steps.searchMatch')}>
            <SearchMatchStep {...step} />
          </Section>
        )}
        {keywords && (
          <Section title={t('campaignCreation.steps.keywords')}>
            <KeywordsStep {...step} />
          </Section>
        )}
        <Section title={t('campaignCreation.steps.audience')}>
          <AudienceStep {...step} />
        </Section>
        <Section title={t('campaignCreation.steps.creativeSets')}>
          <CreativeSetsStep {...step} />
        </Section>
        <AdditionFooter
          failure={addition.failure}
          pending={addition.pending}
          addLabel={t('campaignCreation.addToCampaign.addAdGroup')}
          onClose={props.onClose}
          onAdd={onAdd}
        />
      </Stack>
    </Modal>
  );
}
