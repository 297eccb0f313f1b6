// When a report runs: its repeat type (spec 1 §9) and the fields that type needs — weekdays for
// weekly (one) and custom (several), days of the month for monthly, a date for no repeat — and
// its hours, in UTC with the member's local time beside each.
import {
  Chip,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { REPORT_REPEAT_TYPES, type ReportRepeatType } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import type { DraftErrors, ReportDraft } from './report-draft';
import { WEEKDAYS, localHour, utcHour, weekdayName } from './report-times';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const byWeekday = (type: ReportRepeatType | null) => type === 'WEEKLY' || type === 'CUSTOM';

export interface DraftFieldsProps {
  draft: ReportDraft;
  errors: DraftErrors;
  change(patch: Partial<ReportDraft>): void;
}

export function ScheduleFields({ draft, errors, change }: DraftFieldsProps) {
  const { t, i18n } = useTranslation();
  const error = (field: keyof ReportDraft) => (errors[field] ? t(errors[field]) : undefined);
  const day = draft.runOn ? new Date(`${draft.runOn}T00:00:00Z`) : new Date();
  const hourOptions = HOURS.map((hour) => ({
    value: String(hour),
    label: t('scheduledReports.times', {
      utc: utcHour(hour),
      local: localHour(hour, day, i18n.language),
    }),
  }));
  const once = draft.repeatType === 'NO_REPEAT';

  function changeRepeatType(value: string | null) {
    const repeatType = value as ReportRepeatType | null;
    // Weekdays and days of the month are different numbers: switching between them starts over.
    const keepsDays = byWeekday(repeatType) === byWeekday(draft.repeatType);
    change({ repeatType, ...(keepsDays ? {} : { days: [] }) });
  }

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('scheduledReports.form.repeatType')}
          required
          data={REPORT_REPEAT_TYPES.map((type) => ({
            value: type,
            label: t(`scheduledReports.repeatTypes.${type}`),
          }))}
          value={draft.repeatType}
          onChange={changeRepeatType}
          error={error('repeatType')}
        />
        {once && (
          <TextInput
            type="date"
            label={t('scheduledReports.form.runOn')}
            required
            value={draft.runOn}
            onChange={(event) => change({ runOn: event.currentTarget.value })}
            error={error('runOn')}
          />
        )}
        {draft.repeatType === 'MONTHLY' && (
          <MultiSelect
            label={t('scheduledReports.form.monthDays')}
            description={t('scheduledReports.form.monthDaysHint')}
            required
            data={MONTH_DAYS.map(String)}
            value={draft.days.map(String)}
            onChange={(values) => change({ days: values.map(Number) })}
            error={error('days')}
          />
        )}
      </SimpleGrid>
      {byWeekday(draft.repeatType) && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-weekdays">
            {t(
              draft.repeatType === 'WEEKLY'
                ? 'scheduledReports.form.weekday'
                : 'scheduledReports.form.weekdays',
            )}
          </Text>
          <Chip.Group
            multiple
            value={draft.days.map(String)}
            onChange={(values) => change({ days: values.map(Number) })}
          >
            <Group gap={6} role="group" aria-labelledby="report-weekdays">
              {WEEKDAYS.map((weekday) => (
                <Chip key={weekday} value={String(weekday)} size="sm">
                  {weekdayName(weekday, i18n.language)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.days && (
            <Text size="xs" c="red" role="alert">
              {t(errors.days)}
            </Text>
          )}
        </Stack>
      )}
      {once ? (
        <Select
          label={t('scheduledReports.form.hour')}
          description={t('scheduledReports.form.hoursHint')}
          required
          data={hourOptions}
          value={draft.hours.length === 1 ? String(draft.hours[0]) : null}
          onChange={(value) => change({ hours: value === null ? [] : [Number(value)] })}
          error={error('hours')}
        />
      ) : (
        <MultiSelect
          label={t('scheduledReports.form.hours')}
          description={t('scheduledReports.form.hoursHint')}
          required
          data={hourOptions}
          value={draft.hours.map(String)}
          onChange={(values) => change({ hours: values.map(Number) })}
          error={error('hours')}
        />
      )}
    </Stack>
  );
}
