// When a rule checks, how often it may act on one entity, until when it runs, and the safety
// limits that hold its changes (defaults shown as placeholders, overridden per rule).
import {
  Accordion,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ACTION_LIMIT_FREQUENCIES,
  CHECK_FREQUENCIES,
  DEFAULT_SAFETY_CAPS,
  type ActionLimitFrequency,
  type CheckFrequency,
  type SafetyCaps,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputNumber, inputText } from './rule-draft';
import type { RuleForm } from './use-rule-form';

/** The schedule part of a draft: a rule's, or a scripted rule's (which schedules the same way). */
interface ScheduleDraft {
  checkFrequency: CheckFrequency;
  customHours?: number;
  actionLimitFrequency?: ActionLimitFrequency | null;
  runUntil?: string | null;
  caps?: Partial<SafetyCaps>;
}

/** What the fields need of a form: its draft, its updates and its problems. */
export type ScheduleForm<Draft extends ScheduleDraft> = Pick<RuleForm, 'errorAt'> & {
  draft: Draft;
  update(path: string, change: (draft: Draft) => Draft): void;
};

const NO_LIMIT = 'NONE';

export function ScheduleFields<Draft extends ScheduleDraft>({
  form,
  currency,
}: {
  form: ScheduleForm<Draft>;
  currency: string;
}) {
  const { t } = useTranslation();
  const { draft } = form;
  const error = form.errorAt;
  const untilDate = draft.runUntil !== null && draft.runUntil !== undefined;

  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label={t('automation.builder.checkFrequency')}
          data={CHECK_FREQUENCIES.map((frequency) => ({
            value: frequency,
            label: t(`automation.builder.checkFrequencies.${frequency}`),
          }))}
          value={draft.checkFrequency}
          onChange={(value) =>
            value &&
            form.update('checkFrequency', (current) => ({
              ...current,
              checkFrequency: value as CheckFrequency,
              customHours: value === 'CUSTOM_HOURS' ? (current.customHours ?? 24) : undefined,
            }))
          }
          allowDeselect={false}
        />
        {draft.checkFrequency === 'CUSTOM_HOURS' && (
          <NumberInput
            label={t('automation.builder.customHours')}
            value={draft.customHours ?? ''}
            onChange={(value) =>
              form.update('customHours', (current) => ({
                ...current,
                customHours: inputNumber(value),
              }))
            }
            allowDecimal={false}
            min={1}
            error={error('customHours')}
          />
        )}
        <Select
          label={t('automation.builder.actionLimit')}
          data={[NO_LIMIT, ...ACTION_LIMIT_FREQUENCIES].map((frequency) => ({
            value: frequency,
            label: t(`automation.builder.actionLimits.${frequency}`),
          }))}
          value={draft.actionLimitFrequency ?? NO_LIMIT}
          onChange={(value) =>
            value &&
            form.update('actionLimitFrequency', (current) => ({
              ...current,
              actionLimitFrequency: value === NO_LIMIT ? null : (value as ActionLimitFrequency),
            }))
          }
          allowDeselect={false}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="rule-run-until">
          {t('automation.builder.runUntil')}
        </Text>
        <Group align="flex-start">
          <SegmentedControl
            aria-labelledby="rule-run-until"
            data={[
              { value: 'INDEFINITELY', label: t('automation.builder.runIndefinitely') },
              { value: 'UNTIL', label: t('automation.builder.runUntilDate') },
            ]}
            value={untilDate ? 'UNTIL' : 'INDEFINITELY'}
            onChange={(value) =>
              form.update('runUntil', (current) => ({
                ...current,
                runUntil: value === 'UNTIL' ? new Date().toISOString().slice(0, 10) : null,
              }))
            }
          />
          {untilDate && (
            <TextInput
              type="date"
              aria-label={t('automation.builder.runUntilDate')}
              value={draft.runUntil ?? ''}
              onChange={(event) => {
                const runUntil = event.currentTarget.value;
                form.update('runUntil', (current) => ({ ...current, runUntil }));
              }}
              error={error('runUntil')}
            />
          )}
        </Group>
      </Stack>
      <SafetyLimits form={form} currency={currency} />
    </Stack>
  );
}

function SafetyLimits<Draft extends ScheduleDraft>({
  form,
  currency,
}: {
  form: ScheduleForm<Draft>;
  currency: string;
}) {
  const { t } = useTranslation();
  const caps = form.draft.caps ?? {};
  const setCap = <Key extends keyof SafetyCaps>(key: Key, value: SafetyCaps[Key] | undefined) =>
    form.update(`caps.${key}`, (draft) => {
      const next: Partial<SafetyCaps> = { ...draft.caps, [key]: value };
      if (value === undefined) delete next[key];
      return { ...draft, caps: next };
    });
  const error = (key: keyof SafetyCaps) => form.errorAt(`caps.${key}`);
  const currencySection = <Text size="xs">{currency}</Text>;
  const [opened, setOpened] = useState<string | null>(null);
  const capsError = form.errorAt('caps') !== undefined;

  return (
    // Collapsed until opened, and held open while it shows a problem.
    <Accordion variant="contained" value={capsError ? 'caps' : opened} onChange={setOpened}>
      <Accordion.Item value="caps">
        <Accordion.Control>{t('automation.builder.caps.title')}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="sm">
            {t('automation.builder.caps.description')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('automation.builder.caps.maxChangePercent')}
              placeholder={String(DEFAULT_SAFETY_CAPS.maxChangePercent)}
              value={caps.maxChangePercent ?? ''}
              onChange={(value) => setCap('maxChangePercent', inputNumber(value))}
              allowDecimal={false}
              rightSection={<Text size="xs">%</Text>}
              error={error('maxChangePercent')}
            />
            <NumberInput
              label={t('automation.builder.caps.maxChangesPerRun')}
              placeholder={String(DEFAULT_SAFETY_CAPS.maxChangesPerRun)}
              value={caps.maxChangesPerRun ?? ''}
              onChange={(value) => setCap('maxChangesPerRun', inputNumber(value))}
              allowDecimal={false}
              error={error('maxChangesPerRun')}
            />
            <TextInput
              label={t('automation.builder.caps.maxBidChange')}
              placeholder={DEFAULT_SAFETY_CAPS.maxBidChange}
              value={caps.maxBidChange ?? ''}
              onChange={(event) => setCap('maxBidChange', inputText(event.currentTarget.value))}
              rightSection={currencySection}
              error={error('maxBidChange')}
            />
            <TextInput
              label={t('automation.builder.caps.maxBudgetChange')}
              placeholder={DEFAULT_SAFETY_CAPS.maxBudgetChange}
              value={caps.maxBudgetChange ?? ''}
              onChange={(event) => setCap('maxBudgetChange', inputText(event.currentTarget.value))}
              rightSection={currencySection}
              error={error('maxBudgetChange')}
            />
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
