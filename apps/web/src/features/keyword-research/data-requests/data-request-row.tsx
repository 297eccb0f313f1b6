// One data request in the dialog (spec 1 §2, §4, §9): kind, task, storefront and device, start
// time, progress and state; a finished one opens its results, a running one can be cancelled,
// a finished one deleted and a failed one retried.
import {
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { categoryName, dataRequestTaskText, type DataRequest } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { lastSyncLabel } from '../../sync/last-sync-label';
import { dataRequestKind } from './data-request-kind';

export interface DataRequestRowProps {
  request: DataRequest;
  now: number;
  canWrite: boolean;
  onOpen(request: DataRequest): void;
  onRemove(request: DataRequest): void;
  onRetry(request: DataRequest): void;
}

function TaskText({ request }: { request: DataRequest }) {
  const { t } = useTranslation();
  const kind = dataRequestKind(request.opId);
  if (kind === 'appsForKeyword')
    return <Text fw={500}>{dataRequestTaskText(request.keyword ?? '')}</Text>;
  if (kind === 'topAppsForCategory') {
    const type = request.catType ? t(`dataRequests.categoryType.${request.catType}`) : '';
    return (
      <Text fw={500}>
        {[categoryName(request.catId ?? -1) ?? request.catId, type].filter(Boolean).join(' · ')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {request.icon && <Avatar src={request.icon} size="sm" radius="sm" alt="" />}
      <Text fw={500}>{dataRequestTaskText(request.appName ?? request.appId ?? '')}</Text>
    </Group>
  );
}

function StateText({ request }: { request: DataRequest }) {
  const { t } = useTranslation();
  if (request.status === 'FAILED') {
    return (
      <Text size="sm" c="red">
        {request.error ?? t('dataRequests.failed')}
      </Text>
    );
  }
  const fetched = t('dataRequests.fetched', { n: request.currentCount });
  if (request.status === 'DONE')
    return <Text size="sm">{`${t('dataRequests.complete')} · ${fetched}`}</Text>;
  const remaining = t('dataRequests.remaining', {
    n: Math.max(request.totalCount - request.currentCount, 0),
  });
  return <Text size="sm">{[t('dataRequests.fetching'), fetched, remaining].join(' · ')}</Text>;
}

export function DataRequestRow({
  request,
  now,
  canWrite,
  onOpen,
  onRemove,
  onRetry,
}: DataRequestRowProps) {
  const { t, i18n } = useTranslation();
  const kind = dataRequestKind(request.opId);
  const done = request.status === 'DONE';
  const running = request.status === 'RUNNING';
  return (
    <Paper withBorder p="sm" data-testid="data-request" data-status={request.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton
          onClick={() => onOpen(request)}
          aria-disabled={!done}
          style={{ flex: 1, minWidth: 0, cursor: done ? 'pointer' : 'default' }}
        >
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" size="sm">
                {kind ? t(`dataRequests.kind.${kind}`) : request.opId}
              </Badge>
              <Text size="xs" c="dimmed">
                {[
                  request.location.toUpperCase(),
                  t(`dataRequests.device.${request.device}`, { defaultValue: request.device }),
                  t('dataRequests.started', {
                    time: lastSyncLabel(request.startTime, now, i18n.language),
                  }),
                ].join(' · ')}
              </Text>
            </Group>
            <TaskText request={request} />
            <Progress
              value={request.progress}
              color={request.status === 'FAILED' ? 'red' : undefined}
              animated={running}
              aria-label={t('dataRequests.progress')}
            />
            <StateText request={request} />
          </Stack>
        </UnstyledButton>
        <Stack gap={4}>
          {request.status === 'FAILED' && (
            <Button size="xs" variant="light" disabled={!canWrite} onClick={() => onRetry(request)}>
              {t('dataRequests.retry')}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={!canWrite}
            onClick={() => onRemove(request)}
          >
            {t(running ? 'dataRequests.cancelRequest' : 'dataRequests.delete')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
