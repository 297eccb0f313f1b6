// The first step of a new rule: a practitioner's playbook to start from, or an empty rule.
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUILDER_STARTS, type BuilderStart } from './rule-draft';
import classes from './rule-builder.module.css';

export function TemplatePicker({ onPick }: { onPick(start: BuilderStart): void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('automation.templates.intro')}
      </Text>
      {BUILDER_STARTS.map((start) => (
        <UnstyledButton key={start} className={classes.template} onClick={() => onPick(start)}>
          <Text fw={600}>{t(`automation.templates.${start}.name`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`automation.templates.${start}.description`)}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
