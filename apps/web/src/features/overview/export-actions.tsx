// Export of the overview: the CSV of what the page shows, downloaded at once; the XLSX the
// server writes for the same app and period (a sheet per dataset); or either e-mailed by a
// background job (exportReport) with the datasets the user ticks.
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import {
  REPORT_DATASETS,
  REPORT_EXPORT_FORMATS,
  exportReportInput,
  overviewCsvFileName,
  type OverviewQuery,
  type OverviewReport,
  type ReportDataset,
  type ReportExportFormat,
} from '@tapwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { useSession } from '../auth/session/use-session';
import { downloadFile } from '../../shared/files/download-file';
import { downloadOverviewCsv } from './csv-download';
import { overviewApi } from './overview-api';

export function ExportActions(props: {
  /** Null until every panel has its data. */
  report: OverviewReport | null;
  filter: OverviewQuery | null;
}) {
  const { t, i18n } = useTranslation();
  const [mailing, setMailing] = useState(false);
  const { report, filter } = props;
  const xlsx = useMutation({
    mutationFn: async (ready: { report: OverviewReport; filter: OverviewQuery }) =>
      downloadFile(
        overviewCsvFileName(ready.report.appName, ready.filter.currdate, 'xlsx'),
        await overviewApi.downloadXlsx({
          filter: ready.filter,
          reportDatasets: [...REPORT_DATASETS],
        }),
      ),
    onError: () => notifyError(t('exports.downloadFailed')),
  });
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        disabled={!report}
        onClick={() => report && downloadOverviewCsv(report, i18n.resolvedLanguage)}
      >
        {t('overview.export.csv')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={!report || !filter}
        loading={xlsx.isPending}
        onClick={() => report && filter && xlsx.mutate({ report, filter })}
      >
        {t('exports.overview.xlsx')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconMail size={16} />}
        disabled={!filter}
        onClick={() => setMailing(true)}
      >
        {t('overview.export.email')}
      </Button>
      {filter && (
        <EmailReportModal opened={mailing} filter={filter} onClose={() => setMailing(false)} />
      )}
    </Group>
  );
}

function EmailReportModal(props: { opened: boolean; filter: OverviewQuery; onClose(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [receiverMail, setReceiverMail] = useState(session?.claims.Email ?? '');
  const [datasets, setDatasets] = useState<string[]>([...REPORT_DATASETS]);
  const [format, setFormat] = useState<ReportExportFormat>('csv');
  const [errors, setErrors] = useState<{ receiverMail?: string; reportDatasets?: string }>({});
  const send = useMutation({
    mutationFn: overviewApi.exportReport,
    onSuccess: (result) => {
      notifySuccess(result.successMessage);
      props.onClose();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setErrors({ receiverMail: fields.receiverMail, reportDatasets: fields.reportDatasets });
      notifyError(t('errors.requestFailed'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = exportReportInput.safeParse({
      filter: props.filter,
      receiverMail: receiverMail.trim(),
      reportDatasets: datasets,
      format,
    });
    if (!parsed.success) {
      const messageOf = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({
        receiverMail: messageOf('receiverMail'),
        reportDatasets: messageOf('reportDatasets'),
      });
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('overview.export.emailTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('exports.overview.emailHint')}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="overview-export-format">
              {t('exports.overview.format')}
            </Text>
            <SegmentedControl
              aria-labelledby="overview-export-format"
              value={format}
              onChange={(value) => setFormat(value as ReportExportFormat)}
              data={REPORT_EXPORT_FORMATS.map((value) => ({ value, label: t(`exports.${value}`) }))}
            />
          </Stack>
          <TextInput
            label={t('overview.export.receiverMail')}
            type="email"
            required
            value={receiverMail}
            onChange={(event) => setReceiverMail(event.currentTarget.value)}
            error={errors.receiverMail && t(errors.receiverMail)}
            data-autofocus
          />
          <Checkbox.Group
            label={t('overview.export.datasets')}
            value={datasets}
            onChange={setDatasets}
            error={errors.reportDatasets && t(errors.reportDatasets)}
          >
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              {REPORT_DATASETS.map((dataset: ReportDataset) => (
                <Checkbox key={dataset} value={dataset} label={t(`overview.datasets.${dataset}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('overview.export.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
