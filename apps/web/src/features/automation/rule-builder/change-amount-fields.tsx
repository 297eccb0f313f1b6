// A bid or daily-budget change: set to, increase or decrease by an amount or a percent, or set to
// the average CPA or CPT (bids only), kept within a minimum and a maximum.
import { Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import {
  RULE_CHANGE_OPERATIONS,
  RULE_CHANGE_UNITS,
  type RuleChangeOperation,
  type RuleChangeUnit,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import type { ActionPartProps } from './action-fields';
import { inputNumber, inputText, type ActionDraft } from './rule-draft';

type ChangeAction = Extract<ActionDraft, { type: 'CHANGE_BID' | 'CHANGE_BUDGET' }>;

const AVERAGES: readonly RuleChangeOperation[] = ['SET_TO_AVERAGE_CPA', 'SET_TO_AVERAGE_CPT'];

export function ChangeAmountFields({
  action,
  currency,
  error,
  onChange,
}: ActionPartProps<ChangeAction>) {
  const { t } = useTranslation();
  const operations = RULE_CHANGE_OPERATIONS.filter(
    (operation) => action.type === 'CHANGE_BID' || !AVERAGES.includes(operation),
  );
  const average = AVERAGES.includes(action.operation);
  const unit = action.unit ?? 'AMOUNT';
  const limits = action.type === 'CHANGE_BID' ? 'bid' : 'budget';
  const currencySection = <Text size="xs">{currency}</Text>;

  function setOperation(operation: RuleChangeOperation) {
    const next: ChangeAction = { ...action, operation };
    // Setting to an amount has no percent; an average has no value at all.
    if (operation === 'SET_TO') next.unit = 'AMOUNT';
    if (AVERAGES.includes(operation)) delete next.value;
    onChange(next);
  }

  return (
    <>
      <Group grow align="flex-start">
        <Select
          label={t('automation.builder.change.operation')}
          data={operations.map((operation) => ({
            value: operation,
            label: t(`automation.builder.change.operations.${operation}`),
          }))}
          value={action.operation}
          onChange={(value) => value && setOperation(value as RuleChangeOperation)}
          allowDeselect={false}
          error={error('operation')}
        />
        {!average && action.operation !== 'SET_TO' && (
          <Select
            label={t('automation.builder.change.unit')}
            data={RULE_CHANGE_UNITS.map((choice) => ({
              value: choice,
              label: t(`automation.builder.change.units.${choice}`, { currency }),
            }))}
            value={unit}
            onChange={(value) => value && onChange({ ...action, unit: value as RuleChangeUnit })}
            allowDeselect={false}
            error={error('unit')}
          />
        )}
        {!average && (
          <NumberInput
            label={t('automation.builder.change.value')}
            value={action.value ?? ''}
            onChange={(value) => onChange({ ...action, value: inputNumber(value) })}
            rightSection={unit === 'PERCENT' ? <Text size="xs">%</Text> : currencySection}
            error={error('value')}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t(`automation.builder.change.min.${limits}`)}
          value={action.min ?? ''}
          onChange={(event) => onChange({ ...action, min: inputText(event.currentTarget.value) })}
          rightSection={currencySection}
          error={error('min')}
        />
        <TextInput
          label={t(`automation.builder.change.max.${limits}`)}
          value={action.max ?? ''}
          onChange={(event) => onChange({ ...action, max: inputText(event.currentTarget.value) })}
          rightSection={currencySection}
          error={error('max')}
        />
      </Group>
    </>
  );
}
