// How a rule's money was converted for one change: the rule's amounts in its currency and, marked
// as converted, in the account's currency at the day's reference rate. Shown under a change in the
// run details and the backtest, whose amounts are in the account's currency.
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { RuleConditionMetric, RuleMoneyConversion, RuleMoneyValue } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMicros } from '../../../shared/format/format';
import { ruleMetricLabel } from './rule-labels';

const VALUE_NAMES: Record<string, string> = {
  value: 'automation.conversion.names.value',
  min: 'automation.conversion.names.min',
  max: 'automation.conversion.names.max',
  bid: 'automation.builder.keyword.bid',
  maxBidChange: 'automation.builder.caps.maxBidChange',
  maxBudgetChange: 'automation.builder.caps.maxBudgetChange',
};

function valueName(t: TFunction, value: RuleMoneyValue): string {
  return value.source === 'condition'
    ? ruleMetricLabel(t, value.name as RuleConditionMetric)
    : t(VALUE_NAMES[value.name] ?? value.name);
}

export function ConvertedRuleValues({ conversion }: { conversion: RuleMoneyConversion }) {
  const { t } = useTranslation();
  const rate = t('automation.conversion.rate', {
    ruleCurrency: conversion.ruleCurrency,
    factor: conversion.factor.toPrecision(6),
    currency: conversion.currency,
    day: conversion.rateDay,
  });
  return (
    <Group gap={6} wrap="wrap" data-testid="converted-rule-values">
      <Tooltip label={rate} multiline maw={320}>
        <Badge size="xs" variant="light" color="grape" tabIndex={0}>
          {t('automation.conversion.badge')}
        </Badge>
      </Tooltip>
      <Text size="xs" c="dimmed">
        {conversion.values
          .map(
            (value) =>
              `${valueName(t, value)}: ${formatMicros(value.ruleMicros, conversion.ruleCurrency)} ≈ ${formatMicros(value.micros, conversion.currency)}`,
          )
          .join('; ')}
      </Text>
    </Group>
  );
}
