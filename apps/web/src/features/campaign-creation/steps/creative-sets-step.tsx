// Step 7: each ad group's ads, each showing the app's default product page or one of its custom
// product pages, chosen from the pages Apple lists for the app.
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CAMPAIGN_CREATION_LIMITS,
  placementHasKeywords,
  type DeviceClass,
  type WizardAd,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import type { WizardValues } from '../wizard-values';
import { adGroupTitle } from './ad-group-title';
import { ProductPagePicker } from './product-page-picker';
import { errorAt, withAdGroup, type StepProps } from './step-props';

function AdFields(props: {
  values: Pick<WizardValues, 'adAccountId' | 'adamId'>;
  devices: DeviceClass[];
  ad: WizardAd;
  path: string;
  errors: StepProps['errors'];
  onChange(ad: WizardAd): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { ad } = props;
  const at = (field: string) => errorAt(props.errors, `${props.path}.${field}`, t);
  return (
    <Group align="flex-start" data-testid="ad-row">
      <TextInput
        label={t('campaignCreation.fields.adName')}
        required
        value={ad.name}
        onChange={(event) => props.onChange({ ...ad, name: event.currentTarget.value })}
        error={at('name')}
      />
      <ProductPagePicker
        values={props.values}
        devices={props.devices}
        ad={ad}
        error={at('productPage') ?? at('productPage.productPageId')}
        onChange={(productPage) => props.onChange({ ...ad, productPage })}
      />
      <ActionIcon
        mt={28}
        variant="subtle"
        color="red"
        aria-label={t('campaignCreation.ads.remove', { name: ad.name })}
        onClick={props.onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

export function CreativeSetsStep({ placement, values, errors, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(
          placementHasKeywords(placement)
            ? 'campaignCreation.ads.optionalHelp'
            : 'campaignCreation.ads.requiredHelp',
        )}
      </Text>
      {values.adGroups.map((adGroup, index) => {
        const path = `adGroups.${index}.ads`;
        const setAds = (ads: WizardAd[]) => onChange(withAdGroup(values, index, { ads }));
        return (
          <Card key={index} withBorder>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {adGroupTitle(adGroup, index, t)}
              </Title>
              {adGroup.ads.map((ad, adIndex) => (
                <AdFields
                  key={adIndex}
                  values={values}
                  devices={adGroup.audience.devices}
                  ad={ad}
                  path={`${path}.${adIndex}`}
                  errors={errors}
                  onChange={(changed) =>
                    setAds(adGroup.ads.map((other, at) => (at === adIndex ? changed : other)))
                  }
                  onRemove={() => setAds(adGroup.ads.filter((_, at) => at !== adIndex))}
                />
              ))}
              {errors[path] && (
                <Text c="red" size="sm" role="alert">
                  {t(errors[path])}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  disabled={adGroup.ads.length >= CAMPAIGN_CREATION_LIMITS.adsPerAdGroup}
                  onClick={() =>
                    setAds([...adGroup.ads, { name: '', productPage: { kind: 'default' } }])
                  }
                >
                  {t('campaignCreation.ads.add', { name: adGroupTitle(adGroup, index, t) })}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
