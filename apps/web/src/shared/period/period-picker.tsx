// The period: an overview period or date preset from a list, or any range picked on the calendar
// (at most 24 months back, no later than today in the account's time zone).
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { DateRange } from '@tapwise/contracts';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NAMED_PERIODS,
  customChoice,
  earliestDay,
  isNamedPeriod,
  type PeriodChoice,
} from './period';

/** dayjs names Chinese by region; the other interface languages match their dayjs names. */
const DAYJS_LOCALES: Record<string, string> = { zh: 'zh-cn' };

/** Sunday, like Apple's weeks and the week presets. */
const FIRST_DAY_OF_WEEK = 0;

export function OverviewDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <DatesProvider
      settings={{
        locale: DAYJS_LOCALES[language] ?? language,
        firstDayOfWeek: FIRST_DAY_OF_WEEK,
      }}
    >
      {children}
    </DatesProvider>
  );
}

export interface PeriodPickerProps {
  period: PeriodChoice;
  range: DateRange;
  today: string;
  onChange(period: PeriodChoice): void;
}

export function PeriodPicker({ period, range, today, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  // The first day of a range being picked, until its last day is picked too.
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const options = [
    ...NAMED_PERIODS.map((id) => ({ value: id, label: t(`overview.periods.${id}`) })),
    { value: 'custom', label: t('overview.periods.custom') },
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('overview.period')}
        data={options}
        value={period.id}
        allowDeselect={false}
        w={200}
        onChange={(value) => {
          if (isNamedPeriod(value)) onChange({ id: value });
          else if (value === 'custom') onChange({ id: 'custom', range });
        }}
      />
      <DatePickerInput
        type="range"
        label={t('overview.dates')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={draft ?? [range.start, range.end]}
        minDate={earliestDay(today)}
        maxDate={today}
        valueFormat="D MMM YYYY"
        w={260}
        allowSingleDateInRange
        onChange={([start, end]) => {
          const choice = customChoice(start, end);
          if (choice) {
            setDraft(null);
            onChange(choice);
          } else {
            setDraft([start, end]);
          }
        }}
        popoverProps={{ onClose: () => setDraft(null) }}
      />
    </Group>
  );
}
