// The data window the conditions read: a named range, a number of hours, or two dates.
import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { LOOKBACK_RANGES, type LookbackRange, type RuleLookback } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { inputNumber } from './rule-draft';
import type { RuleForm } from './use-rule-form';

type LookbackDraft = Partial<RuleLookback> & { range: LookbackRange; hours?: number };

function lookbackOf(range: LookbackRange, today: string): LookbackDraft {
  if (range === 'CUSTOM_HOUR') return { range, hours: 24 };
  if (range === 'DATE_RANGE') return { range, start: today, end: today };
  return { range };
}

export function LookbackField({ form }: { form: RuleForm }) {
  const { t } = useTranslation();
  const lookback = form.draft.lookback as LookbackDraft;
  const error = form.errorAt;
  const set = (change: Partial<LookbackDraft>) =>
    form.update('lookback', (draft) => ({
      ...draft,
      lookback: { ...lookback, ...change } as RuleLookback,
    }));
  // The hourly-level problem sits on the lookback itself, so the range select shows it.
  const ownError = form.errorOn('lookback');

  return (
    <Group align="flex-start" grow>
      <Select
        label={t('automation.builder.lookback.label')}
        data={LOOKBACK_RANGES.map((range) => ({
          value: range,
          label: t(`automation.builder.lookback.${range}`),
        }))}
        value={lookback.range}
        onChange={(value) =>
          value &&
          form.update(
            'lookback',
            (draft) =>
              ({
                ...draft,
                lookback: lookbackOf(value as LookbackRange, new Date().toISOString().slice(0, 10)),
              }) as typeof draft,
          )
        }
        allowDeselect={false}
        error={ownError}
      />
      {lookback.range === 'CUSTOM_HOUR' && (
        <NumberInput
          label={t('automation.builder.lookback.hours')}
          value={lookback.hours ?? ''}
          onChange={(value) => set({ hours: inputNumber(value) })}
          allowDecimal={false}
          min={1}
          error={error('lookback.hours')}
        />
      )}
      {lookback.range === 'DATE_RANGE' && (
        <>
          <TextInput
            type="date"
            label={t('automation.builder.lookback.start')}
            value={lookback.start ?? ''}
            onChange={(event) => set({ start: event.currentTarget.value })}
            error={error('lookback.start')}
          />
          <TextInput
            type="date"
            label={t('automation.builder.lookback.end')}
            value={lookback.end ?? ''}
            onChange={(event) => set({ end: event.currentTarget.value })}
            error={error('lookback.end')}
          />
        </>
      )}
    </Group>
  );
}
