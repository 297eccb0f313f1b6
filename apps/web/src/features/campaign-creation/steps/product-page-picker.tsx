// The product page an ad shows, chosen among the app's default page and its custom pages as Apple
// lists them, with the chosen page's state, locales, assets per display size and what the spec's
// asset rule says of it for the ad group's devices.
import { Alert, Badge, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  deviceSizeLabel,
  productPageAssetIssues,
  type DeviceClass,
  type ProductPageAssetIssue,
  type ProductPageSummary,
  type WizardAd,
} from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { choiceKey, choiceOfKey, pageKey, pageOfChoice, useProductPages } from '../product-pages';
import type { WizardValues } from '../wizard-values';

function issueMessage(issue: ProductPageAssetIssue, t: TFunction): string {
  if (issue.kind === 'noAssets')
    return t('campaignCreation.productPages.noAssets', {
      device: t(`campaignCreation.devices.${issue.deviceClass}`),
    });
  return t(
    issue.deviceClass === 'IPHONE'
      ? 'campaignCreation.productPages.fewIphoneAssets'
      : 'campaignCreation.productPages.fewIpadAssets',
    { size: deviceSizeLabel(issue.deviceSize) },
  );
}

function PageDetails({ page, devices }: { page: ProductPageSummary; devices: DeviceClass[] }) {
  const { t } = useTranslation();
  const issues = productPageAssetIssues(page.devices, devices);
  return (
    <Stack gap={4} data-testid="product-page-details">
      <Group gap="xs">
        {page.state && <Badge variant="light">{page.state}</Badge>}
        <Text size="sm">
          {t('campaignCreation.productPages.locales', { number: page.locales.length })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('campaignCreation.productPages.assets')}{' '}
        {page.devices
          .map((device) => `${deviceSizeLabel(device.deviceSize)}: ${device.assets}`)
          .join(' · ') || '—'}
      </Text>
      {issues.map((issue) => (
        <Text
          key={`${issue.kind}:${issue.deviceClass}:${'deviceSize' in issue ? issue.deviceSize : ''}`}
          size="sm"
          c={issue.kind === 'noAssets' ? 'red' : 'yellow.8'}
          role={issue.kind === 'noAssets' ? 'alert' : undefined}
        >
          {issueMessage(issue, t)}
        </Text>
      ))}
    </Stack>
  );
}

export function ProductPagePicker(props: {
  values: Pick<WizardValues, 'adAccountId' | 'adamId'>;
  devices: DeviceClass[];
  ad: WizardAd;
  error: string | undefined;
  onChange(productPage: WizardAd['productPage']): void;
}) {
  const { t } = useTranslation();
  const pages = useProductPages(props.values);
  const chosen = props.ad.productPage;
  const label = t('campaignCreation.productPages.label');
  if (pages.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={label}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('campaignCreation.productPages.fetchFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void pages.refetch()}>
            {t('campaignCreation.productPages.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const options = (pages.data ?? []).map((page) => ({
    value: pageKey(page),
    label: page.kind === 'default' ? t('campaignCreation.ads.defaultPage') : page.name,
  }));
  // A draft may name a page Apple no longer lists, or one not fetched yet.
  if (!options.some((option) => option.value === choiceKey(chosen)))
    options.push({
      value: choiceKey(chosen),
      label:
        chosen.kind === 'custom'
          ? t('campaignCreation.productPages.unlisted', { id: chosen.productPageId })
          : t('campaignCreation.ads.defaultPage'),
    });
  const page = pageOfChoice(pages.data, chosen);
  const noCustomPages = pages.isSuccess && pages.data.every((entry) => entry.kind === 'default');
  return (
    <Stack gap={4} miw={280}>
      <Select
        label={label}
        required
        allowDeselect={false}
        data={options}
        value={choiceKey(chosen)}
        onChange={(key) => key && props.onChange(choiceOfKey(key))}
        rightSection={pages.isFetching ? <Loader size="xs" /> : undefined}
        description={pages.isLoading ? t('campaignCreation.productPages.loading') : undefined}
        error={props.error}
      />
      {noCustomPages && (
        <Text size="sm" c="dimmed">
          {t('campaignCreation.productPages.noCustomPages')}
        </Text>
      )}
      {page && <PageDetails page={page} devices={props.devices} />}
    </Stack>
  );
}
