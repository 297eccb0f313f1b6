// The app to promote, among the apps of the company's ad accounts (with the account's name, as one
// app may run in several accounts). The wizard's first step and the campaign generator choose it.
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adsManagerApi, adsManagerKeys, type AppWithOrg } from '../../ads-manager/ads-manager-api';

const appKey = (adAccountId: number, adamId: number) => `${adAccountId}:${adamId}`;

export function useAdAccountApps() {
  return useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
}

export function AppSelect(props: {
  adAccountId: number | null;
  adamId: number | null;
  error: string | undefined;
  onChange(app: AppWithOrg | undefined): void;
}) {
  const { t } = useTranslation();
  const apps = useAdAccountApps();
  const chosen = apps.data?.find(
    (app) => app.adamId === props.adamId && app.adAccountId === props.adAccountId,
  );
  return (
    <Select
      label={t('campaignCreation.fields.app')}
      placeholder={
        apps.isPending ? t('common.loading') : t('campaignCreation.fields.appPlaceholder')
      }
      nothingFoundMessage={t('campaignCreation.fields.noApps')}
      searchable
      required
      data={(apps.data ?? []).map((app) => ({
        value: appKey(app.adAccountId, app.adamId),
        label: `${app.name} · ${app.adAccountName}`,
      }))}
      value={chosen ? appKey(chosen.adAccountId, chosen.adamId) : null}
      onChange={(value) =>
        props.onChange(
          apps.data?.find((entry) => appKey(entry.adAccountId, entry.adamId) === value),
        )
      }
      error={props.error}
    />
  );
}
