// The confirmation dialog of spec 1 §2: title, message, an icon (1 delete, 2 clipboard, 3 check),
// a message-only mode, cancel and ok, and an optional "don't ask again" checkbox.
import { Button, Checkbox, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconClipboard, IconTrash } from '@tabler/icons-react';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, readStored, writeStored } from '../storage/browser-storage';

export const CONFIRM_ICONS = {
  1: { icon: IconTrash, color: 'red' },
  2: { icon: IconClipboard, color: 'blue' },
  3: { icon: IconCheck, color: 'teal' },
} as const;
export type ConfirmIcon = keyof typeof CONFIRM_ICONS;

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  icon?: ConfirmIcon;
  /** Only the message and an OK button: an acknowledgement rather than a question. */
  messageOnly?: boolean;
  okLabel?: string;
  cancelLabel?: string;
  /** Offers "Don't show this again"; once ticked, later calls with this key confirm at once. */
  hideNextTimeKey?: string;
}

function hiddenKeys(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.hiddenConfirmations) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function hideNextTime(key: string): void {
  writeStored(
    STORAGE_KEYS.hiddenConfirmations,
    JSON.stringify([...new Set([...hiddenKeys(), key])]),
  );
}

interface ConfirmBodyProps extends ConfirmOptions {
  onDone(confirmed: boolean, hide: boolean): void;
}

export function ConfirmBody(props: ConfirmBodyProps) {
  const { t } = useTranslation();
  const [hide, setHide] = useState(false);
  const icon = props.icon ? CONFIRM_ICONS[props.icon] : undefined;
  return (
    <Stack gap="md" align="center" ta="center">
      {icon && !props.messageOnly && (
        <ThemeIcon size={56} radius="xl" variant="light" color={icon.color} aria-hidden>
          <icon.icon size={30} />
        </ThemeIcon>
      )}
      {props.title && !props.messageOnly && (
        <Text fw={600} size="lg">
          {props.title}
        </Text>
      )}
      <Text>{props.message}</Text>
      {props.hideNextTimeKey && !props.messageOnly && (
        <Checkbox
          label={t('confirm.hideNextTime')}
          checked={hide}
          onChange={(event) => setHide(event.currentTarget.checked)}
        />
      )}
      <Group justify="center" w="100%">
        {!props.messageOnly && (
          <Button variant="default" onClick={() => props.onDone(false, false)}>
            {props.cancelLabel ?? t('confirm.cancel')}
          </Button>
        )}
        <Button data-autofocus onClick={() => props.onDone(true, hide)}>
          {props.okLabel ?? t('confirm.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens the dialog and resolves to whether the user confirmed. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (options.hideNextTimeKey && hiddenKeys().includes(options.hideNextTimeKey)) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const id = modals.open({
      centered: true,
      size: 350,
      withCloseButton: false,
      title: undefined,
      'aria-label': options.title ?? i18next.t('confirm.title'),
      onClose: () => resolve(false),
      children: (
        <ConfirmBody
          {...options}
          onDone={(confirmed, hide) => {
            if (confirmed && hide && options.hideNextTimeKey) hideNextTime(options.hideNextTimeKey);
            resolve(confirmed);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
