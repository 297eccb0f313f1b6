// The campaign's optional start and end (v1 startTime, endTime): picked in the browser's time,
// held and sent as ISO instants. Without a start the campaign runs from its creation; without an
// end it runs until paused.
import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorAt, type StepProps } from './step-props';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pickerValue = (instant: string | null) =>
  instant ? dayjs(instant).format(PICKER_FORMAT) : null;
const instantOf = (picked: string | null) => (picked ? dayjs(picked).toISOString() : null);

export function ScheduleFields({ values, errors, onChange }: Omit<StepProps, 'placement'>) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <DateTimePicker
        label={t('campaignCreation.schedule.start')}
        placeholder={t('campaignCreation.schedule.startPlaceholder')}
        valueFormat="D MMM YYYY HH:mm"
        clearable
        value={pickerValue(values.startTime)}
        onChange={(picked) => onChange({ ...values, startTime: instantOf(picked) })}
        error={errorAt(errors, 'startTime', t)}
      />
      <DateTimePicker
        label={t('campaignCreation.schedule.end')}
        placeholder={t('campaignCreation.schedule.endPlaceholder')}
        valueFormat="D MMM YYYY HH:mm"
        clearable
        minDate={pickerValue(values.startTime) ?? undefined}
        value={pickerValue(values.endTime)}
        onChange={(picked) => onChange({ ...values, endTime: instantOf(picked) })}
        error={errorAt(errors, 'endTime', t)}
      />
    </Group>
  );
}
