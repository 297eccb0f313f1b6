// The column chooser: which of the tab's columns show (the name always does), and named sets of
// columns saved as table presets.
import { Button, Checkbox, Group, Popover, ScrollArea, SimpleGrid, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { tablePresetInput } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { PresetMenu } from '../../shared/ui/preset-menu';
import { columnsOf, defaultColumnKeys } from './table/columns';
import type { VisibleTab } from './url-state';
import { useTablePresets } from './use-views';

export function ColumnChooser(props: {
  tab: VisibleTab;
  /** A goal is picked: its columns are offered too. */
  withGoal?: boolean;
  columns: readonly string[];
  onChange(columns: string[]): void;
}) {
  const { t } = useTranslation();
  const presets = useTablePresets(props.tab);
  const available = columnsOf(props.tab, props.withGoal);
  const shown = new Set(props.columns);
  // Keeps the table's order: the chosen columns in the order the tab lists them.
  const toggle = (key: string) =>
    props.onChange(
      available
        .map((column) => column.key)
        .filter((candidate) => (candidate === key ? !shown.has(key) : shown.has(candidate))),
    );

  return (
    <Group gap="xs">
      <Popover position="bottom-end" width={420} withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconColumns size={14} />}
            data-testid="column-chooser"
          >
            {t('adsManager.columnChooser.title')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <ScrollArea.Autosize mah={320}>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                {available.map((column) => (
                  <Checkbox
                    key={column.key}
                    size="xs"
                    label={t(column.labelKey)}
                    checked={shown.has(column.key)}
                    onChange={() => toggle(column.key)}
                  />
                ))}
              </SimpleGrid>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button
                variant="subtle"
                size="xs"
                onClick={() => props.onChange(defaultColumnKeys(props.tab))}
              >
                {t('adsManager.columnChooser.reset')}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <PresetMenu
        label={t('adsManager.columnChooser.presets')}
        testId="table-presets"
        presets={presets.list.data}
        nameSchema={tablePresetInput.pick({ name: true })}
        onApply={(preset) => props.onChange(preset.columns)}
        onSave={(name) => presets.save({ name, tab: props.tab, columns: [...props.columns] })}
        onDelete={(preset) => presets.remove(preset.id)}
      />
    </Group>
  );
}
