// Asks the name a template or draft is saved under; the server's refusal of a taken name shows
// at the field.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { GENERATOR_LIMITS, generatorTemplateNameSchema } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function TemplateNameDialog(props: {
  title: string;
  opened: boolean;
  pending: boolean;
  /** A translated failure to show at the name, such as a taken name. */
  error: string | null;
  onSave(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = generatorTemplateNameSchema.safeParse(name);
    if (!parsed.success) {
      setInvalid(t(parsed.error.issues[0]!.message));
      return;
    }
    setInvalid(null);
    props.onSave(parsed.data);
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            data-autofocus
            label={t('campaignGenerator.templates.name')}
            maxLength={GENERATOR_LIMITS.templateName}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={invalid ?? props.error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={props.pending}>
              {t('campaignGenerator.templates.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
