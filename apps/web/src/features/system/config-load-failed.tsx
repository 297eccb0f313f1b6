import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when /config.json cannot be loaded: nothing else can work without it. */
export function ConfigLoadFailed() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="md" role="alert">
        <IconCloudOff size={48} aria-hidden />
        <Title order={1} size="h3">
          {t('errors.configLoadFailed')}
        </Title>
        <Text c="dimmed">{t('errors.configLoadFailedHint')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
