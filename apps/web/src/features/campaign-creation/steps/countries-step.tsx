// Step 2: the countries and regions the campaign runs in. With exactly one country, regions
// (admin areas) and cities (localities) of it may narrow the ad groups' targeting: v1 takes geo
// within one country only (docs/campaign-creation.md). The countries offered are those where
// Apple lets the app run on the placement.
import { Alert, MultiSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../use-country-options';
import { GeoPicker } from './geo-picker';
import { errorAt, type StepProps } from './step-props';

export function CountriesStep({ placement, values, errors, onChange }: StepProps) {
  const { t } = useTranslation();
  const countries = useCountryOptions(values, placement);
  const [country] = values.countries;
  const oneCountry = values.countries.length === 1 ? country : undefined;
  return (
    <Stack gap="sm" maw={520}>
      <MultiSelect
        label={t('campaignCreation.fields.countries')}
        required
        searchable
        data={countries.options}
        disabled={countries.loading}
        placeholder={countries.loading ? t('campaignCreation.eligibility.checking') : undefined}
        description={countries.checked ? t('campaignCreation.eligibility.hint') : undefined}
        value={values.countries}
        onChange={(countries) => {
          // Regions and cities belong to the one country they were chosen in.
          const sameCountry = countries.length === 1 && countries[0] === oneCountry;
          onChange({
            ...values,
            countries,
            ...(sameCountry ? {} : { adminAreas: [], localities: [] }),
          });
        }}
        error={errorAt(errors, 'countries', t)}
      />
      {countries.failed && (
        <Alert color="yellow" variant="light">
          {t('campaignCreation.eligibility.failed')}
        </Alert>
      )}
      {oneCountry ? (
        <>
          <GeoPicker
            key={`regions-${oneCountry}`}
            adAccountId={values.adAccountId}
            countryCode={oneCountry}
            entity="AdminArea"
            label={t('campaignCreation.geo.regions')}
            value={values.adminAreas}
            onChange={(adminAreas) => onChange({ ...values, adminAreas })}
            error={errorAt(errors, 'adminAreas', t)}
          />
          <GeoPicker
            key={`cities-${oneCountry}`}
            adAccountId={values.adAccountId}
            countryCode={oneCountry}
            entity="Locality"
            label={t('campaignCreation.geo.cities')}
            value={values.localities}
            onChange={(localities) => onChange({ ...values, localities })}
            error={errorAt(errors, 'localities', t)}
          />
          <Text size="sm" c="dimmed">
            {t('campaignCreation.geo.help')}
          </Text>
        </>
      ) : (
        values.countries.length > 1 && (
          <Text size="sm" c="dimmed">
            {t('campaignCreation.geo.oneCountryOnly')}
          </Text>
        )
      )}
    </Stack>
  );
}
