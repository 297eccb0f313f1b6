// The enterprise-upgrade dialog (spec 1 §2, §6): enterprise-only features are bought through
// support. It opens whenever the API answers ENTERPRISE_ONLY and from greyed sidebar entries;
// a SUBSCRIPTION_CANCELLED answer refreshes the billing status so the guards take over.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { ERROR_CODES } from '@tapwise/contracts';
import { IconCrown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiError } from '../../shared/api/http';
import { billingStatusKeys } from './billing-status';

export const SUPPORT_EMAIL = 'support@tapwise.app';

let opened = false;
const listeners = new Set<() => void>();

function setOpened(value: boolean) {
  if (opened === value) return;
  opened = value;
  for (const listener of listeners) listener();
}

export const openEnterpriseUpgrade = () => setOpened(true);
export const closeEnterpriseUpgrade = () => setOpened(false);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Reacts to the API's plan and subscription refusals; mounted once by the layout. */
export function useEntitlementErrors() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onApiError((error) => {
        if (error.body?.code === ERROR_CODES.ENTERPRISE_ONLY) openEnterpriseUpgrade();
        if (error.body?.code === ERROR_CODES.SUBSCRIPTION_CANCELLED) {
          void queryClient.invalidateQueries({ queryKey: billingStatusKeys.all });
        }
      }),
    [queryClient],
  );
}

export function EnterpriseUpgradeDialog() {
  const { t } = useTranslation();
  const isOpen = useSyncExternalStore(subscribe, () => opened);
  return (
    <Modal
      opened={isOpen}
      onClose={closeEnterpriseUpgrade}
      centered
      size={400}
      title={t('entitlements.upgradeTitle')}
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconCrown size={30} />
        </ThemeIcon>
        <Text>{t('entitlements.upgradeMessage')}</Text>
        <Group justify="center" w="100%">
          <Button variant="default" onClick={closeEnterpriseUpgrade}>
            {t('entitlements.close')}
          </Button>
          <Button
            component="a"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('entitlements.upgradeSubject'))}`}
            data-autofocus
            onClick={closeEnterpriseUpgrade}
          >
            {t('entitlements.contactSupport')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
