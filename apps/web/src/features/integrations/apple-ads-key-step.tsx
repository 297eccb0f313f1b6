// Step 1 of connecting Apple Ads: Tapwise generates the key pair and shows the public key to
// upload in Apple Ads, or the user chooses to paste their own private key in the next step.
import { Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/ui/notify';
import { integrationsApi } from './integrations-api';

export interface AppleAdsKeyStepProps {
  publicKeyPem: string | null;
  onGenerated(publicKeyPem: string): void;
  /** Continue to the credentials; `ownKey` when the user brings their own private key. */
  onNext(ownKey: boolean): void;
}

export function AppleAdsKeyStep({ publicKeyPem, onGenerated, onNext }: AppleAdsKeyStepProps) {
  const { t } = useTranslation();
  const generate = useMutation({
    mutationFn: integrationsApi.generateKey,
    onSuccess: (data) => onGenerated(data.publicKeyPem),
    onError: () => notifyError(t('errors.generic')),
  });
  return (
    <Stack gap="md">
      <Text>{t('connect.keyIntro')}</Text>
      {publicKeyPem ? (
        <>
          <Code block data-testid="public-key">
            {publicKeyPem}
          </Code>
          <CopyButton value={publicKeyPem}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                w="fit-content"
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('connect.copied') : t('connect.copyKey')}
              </Button>
            )}
          </CopyButton>
          <List type="ordered" spacing="xs" size="sm">
            <List.Item>{t('connect.instructions.apiUser')}</List.Item>
            <List.Item>{t('connect.instructions.signIn')}</List.Item>
            <List.Item>{t('connect.instructions.upload')}</List.Item>
            <List.Item>{t('connect.instructions.copyIds')}</List.Item>
          </List>
          <Group>
            <Button onClick={() => onNext(false)}>{t('connect.next')}</Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button
            leftSection={<IconKey size={16} aria-hidden />}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {t('connect.generateKey')}
          </Button>
          <Button variant="subtle" onClick={() => onNext(true)}>
            {t('connect.ownKey')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
