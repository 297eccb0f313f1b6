// The INVALID_INTEGRATION banner (spec 1 §4, §8) shown across the app until the integration is
// deleted and added again.
import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useSyncStatus } from '../sync/sync-status';
import { useIntegrationInfo } from './use-integration-info';

export function InvalidIntegrationBanner() {
  const info = useIntegrationInfo();
  const { state } = useSyncStatus();
  if (!info.data?.invalid && !state.invalid) return null;
  return (
    <Alert
      color="red"
      radius={0}
      icon={<IconPlugConnectedX aria-hidden />}
      data-testid="invalid-integration-banner"
    >
      <Text size="sm">
        <Trans
          i18nKey="integrations.invalidBanner"
          components={{ anchor: <Anchor component={Link} to="/integrations" size="sm" /> }}
        />
      </Text>
    </Alert>
  );
}
