// Move or copy a keyword to another ad group of its app: the ad groups listed by campaign, the
// keyword's own left out. A move Apple finished only half is said as the server words it.
import { Modal, Select, Stack, Text } from '@mantine/core';
import type { KeywordTransferMode, ReportRow } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { actionsApi } from './actions-api';
import { FormButtons } from './form-buttons';
import type { OnChanged } from './types';
import { notifyWriteFailure, translatedServerMessage } from './write-feedback';
import { entityRef } from './write-levels';

export function KeywordTransferModal(props: {
  mode: KeywordTransferMode;
  keyword: ReportRow;
  onChanged: OnChanged;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { keyword, mode } = props;
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const adamId = keyword.details.adamId;
  const options = useQuery({
    queryKey: ['adsManager', 'adGroupsOfApp', keyword.adAccountId, adamId],
    queryFn: () => actionsApi.adGroupsOfApp(keyword.adAccountId, adamId!),
    enabled: adamId !== undefined,
  });
  const data = (options.data ?? [])
    .map((entry) => ({
      group: entry.campaign,
      items: entry.adGroups
        .filter((adGroup) => adGroup.id !== keyword.adGroupId)
        .map((adGroup) => ({ value: String(adGroup.id), label: adGroup.name })),
    }))
    .filter((entry) => entry.items.length > 0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) {
      setError(t('validation.required'));
      return;
    }
    setPending(true);
    try {
      const result = await actionsApi.transferKeywords({
        adAccountId: keyword.adAccountId,
        mode,
        keywords: [entityRef(keyword)],
        targetAdGroupId: Number(target),
      });
      const [outcome] = result.results;
      if (outcome?.ok) notifySuccess(translatedServerMessage(result.successMessage));
      else notifyError(translatedServerMessage(outcome?.message ?? ''));
      props.onChanged();
      if (outcome?.ok) props.onClose();
    } catch (failure) {
      notifyWriteFailure(failure, 'updateFailed', () => props.onChanged());
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(`adsActions.transfer.${mode}Title`, { name: keyword.name })}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t(`adsActions.transfer.${mode}Hint`, { adGroup: keyword.details.adGroupName ?? '' })}
          </Text>
          <Select
            label={t('adsActions.transfer.target')}
            placeholder={options.isPending ? t('common.loading') : undefined}
            data={data}
            value={target}
            searchable
            nothingFoundMessage={t('adsActions.transfer.noAdGroup')}
            error={error ?? (options.isError ? t('adsActions.messages.updateFailed') : undefined)}
            onChange={(value) => {
              setTarget(value);
              setError(null);
            }}
          />
          <FormButtons
            pending={pending}
            onCancel={props.onClose}
            submitLabel={t(`adsActions.transfer.${mode}`)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
