// "Add ad": the wizard's ads form for one ad group that exists in Apple, sent by addAds (each ad's
// creative is found or made for its product page on the server).
import { Modal, Stack } from '@mantine/core';
import { addAdsArgsSchema, type AdPlacement } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignCreationApi } from '../campaign-creation-api';
import { CreativeSetsStep } from '../steps/creative-sets-step';
import { newWizardValues, type WizardErrors, type WizardValues } from '../wizard-values';
import { AdditionFooter } from './addition-footer';
import { useAddition } from './use-addition';

export interface AddAdsTarget {
  adAccountId: number;
  /** The campaign's app, whose product pages the ads choose from. */
  adamId: number;
  adGroupId: number;
  adGroupName: string;
  placement: AdPlacement;
}

const PATH = 'adGroups.0.ads';

function adsIssues(values: WizardValues) {
  const parsed = addAdsArgsSchema.shape.ads.safeParse(values.adGroups[0]!.ads);
  const errors: WizardErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues)
    errors[[PATH, ...issue.path].join('.')] ??= issue.message;
  return { errors, ads: parsed.success ? parsed.data : null };
}

export function AddAdsModal(props: { target: AddAdsTarget; onAdded(): void; onClose(): void }) {
  const { t } = useTranslation();
  const { target } = props;
  const [values, setValues] = useState<WizardValues>(() => {
    const empty = newWizardValues(target.placement);
    return {
      ...empty,
      adAccountId: target.adAccountId,
      adamId: target.adamId,
      adGroups: [
        {
          ...empty.adGroups[0]!,
          name: target.adGroupName,
          ads: [{ name: '', productPage: { kind: 'default' } }],
        },
      ],
    };
  });
  const [errors, setErrors] = useState<WizardErrors>({});
  const [checked, setChecked] = useState(false);
  const addition = useAddition({
    send: (idempotencyKey) =>
      campaignCreationApi.addAds({
        adAccountId: target.adAccountId,
        adGroupId: target.adGroupId,
        ads: adsIssues(values).ads!,
        idempotencyKey,
      }),
    fieldOf: (path) => path.replace(/^ads/, PATH),
    added: 'creativeSetAdded',
    onAdded: () => {
      props.onAdded();
      props.onClose();
    },
  });

  function onChange(next: WizardValues) {
    setValues(next);
    if (checked) setErrors(adsIssues(next).errors);
  }

  function onAdd() {
    const { errors: found, ads } = adsIssues(values);
    setChecked(true);
    setErrors(found);
    if (ads) void addition.submit();
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={t('campaignCreation.addToCampaign.adsTitle', { name: target.adGroupName })}
    >
      <Stack gap="lg">
        <CreativeSetsStep
          placement={target.placement}
          values={values}
          errors={{ ...errors, ...addition.refused }}
          onChange={onChange}
          addingToCampaign
        />
        <AdditionFooter
          failure={addition.failure}
          pending={addition.pending}
          addLabel={t('campaignCreation.addToCampaign.addAds')}
          onClose={props.onClose}
          onAdd={onAdd}
        />
      </Stack>
    </Modal>
  );
}
