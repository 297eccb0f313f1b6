// What can be done with the selected keywords: add them to an ad group as keywords or negative
// keywords (the ads manager's forms, prefilled), or start a new campaign with them. Read-only
// members see the actions disabled with the reason.
import { Group } from '@mantine/core';
import type { Permission } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STORAGE_KEYS, writeStored } from '../../../shared/storage/browser-storage';
import { AddKeywordsModal } from '../../ads-manager/actions/add-keywords-modal';
import { AddNegativeKeywordsModal } from '../../ads-manager/actions/add-negative-keywords-modal';
import { AdGroupPicker, type AdGroupChoice } from './ad-group-picker';
import { WriteButton } from './write-button';

type Flow = 'keywords' | 'negatives';

export function KeywordActions(props: { texts: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [flow, setFlow] = useState<Flow>();
  const [target, setTarget] = useState<AdGroupChoice>();
  const none = props.texts.length === 0;
  const close = () => {
    setFlow(undefined);
    setTarget(undefined);
  };

  function useInNewCampaign() {
    writeStored(STORAGE_KEYS.keysFromKai, JSON.stringify(props.texts));
    void navigate('/create-campaign');
  }

  const action = (label: string, permission: Permission, onClick: () => void) => (
    <WriteButton variant="light" permission={permission} disabled={none} onClick={onClick}>
      {label}
    </WriteButton>
  );

  return (
    <Group gap="xs" role="group" aria-label={t('keywordAnalysis.actions.label')}>
      {action(t('keywordAnalysis.actions.addKeywords'), 'adsManager.write', () =>
        setFlow('keywords'),
      )}
      {action(t('keywordAnalysis.actions.addNegatives'), 'adsManager.write', () =>
        setFlow('negatives'),
      )}
      {action(t('keywordAnalysis.actions.newCampaign'), 'campaignCreation.write', useInNewCampaign)}
      {flow && !target && (
        <AdGroupPicker
          title={t(
            `keywordAnalysis.actions.${flow === 'keywords' ? 'addKeywords' : 'addNegatives'}`,
          )}
          onPick={setTarget}
          onClose={close}
        />
      )}
      {flow === 'keywords' && target && (
        <AddKeywordsModal
          target={{ adAccountId: target.adAccountId, adGroupId: target.adGroupId }}
          texts={props.texts}
          onChanged={() => undefined}
          onClose={close}
        />
      )}
      {flow === 'negatives' && target && (
        <AddNegativeKeywordsModal
          scope={{
            adAccountId: target.adAccountId,
            campaignIds: [target.campaignId],
            adGroupIds: [target.adGroupId],
          }}
          texts={props.texts}
          onChanged={() => undefined}
          onClose={close}
        />
      )}
    </Group>
  );
}
