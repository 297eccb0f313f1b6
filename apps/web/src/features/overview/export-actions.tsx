// Export of the overview: the CSV of what the page shows, downloaded at once, or the same report
// e-mailed by a background job (exportReport) with the datasets the user ticks.
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import {
  REPORT_DATASETS,
  exportReportInput,
  type OverviewQuery,
  type OverviewReport,
  type ReportDataset,
} from '@tapwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { useSession } from '../auth/session/use-session';
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
            {t('overview.export.emailHint')}
          </Text>
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
