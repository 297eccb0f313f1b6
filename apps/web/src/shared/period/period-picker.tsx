// The period: an overview period or date preset from a list, each shown with the days it covers
// now, or any range picked on the calendar (at most 24 months back, no later than today, UTC).
import { Group, Select, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import {
  NAMED_PERIODS,
  isNamedPeriod,
  namedPeriodRange,
  utcToday,
  type DateRange,
} from '@tapwise/contracts';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customChoice, earliestDay, type PeriodChoice } from './period';
import { usePeriodLabels } from './period-labels';

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
  /** The moment the period is counted at (its "today" is this UTC day). */
  now: Date;
  onChange(period: PeriodChoice): void;
}

export function PeriodPicker({ period, range, now, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  const labels = usePeriodLabels();
  const today = utcToday(now);
  // The first day of a range being picked, until its last day is picked too.
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const daysOf = new Map(
    NAMED_PERIODS.map((id) => [id as string, labels.range(namedPeriodRange(id, today))]),
  );
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
        comboboxProps={{ width: 340, position: 'bottom-start' }}
        renderOption={({ option }) => (
          <Group justify="space-between" gap="md" wrap="nowrap" w="100%">
            <span>{option.label}</span>
            {daysOf.has(option.value) && (
              <Text size="xs" c="dimmed" data-testid={`period-option-days-${option.value}`}>
                {daysOf.get(option.value)}
              </Text>
            )}
          </Group>
        )}
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
