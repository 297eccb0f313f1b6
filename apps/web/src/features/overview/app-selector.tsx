// The app the overview is about, named with its ad account; the account's currency beside it.
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OwnApp } from './overview-api';
import type { AppKey } from './use-overview-selection';

const appValue = (app: AppKey) => `${app.adAccountId}:${app.adamId}`;

export function appLabel(app: OwnApp): string {
  return `${app.name} — ${app.adAccountName}`;
}

export function AppSelector(props: {
  apps: readonly OwnApp[];
  app: OwnApp;
  onChange(app: AppKey): void;
}) {
  const { t } = useTranslation();
  const byValue = new Map(props.apps.map((app) => [appValue(app), app]));
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={t('overview.app')}
        data={props.apps.map((app) => ({ value: appValue(app), label: appLabel(app) }))}
        value={appValue(props.app)}
        allowDeselect={false}
        searchable={props.apps.length > 8}
        w={320}
        renderOption={({ option }) => {
          const app = byValue.get(option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{app?.name}</Text>
              <Text size="xs" c="dimmed">
                {app?.adAccountName} · {app?.currency}
              </Text>
            </Stack>
          );
        }}
        onChange={(value) => {
          const app = value ? byValue.get(value) : undefined;
          if (app) props.onChange({ adAccountId: app.adAccountId, adamId: app.adamId });
        }}
      />
      <Badge
        variant="light"
        size="lg"
        mb={4}
        title={t('overview.currency')}
        data-testid="overview-currency"
      >
        {props.app.currency}
      </Badge>
    </Group>
  );
}
