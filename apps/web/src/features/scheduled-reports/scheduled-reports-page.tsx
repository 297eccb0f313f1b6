// /schedule-reports (spec 1 §2, spec 2 §3.7): the company's scheduled reports with their schedule
// in words, recipients, next run in the member's time and last delivery; created and edited in a
// modal, switched on and off, sent at once or deleted after a confirmation. Members without
// scheduleReports.write read the list only.
import { Button, Skeleton } from '@mantine/core';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import type { ScheduledReport } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { ScheduledReportFormModal } from './scheduled-report-form';
import { scheduledReportKeys, scheduledReportsApi } from './scheduled-reports-api';
import { ScheduledReportsTable } from './scheduled-reports-table';

type Editing = { report: ScheduledReport | null } | null;

export default function ScheduledReportsPage() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'scheduleReports.write');
  const reports = useQuery({
    queryKey: scheduledReportKeys.list,
    queryFn: scheduledReportsApi.list,
  });
  const [editing, setEditing] = useState<Editing>(null);

  const create = canWrite && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ report: null })}>
      {t('scheduledReports.create')}
    </Button>
  );

  return (
    <PageFrame title={t('scheduledReports.title')} actions={create}>
      {reports.isPending ? (
        <Skeleton height={160} aria-label={t('scheduledReports.loading')} />
      ) : reports.isError ? (
        <PanelFailure onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <EmptyPageState
          icon={<IconCalendarTime size={28} />}
          title={t('scheduledReports.empty.title')}
          description={t('scheduledReports.empty.description')}
          action={create}
        />
      ) : (
        <ScheduledReportsTable
          reports={reports.data}
          canWrite={canWrite}
          onEdit={(report) => setEditing({ report })}
        />
      )}
      {editing && (
        <ScheduledReportFormModal report={editing.report} onClose={() => setEditing(null)} />
      )}
    </PageFrame>
  );
}
