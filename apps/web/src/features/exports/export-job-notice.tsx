// What a background export's notification says: its progress bar while it runs, then a
// Download button, or where it was mailed, or that it failed.
import { Button, Progress, Stack, Text } from '@mantine/core';
import type { ExportJobProgress } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';

export function ExportJobNotice(props: { job: ExportJobProgress; onDownload(): void }) {
  const { t } = useTranslation();
  const { job } = props;
  const format = job.format.toUpperCase();
  if (job.status === 'FAILED') return <Text size="sm">{t('exports.failed')}</Text>;
  if (job.status === 'DONE')
    return job.receiverMail ? (
      <Text size="sm">{t('exports.mailed', { receiverMail: job.receiverMail })}</Text>
    ) : (
      <Button size="compact-sm" onClick={props.onDownload} data-testid="export-download">
        {t('exports.download', { format })}
      </Button>
    );
  const share = job.rowsTotal ? Math.min(100, (100 * job.rowsDone) / job.rowsTotal) : 0;
  return (
    <Stack gap={4}>
      <Progress value={share} animated aria-label={t('exports.progress', { format })} />
      <Text size="xs">
        {job.rowsTotal === null
          ? t('exports.queued')
          : t('exports.rows', {
              done: formatInteger(job.rowsDone),
              total: formatInteger(job.rowsTotal),
            })}
      </Text>
      {job.receiverMail && (
        <Text size="xs">{t('exports.willMail', { receiverMail: job.receiverMail })}</Text>
      )}
    </Stack>
  );
}
