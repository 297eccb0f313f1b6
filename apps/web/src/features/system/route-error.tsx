import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadTimeoutError } from '../../shared/chunks/with-timeout';

/** A page that failed to load or render: a way forward instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const timedOut = error instanceof ChunkLoadTimeoutError;
  return (
    <Center h="80vh" p="md">
      <Stack align="center" gap="md" role="alert">
        <Title order={1} size="h3">
          {t('errors.generic')}
        </Title>
        <Text c="dimmed">{t(timedOut ? 'errors.chunkTimeout' : 'errors.pageFailed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
