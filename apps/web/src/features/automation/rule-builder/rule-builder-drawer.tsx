// The rule builder (spec 1 §9, spec 2 §5): a new rule starts from a playbook template or from
// nothing; every part stays editable; the draft is checked with the contracts schema the server
// applies, can be backtested over stored history, and is saved disabled until enabled in the list.
import { Button, Drawer, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../shared/api/api-error';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { ReadOnlyHint, useAutomationAccess } from '../automation-access';
import { automationMessage, translatedAutomationMessage } from '../automation-messages';
import { ActionFields } from './action-fields';
import { BacktestPanel } from './backtest-panel';
import { builderApi, isRuleNameTaken, type AutomationRule } from './builder-api';
import { ConditionFields } from './condition-fields';
import { LookbackField } from './lookback-field';
import { startDraft, type BuilderStart, type RuleDraft } from './rule-draft';
import { useFirstProblemReveal } from './reveal-first-problem';
import { ScheduleFields } from './schedule-fields';
import { ScopeFields } from './scope-fields';
import { TemplatePicker } from './template-picker';
import { useRuleForm, type RuleForm } from './use-rule-form';
import { useReportingCurrency } from '../../currency/use-currency-info';
import { useScopeCurrencies } from './use-scope-options';

export interface RuleBuilderDrawerProps {
  opened: boolean;
  /** The rule to edit; null for a new one. */
  rule: AutomationRule | null;
  onClose(): void;
  onSaved(rule: AutomationRule): void;
}

export function RuleBuilderDrawer({ opened, rule, onClose, onSaved }: RuleBuilderDrawerProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState<BuilderStart | null>(null);
  const close = () => {
    setStart(null);
    onClose();
  };
  const initial = rule ? rule.definition : start && startDraft(start);

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="xl"
      title={t(rule ? 'automation.builder.editTitle' : 'automation.builder.newTitle')}
    >
      {opened &&
        (initial ? (
          <RuleEditor
            // A new template or another rule starts a new form.
            key={rule?.id ?? start}
            initial={initial}
            rule={rule}
            onCancel={close}
            onSaved={(saved) => {
              setStart(null);
              onSaved(saved);
            }}
          />
        ) : (
          <TemplatePicker onPick={setStart} />
        ))}
    </Drawer>
  );
}

function RuleEditor(props: {
  initial: RuleDraft;
  rule: AutomationRule | null;
  onCancel(): void;
  onSaved(rule: AutomationRule): void;
}) {
  const { t } = useTranslation();
  const { setContainer, reveal } = useFirstProblemReveal();
  // A saved rule keeps the currency it was saved in; a new one takes the reporting currency.
  const reportingCurrency = useReportingCurrency();
  const form = useRuleForm(props.initial, reportingCurrency, reveal);
  const currency = form.draft.currency ?? reportingCurrency;
  const { canWrite } = useAutomationAccess();
  const [pending, setPending] = useState(false);

  async function save() {
    const input = form.validate();
    if (!input) return;
    setPending(true);
    try {
      const result = props.rule
        ? await builderApi.update(props.rule.id, input)
        : await builderApi.create(input);
      notifySuccess(translatedAutomationMessage(result.successMessage));
      props.onSaved(result.rule);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (isRuleNameTaken(error)) form.setErrors({ name: 'automation.page.messages.nameTaken' });
      else if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else notifyError(automationMessage('saveFailed'));
    } finally {
      setPending(false);
    }
  }

  // Read-only members see the rule with every field disabled; backtesting only reads.
  return (
    <Stack gap="md" ref={setContainer}>
      <TextInput
        label={t('automation.builder.name')}
        value={form.draft.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          form.update('name', (draft) => ({ ...draft, name }));
        }}
        error={form.errorOn('name')}
        disabled={!canWrite}
        required
      />
      <Fieldset legend={t('automation.builder.sections.scope')} disabled={!canWrite}>
        <ScopeFields form={form} />
      </Fieldset>
      <Fieldset legend={t('automation.builder.sections.conditions')} disabled={!canWrite}>
        <Stack gap="sm">
          <RuleCurrencyNote currency={currency} form={form} />
          <LookbackField form={form} />
          <ConditionFields form={form} currency={currency} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('automation.builder.sections.actions')} disabled={!canWrite}>
        <ActionFields form={form} currency={currency} />
      </Fieldset>
      <Fieldset legend={t('automation.builder.sections.schedule')} disabled={!canWrite}>
        <ScheduleFields form={form} currency={currency} />
      </Fieldset>
      <Fieldset legend={t('automation.builder.sections.backtest')}>
        <BacktestPanel
          validate={form.validate}
          start={(rule, range) => builderApi.startBacktest({ rule, ...range })}
        />
      </Fieldset>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <ReadOnlyHint canWrite={canWrite}>
          <Button onClick={() => void save()} loading={pending} disabled={!canWrite}>
            {t('automation.builder.save')}
          </Button>
        </ReadOnlyHint>
      </Group>
    </Stack>
  );
}

/**
 * Which currency the rule's money is in, and that items of accounts in another are judged and
 * changed in their own, the rule's amounts converted at the day's reference rate.
 */
function RuleCurrencyNote({ currency, form }: { currency: string; form: RuleForm }) {
  const { t } = useTranslation();
  const others = useScopeCurrencies(form.draft.scope).filter((each) => each !== currency);
  return (
    <Text size="sm" c="dimmed" data-testid="rule-currency">
      {t('automation.builder.currency.in', { currency })}
      {others.length > 0 &&
        ` ${t('automation.builder.currency.converted', { currencies: others.join(', ') })}`}
    </Text>
  );
}
