// One panel of a report page (overview, ads manager): its title and controls, then its own loading
// skeleton, its own failure with a retry, or its content. Panels load independently of each other.
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface OverviewPanelProps<Data> {
  title: string;
  query: UseQueryResult<Data>;
  /** Controls beside the title (metric choice, presets). */
  controls?: ReactNode;
  /** Height of the skeleton, close to the content's so the page does not jump. */
  skeletonHeight?: number;
  testId?: string;
  children(data: Data): ReactNode;
}

export function PanelFailure({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('overview.panelFailed')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export function PanelBody<Data>(props: {
  query: UseQueryResult<Data>;
  skeletonHeight?: number;
  children(data: Data): ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) {
    return <Skeleton height={props.skeletonHeight ?? 200} aria-label={t('common.loading')} />;
  }
  if (query.isError) return <PanelFailure onRetry={() => void query.refetch()} />;
  return props.children(query.data);
}

export function OverviewPanel<Data>(props: OverviewPanelProps<Data>) {
  return (
    <Paper withBorder p="md" data-testid={props.testId} aria-busy={props.query.isFetching}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4">
            {props.title}
          </Title>
          {props.controls}
        </Group>
        <PanelBody query={props.query} skeletonHeight={props.skeletonHeight}>
          {props.children}
        </PanelBody>
      </Stack>
    </Paper>
  );
}
