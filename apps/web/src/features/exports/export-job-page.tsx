// The page a mailed export link opens (`<PUBLIC_URL>/exports/<id>`, docs/exports.md): the file
// route needs the session's headers, so the link opens the app, which shows the job and downloads
// its file. A job still running is polled until it is done.
import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExportJob } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { ApiError } from '../../shared/api/http';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { notifyError } from '../../shared/ui/notify';
import { EXPORT_POLL_INTERVAL_MS } from './use-background-export';
import { exportKeys, exportsApi } from './exports-api';

const isRunning = (job: ExportJob | undefined) =>
  job?.status === 'QUEUED' || job?.status === 'RUNNING';

export default function ExportJobPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const job = useQuery({
    queryKey: exportKeys.job(id),
    queryFn: () => exportsApi.read(id),
    retry: false,
    refetchInterval: (query) => (isRunning(query.state.data) ? EXPORT_POLL_INTERVAL_MS : false),
  });

  if (job.isPending) return <PageLoader />;
  if (job.isError)
    return (
      <Alert color="yellow" title={t('exports.page.title')} data-testid="export-missing">
        {job.error instanceof ApiError && job.error.status === 404
          ? t('exports.page.notFound')
          : t('exports.page.loadFailed')}
      </Alert>
    );

  const data = job.data;
  const format = data.format.toUpperCase();
  return (
    <Card withBorder maw={560}>
      <Stack>
        <Title order={2}>{t('exports.page.title')}</Title>
        <Text>{data.fileName ?? t('exports.title', { format })}</Text>
        {data.status === 'FAILED' && <Text c="red">{t('exports.failed')}</Text>}
        {isRunning(data) && (
          <>
            <Progress
              value={data.rowsTotal ? (100 * data.rowsDone) / data.rowsTotal : 0}
              aria-label={t('exports.progress', { format })}
            />
            <Text size="sm">
              {data.rowsTotal === null
                ? t('exports.queued')
                : t('exports.rows', {
                    done: formatInteger(data.rowsDone),
                    total: formatInteger(data.rowsTotal),
                  })}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          {t('exports.page.expires', { at: formatDateTime(data.expiresAt) })}
        </Text>
        {data.status === 'DONE' && (
          <Group>
            <Button
              onClick={() =>
                void exportsApi.download(data).catch(() => notifyError(t('exports.downloadFailed')))
              }
            >
              {t('exports.download', { format })}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
