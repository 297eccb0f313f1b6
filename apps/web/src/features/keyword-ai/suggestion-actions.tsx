// What the chosen suggestions go to: an ad group, through the ads manager's add-keywords form
// (ad group picked as Keyword Analysis does, then match type and bid), or the caller's list.
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddKeywordsModal } from '../ads-manager/actions/add-keywords-modal';
import { AdGroupPicker, type AdGroupChoice } from '../keyword-research/analysis/ad-group-picker';
import { WriteButton } from '../keyword-research/analysis/write-button';

export function SuggestionActions(props: {
  texts: string[];
  onPick?: ((texts: string[]) => void) | undefined;
  pickLabel?: string | undefined;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState<AdGroupChoice>();
  const none = props.texts.length === 0;
  const close = () => {
    setPicking(false);
    setTarget(undefined);
  };
  return (
    <Group gap="xs" role="group" aria-label={t('keywordAi.actions')}>
      <Text size="sm" c="dimmed">
        {t('keywordAi.selected', { n: props.texts.length })}
      </Text>
      {props.onPick && (
        <Button disabled={none} onClick={() => props.onPick?.(props.texts)}>
          {props.pickLabel ?? t('keywordAi.pick')}
        </Button>
      )}
      <WriteButton
        variant="light"
        permission="adsManager.write"
        disabled={none}
        onClick={() => setPicking(true)}
      >
        {t('keywordAi.addToAdGroup')}
      </WriteButton>
      {picking && !target && (
        <AdGroupPicker title={t('keywordAi.addToAdGroup')} onPick={setTarget} onClose={close} />
      )}
      {target && (
        <AddKeywordsModal
          target={{ adAccountId: target.adAccountId, adGroupId: target.adGroupId }}
          texts={props.texts}
          onChanged={() => undefined}
          onClose={close}
        />
      )}
    </Group>
  );
}
