// Starts background exports and follows each in a notification: progress pushed over the socket
// (exportJobs polled as a fallback while the socket is silent or away), then a Download button,
// or where the file was mailed.
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { SOCKET_EVENTS, type ExportJobProgress } from '@tapwise/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../shared/realtime/use-socket-event';
import { notifyError } from '../../shared/ui/notify';
import { ExportJobNotice } from './export-job-notice';
import { exportKeys, exportsApi, type ExportRequest } from './exports-api';

export const EXPORT_POLL_INTERVAL_MS = 3_000;

const isFinished = (job: ExportJobProgress) => job.status === 'DONE' || job.status === 'FAILED';

/** Whether `next` says more than what the notification shows (events and polls may cross). */
const isNewer = (shown: ExportJobProgress | undefined, next: ExportJobProgress) =>
  !shown ||
  (!isFinished(shown) &&
    (isFinished(next) || next.rowsDone > shown.rowsDone || shown.rowsTotal === null));

export function useBackgroundExport(): (request: ExportRequest) => Promise<void> {
  const { t } = useTranslation();
  const shown = useRef(new Map<string, ExportJobProgress>());
  const [following, setFollowing] = useState(0);

  const show = useCallback(
    (job: ExportJobProgress) => {
      if (!isNewer(shown.current.get(job.id), job)) return;
      const first = !shown.current.has(job.id);
      shown.current.set(job.id, job);
      const notice = {
        id: `export-${job.id}`,
        title: t('exports.title', { format: job.format.toUpperCase() }),
        message: (
          <ExportJobNotice
            job={job}
            onDownload={() =>
              void exportsApi.download(job).catch(() => notifyError(t('exports.downloadFailed')))
            }
          />
        ),
        color: job.status === 'FAILED' ? 'red' : 'blue',
        autoClose: false as const,
        withCloseButton: true,
      };
      if (first) notifications.show(notice);
      else notifications.update(notice);
      setFollowing([...shown.current.values()].filter((entry) => !isFinished(entry)).length);
    },
    [t],
  );

  useSocketEvent(SOCKET_EVENTS.exportProgress, (progress) => {
    if (shown.current.has(progress.id)) show(progress);
  });
  const polled = useQuery({
    queryKey: exportKeys.jobs,
    queryFn: exportsApi.jobs,
    enabled: following > 0,
    refetchInterval: following > 0 ? EXPORT_POLL_INTERVAL_MS : false,
  });
  useEffect(() => {
    for (const job of polled.data ?? []) if (shown.current.has(job.id)) show(job);
  }, [polled.data, show]);

  return useCallback(
    async (request: ExportRequest) => {
      try {
        show(await exportsApi.start(request));
      } catch {
        notifyError(t('exports.failed'));
      }
    },
    [show, t],
  );
}
