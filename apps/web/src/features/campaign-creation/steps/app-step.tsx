// Step 1: the app to promote (from the ad account's apps), the campaign's name, daily budget and
// optional schedule.
import { Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adsManagerApi, adsManagerKeys } from '../../ads-manager/ads-manager-api';
import { ScheduleFields } from './schedule-fields';
import { errorAt, type StepProps } from './step-props';

const appKey = (adAccountId: number, adamId: number) => `${adAccountId}:${adamId}`;

export function AppStep({ values, errors, onChange }: StepProps) {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
  const chosen = apps.data?.find(
    (app) => app.adamId === values.adamId && app.adAccountId === values.adAccountId,
  );
  return (
    <Stack gap="md" maw={520}>
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
        onChange={(value) => {
          const app = apps.data?.find((entry) => appKey(entry.adAccountId, entry.adamId) === value);
          onChange({
            ...values,
            adAccountId: app?.adAccountId ?? null,
            adamId: app?.adamId ?? null,
          });
        }}
        error={errorAt(errors, 'adamId', t)}
      />
      <TextInput
        label={t('campaignCreation.fields.campaignName')}
        required
        value={values.campaignName}
        onChange={(event) => onChange({ ...values, campaignName: event.currentTarget.value })}
        error={errorAt(errors, 'campaignName', t)}
      />
      <TextInput
        label={t('campaignCreation.fields.dailyBudget')}
        required
        inputMode="decimal"
        rightSection={chosen?.currency}
        value={values.dailyBudget}
        onChange={(event) => onChange({ ...values, dailyBudget: event.currentTarget.value })}
        error={errorAt(errors, 'dailyBudget', t)}
      />
      <ScheduleFields values={values} errors={errors} onChange={onChange} />
    </Stack>
  );
}
