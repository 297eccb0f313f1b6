// One condition: a metric, a comparator, and a value, a from/to pair, or another metric of the
// same kind times a multiplier, each entered in the metric's unit.
import { ActionIcon, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  CONDITION_COMPARATORS,
  RANGE_COMPARATORS,
  RULE_CONDITION_METRICS,
  isGoalConditionMetric,
  ruleMetricKind,
  type ConditionComparator,
  type RuleConditionMetric,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import classes from './rule-builder.module.css';
import { inputNumber, type ConditionDraft } from './rule-draft';
import { ruleMetricLabel, ruleMetricUnit } from './rule-labels';

const isRange = (comparator: ConditionComparator) =>
  (RANGE_COMPARATORS as readonly ConditionComparator[]).includes(comparator);

/** What the condition compares with, for the select between a value and another metric. */
type Operand = 'VALUE' | 'METRIC';

/** A condition keeps only the parts its comparator and operand read. */
function reshaped(
  condition: ConditionDraft,
  comparator: ConditionComparator,
  operand: Operand,
): ConditionDraft {
  const { metric } = condition;
  if (isRange(comparator)) return { metric, comparator, range: condition.range };
  if (operand === 'METRIC')
    return {
      metric,
      comparator,
      compareTo: condition.compareTo ?? { metric, multiplier: 1 },
    };
  return { metric, comparator, value: condition.value };
}

export function ConditionRow(props: {
  index: number;
  condition: ConditionDraft;
  currency: string;
  /** Goal metrics are offered once the rule has a goal. */
  goalPicked: boolean;
  /** Translated problems at or below, and exactly at, a path within the condition. */
  errorAt(path: string): string | undefined;
  errorOn(path: string): string | undefined;
  onChange(condition: ConditionDraft): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { condition, index, currency } = props;
  const error = props.errorAt;
  // A missing pair is reported on the range itself; show it under "from".
  const rangeError = props.errorOn('range') ?? props.errorOn('range.from');
  const operand: Operand = condition.compareTo ? 'METRIC' : 'VALUE';
  const number = t('automation.builder.conditionNumber', { number: index + 1 });
  const unit = ruleMetricUnit(condition.metric, currency);
  const unitSection = unit ? <Text size="xs">{unit}</Text> : undefined;
  const metricOptions = (kind?: string) =>
    RULE_CONDITION_METRICS.filter(
      (metric) =>
        (!kind || ruleMetricKind(metric) === kind) &&
        (props.goalPicked || !isGoalConditionMetric(metric) || metric === condition.metric),
    ).map((metric) => ({ value: metric, label: ruleMetricLabel(t, metric) }));

  return (
    <Stack gap="xs" className={classes.row} role="group" aria-label={number}>
      <Group align="flex-end" wrap="nowrap">
        <Select
          label={t('automation.builder.metric')}
          data={metricOptions()}
          value={condition.metric}
          onChange={(value) =>
            value &&
            props.onChange({
              ...condition,
              metric: value as RuleConditionMetric,
              // Another metric may be of another kind: compare with one of its own kind.
              compareTo: condition.compareTo && {
                ...condition.compareTo,
                metric: value as RuleConditionMetric,
              },
            })
          }
          allowDeselect={false}
          searchable
          flex={1}
        />
        <Select
          label={t('automation.builder.comparator')}
          data={CONDITION_COMPARATORS.map((comparator) => ({
            value: comparator,
            label: t(`automation.builder.comparators.${comparator}`),
          }))}
          value={condition.comparator}
          onChange={(value) =>
            value && props.onChange(reshaped(condition, value as ConditionComparator, operand))
          }
          allowDeselect={false}
          flex={1}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('automation.builder.removeCondition', { number: index + 1 })}
          onClick={props.onRemove}
          mb={4}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      {isRange(condition.comparator) ? (
        <Group grow align="flex-start">
          <NumberInput
            label={t('automation.builder.from')}
            value={condition.range?.from ?? ''}
            onChange={(value) =>
              props.onChange({
                ...condition,
                range: { from: inputNumber(value) as number, to: condition.range?.to as number },
              })
            }
            rightSection={unitSection}
            error={rangeError}
          />
          <NumberInput
            label={t('automation.builder.to')}
            value={condition.range?.to ?? ''}
            onChange={(value) =>
              props.onChange({
                ...condition,
                range: { from: condition.range?.from as number, to: inputNumber(value) as number },
              })
            }
            rightSection={unitSection}
            error={error('range.to')}
          />
        </Group>
      ) : (
        <Group grow align="flex-start">
          <Select
            label={t('automation.builder.compareWith')}
            data={(['VALUE', 'METRIC'] as const).map((choice) => ({
              value: choice,
              label: t(`automation.builder.operands.${choice}`),
            }))}
            value={operand}
            onChange={(value) =>
              value && props.onChange(reshaped(condition, condition.comparator, value as Operand))
            }
            allowDeselect={false}
          />
          {condition.compareTo ? (
            <>
              <Select
                label={t('automation.builder.otherMetric')}
                data={metricOptions(ruleMetricKind(condition.metric))}
                value={condition.compareTo.metric}
                onChange={(value) =>
                  value &&
                  props.onChange({
                    ...condition,
                    compareTo: {
                      ...condition.compareTo!,
                      metric: value as RuleConditionMetric,
                    },
                  })
                }
                allowDeselect={false}
                error={error('compareTo.metric')}
              />
              <NumberInput
                label={t('automation.builder.multiplier')}
                value={condition.compareTo.multiplier ?? ''}
                onChange={(value) =>
                  props.onChange({
                    ...condition,
                    compareTo: {
                      ...condition.compareTo!,
                      multiplier: inputNumber(value) as number,
                    },
                  })
                }
                decimalScale={4}
                rightSection={<Text size="xs">×</Text>}
                error={error('compareTo.multiplier')}
              />
            </>
          ) : (
            <NumberInput
              label={t('automation.builder.value')}
              value={condition.value ?? ''}
              onChange={(value) => props.onChange({ ...condition, value: inputNumber(value) })}
              rightSection={unitSection}
              error={error('value')}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
