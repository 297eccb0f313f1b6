// Saved presets (the overview's chart and period, the ads manager's columns): apply one, delete
// one, or save the current choice under a name. Presets belong to the user in this company.
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm, type FormSchema } from '../forms/use-schema-form';
import { confirm } from './confirm-dialog';

export interface NamedPreset {
  id: string;
  name: string;
}

export interface PresetMenuProps<Preset extends NamedPreset> {
  /** "Chart presets", "Overview presets". */
  label: string;
  presets: readonly Preset[] | undefined;
  /** Why the current choice cannot be saved, if it cannot. */
  saveBlockedReason?: string;
  nameSchema: FormSchema<{ name: string }>;
  onApply(preset: Preset): void;
  /** Resolves to whether the preset was saved (a failure is reported by the caller). */
  onSave(name: string): Promise<boolean>;
  onDelete(preset: Preset): Promise<unknown>;
  testId: string;
}

export function PresetMenu<Preset extends NamedPreset>(props: PresetMenuProps<Preset>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  async function remove(preset: Preset) {
    const confirmed = await confirm({
      title: t('overview.presets.deleteTitle'),
      message: t('overview.presets.deleteMessage', { name: preset.name }),
      icon: 1,
      okLabel: t('overview.presets.delete'),
    });
    if (confirmed) await props.onDelete(preset);
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={260}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBookmark size={14} />}
            data-testid={props.testId}
          >
            {props.label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {props.presets?.length ? (
            props.presets.map((preset) => (
              <Group key={preset.id} gap={4} wrap="nowrap">
                <Menu.Item onClick={() => props.onApply(preset)} style={{ flex: 1 }}>
                  {preset.name}
                </Menu.Item>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('overview.presets.deleteNamed', { name: preset.name })}
                  onClick={() => void remove(preset)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))
          ) : (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {t('overview.presets.none')}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={props.saveBlockedReason !== undefined}
            onClick={() => setSaving(true)}
          >
            {t('overview.presets.saveCurrent')}
          </Menu.Item>
          {props.saveBlockedReason && (
            <Text size="xs" c="dimmed" px="sm" pb={6}>
              {props.saveBlockedReason}
            </Text>
          )}
        </Menu.Dropdown>
      </Menu>
      <SavePresetModal
        opened={saving}
        title={props.label}
        nameSchema={props.nameSchema}
        onClose={() => setSaving(false)}
        onSave={props.onSave}
      />
    </>
  );
}

export function SavePresetModal(props: {
  opened: boolean;
  title: string;
  nameSchema: FormSchema<{ name: string }>;
  /** The name field's and the save button's words; a preset's by default. */
  nameLabel?: string;
  saveLabel?: string;
  onClose(): void;
  onSave(name: string): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(props.nameSchema, { name: '' });
  const [pending, setPending] = useState(false);
  const close = () => {
    form.setValue('name', '');
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={props.title} centered size="sm">
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ name }) => {
          setPending(true);
          const saved = await props.onSave(name);
          setPending(false);
          if (saved) close();
        })}
      >
        <Stack gap="md">
          <TextInput
            label={props.nameLabel ?? t('overview.presets.name')}
            required
            data-autofocus
            {...form.field('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {props.saveLabel ?? t('overview.presets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
