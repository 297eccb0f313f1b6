// Custom views of a tab: apply one, pin one as the tab's default (it opens when the address does
// not choose filters or sort itself), reset the pin, delete one, or save the current settings.
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import {
  IconDeviceFloppy,
  IconLayoutDashboard,
  IconPin,
  IconPinFilled,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { customViewInput, type CustomView, type CustomViewInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { SavePresetModal } from '../../shared/ui/preset-menu';

/** A view's input from a stored view, to save it again (pinned or not). */
export function viewInputOf(view: CustomView): CustomViewInput {
  return {
    id: view.id,
    name: view.name,
    tab: view.tab,
    chartMetrics: view.chartMetrics,
    granularity: view.granularity,
    columns: view.columns,
    filter: view.filter,
    sortBy: view.sortBy,
    sortDesc: view.sortDesc,
    pinned: view.pinned,
  };
}

export function ViewsMenu(props: {
  views: readonly CustomView[] | undefined;
  onApply(view: CustomView): void;
  /** Saves the current settings under a name; resolves to whether it was saved. */
  onSaveCurrent(name: string): Promise<boolean>;
  onSave(input: CustomViewInput): Promise<boolean>;
  onDelete(view: CustomView): Promise<unknown>;
  onResetPinned(): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const hasPinned = props.views?.some((view) => view.pinned) ?? false;

  async function remove(view: CustomView) {
    const confirmed = await confirm({
      title: t('adsManager.views.deleteTitle'),
      message: t('adsManager.views.deleteMessage', { name: view.name }),
      icon: 1,
      okLabel: t('adsManager.views.delete'),
    });
    if (confirmed) await props.onDelete(view);
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={300} closeOnItemClick>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLayoutDashboard size={14} />}
            data-testid="views-menu"
          >
            {t('adsManager.views.title')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {props.views?.length ? (
            props.views.map((view) => (
              <Group key={view.id} gap={4} wrap="nowrap">
                <Menu.Item onClick={() => props.onApply(view)} style={{ flex: 1 }}>
                  {view.name}
                </Menu.Item>
                <ActionIcon
                  variant="subtle"
                  aria-label={t(view.pinned ? 'adsManager.views.unpin' : 'adsManager.views.pin', {
                    name: view.name,
                  })}
                  aria-pressed={view.pinned}
                  onClick={() => void props.onSave({ ...viewInputOf(view), pinned: !view.pinned })}
                >
                  {view.pinned ? <IconPinFilled size={14} /> : <IconPin size={14} />}
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('adsManager.views.deleteNamed', { name: view.name })}
                  onClick={() => void remove(view)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))
          ) : (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {t('adsManager.views.none')}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => setSaving(true)}>
            {t('adsManager.views.saveCurrent')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPinnedOff size={14} />}
            disabled={!hasPinned}
            onClick={() => void props.onResetPinned()}
          >
            {t('adsManager.views.resetPinned')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SavePresetModal
        opened={saving}
        title={t('adsManager.views.saveCurrent')}
        nameLabel={t('adsManager.views.name')}
        saveLabel={t('adsManager.views.save')}
        nameSchema={customViewInput.pick({ name: true })}
        onClose={() => setSaving(false)}
        onSave={props.onSaveCurrent}
      />
    </>
  );
}
