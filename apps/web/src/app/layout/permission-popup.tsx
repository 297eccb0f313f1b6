// The permission popup of spec 1 §6: what a greyed sidebar item opens.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function PermissionPopup(props: { pageName: string | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.pageName !== null}
      onClose={props.onClose}
      centered
      size={350}
      title={t('permissionPopup.title')}
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={30} />
        </ThemeIcon>
        <Text>{t('permissionPopup.message', { page: props.pageName ?? '' })}</Text>
        <Group justify="center" w="100%">
          <Button data-autofocus onClick={props.onClose}>
            {t('confirm.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
