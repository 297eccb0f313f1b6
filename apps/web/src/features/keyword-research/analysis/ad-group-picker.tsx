// Which ad group selected keywords go to: one of the company's apps, then one of the live ad
// groups of its campaigns (the list the ads manager's keyword transfer offers).
import { Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi } from '../../ads-manager/actions/actions-api';
import { FormButtons } from '../../ads-manager/actions/form-buttons';
import { overviewApi, overviewKeys } from '../../overview/overview-api';

export interface AdGroupChoice {
  adAccountId: number;
  campaignId: number;
  adGroupId: number;
}

export function AdGroupPicker(props: {
  title: string;
  onPick(choice: AdGroupChoice): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [appKey, setAppKey] = useState<string | null>(null);
  const [adGroupId, setAdGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const ownApps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const app = ownApps.data?.find((entry) => `${entry.adAccountId}:${entry.adamId}` === appKey);
  const adGroups = useQuery({
    queryKey: ['adsManager', 'adGroupsOfApp', app?.adAccountId, app?.adamId],
    queryFn: () => actionsApi.adGroupsOfApp(app!.adAccountId, app!.adamId),
    enabled: app !== undefined,
  });
  const groups = (adGroups.data ?? [])
    .map((entry) => ({
      group: entry.campaign,
      items: entry.adGroups.map((adGroup) => ({ value: String(adGroup.id), label: adGroup.name })),
    }))
    .filter((entry) => entry.items.length > 0);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const adGroup = adGroups.data
      ?.flatMap((entry) => entry.adGroups)
      .find((entry) => String(entry.id) === adGroupId);
    if (!app || !adGroup) {
      setError(t('validation.required'));
      return;
    }
    props.onPick({
      adAccountId: app.adAccountId,
      campaignId: adGroup.campaignId,
      adGroupId: adGroup.id,
    });
  }

  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Select
            label={t('keywordAnalysis.actions.app')}
            data={(ownApps.data ?? []).map((entry) => ({
              value: `${entry.adAccountId}:${entry.adamId}`,
              label: `${entry.name} (${entry.adAccountName})`,
            }))}
            value={appKey}
            searchable
            onChange={(value) => {
              setAppKey(value);
              setAdGroupId(null);
            }}
          />
          <Select
            label={t('keywordAnalysis.actions.adGroup')}
            placeholder={adGroups.isFetching ? t('common.loading') : undefined}
            data={groups}
            value={adGroupId}
            searchable
            disabled={!app}
            nothingFoundMessage={t('adsActions.transfer.noAdGroup')}
            error={error}
            onChange={(value) => {
              setAdGroupId(value);
              setError(undefined);
            }}
          />
          <FormButtons
            pending={false}
            onCancel={props.onClose}
            submitLabel={t('keywordAnalysis.actions.next')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
