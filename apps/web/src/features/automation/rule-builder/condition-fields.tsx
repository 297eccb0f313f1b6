// The conditions of a rule, all or any of which must match, and the goal whose metrics they may
// test.
import { Button, Group, Select, Stack } from '@mantine/core';
import {
  CONDITION_MATCH_MODES,
  RULE_CONDITIONS_MAX,
  type ConditionMatchMode,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { ConditionRow } from './condition-row';
import { GoalField } from './goal-field';
import { ListProblem } from './list-problem';
import { newCondition, type ConditionDraft } from './rule-draft';
import type { RuleForm } from './use-rule-form';

export function ConditionFields({ form, currency }: { form: RuleForm; currency: string }) {
  const { t } = useTranslation();
  const { conditions, matchMode } = form.draft;
  const listError = form.errorOn('conditions');

  const setCondition = (index: number, condition: ConditionDraft) =>
    form.update(`conditions.${index}`, (draft) => ({
      ...draft,
      conditions: draft.conditions.map((current, at) => (at === index ? condition : current)),
    }));

  return (
    <Stack gap="sm">
      <Select
        label={t('automation.builder.matchMode')}
        data={CONDITION_MATCH_MODES.map((mode) => ({
          value: mode,
          label: t(`automation.builder.matchModes.${mode}`),
        }))}
        value={matchMode ?? 'ALL'}
        onChange={(value) =>
          value &&
          form.update('matchMode', (draft) => ({
            ...draft,
            matchMode: value as ConditionMatchMode,
          }))
        }
        allowDeselect={false}
      />
      <GoalField form={form} />
      {conditions.map((condition, index) => (
        <ConditionRow
          // Conditions have no identity of their own; their place is it.
          key={index}
          index={index}
          condition={condition}
          currency={currency}
          goalPicked={Boolean(form.draft.goalId)}
          errorAt={(path) => form.errorAt(`conditions.${index}.${path}`)}
          errorOn={(path) => form.errorOn(`conditions.${index}.${path}`)}
          onChange={(changed) => setCondition(index, changed)}
          onRemove={() =>
            form.update('conditions', (draft) => ({
              ...draft,
              conditions: draft.conditions.filter((_, at) => at !== index),
            }))
          }
        />
      ))}
      {listError && <ListProblem>{listError}</ListProblem>}
      <Group>
        <Button
          variant="light"
          disabled={conditions.length >= RULE_CONDITIONS_MAX}
          onClick={() =>
            form.update('conditions', (draft) => ({
              ...draft,
              conditions: [...draft.conditions, newCondition()],
            }))
          }
        >
          {t('automation.builder.addCondition')}
        </Button>
      </Group>
    </Stack>
  );
}
