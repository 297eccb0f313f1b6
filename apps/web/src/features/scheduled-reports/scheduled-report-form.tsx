// Creating or editing a scheduled report in a modal, checked with the contracts'
// scheduledReportInput (the schema the server applies). A refused save keeps every value typed:
// a taken name shows under the name field, any other failure as the spec's toast.
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SCHEDULED_REPORT_LEVELS,
  SCHEDULED_REPORT_LIMITS,
  scheduledReportInput,
  type ScheduledReport,
  type ScheduledReportLevel,
  type ScheduledReportValues,
} from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmailRecipientsInputs } from '../automation/rule-builder/recipients-fields';
import { draftOf, errorsOf, inputOf, type DraftErrors, type ReportDraft } from './report-draft';
import { ScheduleFields } from './schedule-fields';
import {
  isReportNameTaken,
  scheduledReportKeys,
  scheduledReportsApi,
} from './scheduled-reports-api';
import { ScopeFields } from './scope-fields';
import { SlackChannelsPicker } from '../slack/slack-channels-picker';

export function ScheduledReportFormModal(props: {
  /** The report edited; null to create one. */
  report: ScheduledReport | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { report } = props;
  const [draft, setDraft] = useState<ReportDraft>(() => draftOf(report));
  const [errors, setErrors] = useState<DraftErrors>({});

  const save = useMutation({
    mutationFn: (input: ScheduledReportValues) =>
      scheduledReportsApi.save(report?.id ?? null, input),
    onSuccess: () => {
      notifySuccess(t('scheduledReports.messages.scheduled'));
      void queryClient.invalidateQueries({ queryKey: scheduledReportKeys.all });
      props.onClose();
    },
    onError: (error) => {
      if (isReportNameTaken(error)) setErrors({ name: 'scheduledReports.messages.nameExists' });
      else notifyError(t('scheduledReports.messages.saveFailed'));
    },
  });

  function change(patch: Partial<ReportDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as keyof ReportDraft];
      return next;
    });
  }
  const error = (field: keyof ReportDraft) => (errors[field] ? t(errors[field]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = scheduledReportInput.safeParse(inputOf(draft));
    if (!result.success) {
      setErrors(errorsOf(result.error.issues));
      return;
    }
    setErrors({});
    save.mutate(result.data);
  }

  const fields = { draft, errors, change };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(report ? 'scheduledReports.form.editTitle' : 'scheduledReports.form.createTitle')}
      size="xl"
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('scheduledReports.form.name')}
            required
            data-autofocus
            value={draft.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            error={error('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('scheduledReports.form.level')}
              required
              data={SCHEDULED_REPORT_LEVELS.map((level) => ({
                value: level,
                label: t(`scheduledReports.levels.${level}`),
              }))}
              value={draft.level}
              onChange={(value) => change({ level: value as ScheduledReportLevel | null })}
              error={error('level')}
            />
            <NumberInput
              label={t('scheduledReports.form.reportLimit')}
              description={t('scheduledReports.form.reportLimitHint')}
              required
              min={SCHEDULED_REPORT_LIMITS.reportLimit.min}
              max={SCHEDULED_REPORT_LIMITS.reportLimit.max}
              allowDecimal={false}
              value={draft.reportLimit}
              onChange={(value) => change({ reportLimit: value })}
              error={error('reportLimit')}
            />
            <NumberInput
              label={t('scheduledReports.form.dataDays')}
              description={t('scheduledReports.form.dataDaysHint')}
              required
              min={SCHEDULED_REPORT_LIMITS.dataDays.min}
              max={SCHEDULED_REPORT_LIMITS.dataDays.max}
              allowDecimal={false}
              value={draft.dataDays}
              onChange={(value) => change({ dataDays: value })}
              error={error('dataDays')}
            />
          </SimpleGrid>
          <ScheduleFields {...fields} />
          <ScopeFields {...fields} />
          <Title order={5}>{t('scheduledReports.form.recipients')}</Title>
          <EmailRecipientsInputs
            value={{ emails: draft.emails, externalEmails: draft.externalEmails }}
            onChange={(recipients) => change(recipients)}
            labels={{
              members: t('scheduledReports.form.members'),
              external: t('scheduledReports.form.external'),
              externalHint: t('scheduledReports.form.externalHint'),
            }}
            errors={{ emails: error('emails'), externalEmails: error('externalEmails') }}
          />
          <SlackChannelsPicker
            label={t('scheduledReports.form.slackChannels')}
            notConnectedText={t('scheduledReports.form.slackNotConnected')}
            maxValues={SCHEDULED_REPORT_LIMITS.slackChannels}
            value={draft.slackChannels}
            onChange={(slackChannels) => change({ slackChannels })}
            error={error('slackChannels')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('scheduledReports.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('scheduledReports.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
