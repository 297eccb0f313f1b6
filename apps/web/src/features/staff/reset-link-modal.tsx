// Shows a generated reset-password link with a copy button, for staff to pass on to a user.
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ResetLinkModal(props: { link: string | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.link !== null}
      onClose={props.onClose}
      title={t('staff.resetLinkTitle')}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('staff.resetLinkText')}</Text>
        <TextInput
          readOnly
          value={props.link ?? ''}
          aria-label={t('staff.resetLinkTitle')}
          data-autofocus
        />
        <Group justify="flex-end">
          <CopyButton value={props.link ?? ''}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
                {copied ? t('staff.copied') : t('staff.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
