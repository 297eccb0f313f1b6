// Step 2: the countries and regions the campaign runs in. Tapwise has no v1 geo search yet, so
// admin areas and localities are not offered (docs/campaign-creation.md).
import { MultiSelect, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../ads-manager/actions/country-names';
import { errorAt, type StepProps } from './step-props';

export function CountriesStep({ values, errors, onChange }: StepProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Stack gap="sm" maw={520}>
      <MultiSelect
        label={t('campaignCreation.fields.countries')}
        required
        searchable
        data={options}
        value={values.countries}
        onChange={(countries) => onChange({ ...values, countries })}
        error={errorAt(errors, 'countries', t)}
      />
      <Text size="sm" c="dimmed">
        {t('campaignCreation.fields.noGeoSearch')}
      </Text>
    </Stack>
  );
}
