// Step 1: the app to promote (from the ad account's apps), the campaign's name, daily budget and
// optional schedule.
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppSelect, useAdAccountApps } from './app-select';
import { ScheduleFields } from './schedule-fields';
import { errorAt, type StepProps } from './step-props';

export function AppStep({ values, errors, onChange }: StepProps) {
  const { t } = useTranslation();
  const apps = useAdAccountApps();
  const chosen = apps.data?.find(
    (app) => app.adamId === values.adamId && app.adAccountId === values.adAccountId,
  );
  return (
    <Stack gap="md" maw={520}>
      <AppSelect
        adAccountId={values.adAccountId}
        adamId={values.adamId}
        onChange={(app) =>
          onChange({
            ...values,
            adAccountId: app?.adAccountId ?? null,
            adamId: app?.adamId ?? null,
          })
        }
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
