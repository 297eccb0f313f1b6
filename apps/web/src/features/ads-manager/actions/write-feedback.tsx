// The toasts of the ads manager's writes (spec 1 §8): success 3 s, error 6 s, the server's
// wording translated, and ENTITY_CHANGED with a "Reload" action.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ADS_MANAGER_MESSAGES,
  ERROR_CODES,
  TOAST_DURATION_MS,
  type AdsManagerMessage,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../../shared/api/http';
import { notifyError } from '../../../shared/ui/notify';

const MESSAGE_KEYS = new Map<string, AdsManagerMessage>(
  Object.entries(ADS_MANAGER_MESSAGES).map(([key, text]) => [text, key as AdsManagerMessage]),
);

/** A spec message in the user's language. */
export function adsMessage(key: AdsManagerMessage): string {
  return i18next.t(`adsActions.messages.${key}`);
}

/** The server's message in the user's language when it is one of the spec's, else as sent. */
export function translatedServerMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? adsMessage(key) : message;
}

export function isEntityChanged(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === ERROR_CODES.ENTITY_CHANGED;
}

/** The server's refusal of a field value as a spec message key (duplicate campaign name). */
export function refusedMessageOf(error: unknown): AdsManagerMessage | null {
  if (!(error instanceof ApiError)) return null;
  const key = MESSAGE_KEYS.get(error.body?.message ?? '');
  return key === 'campaignNameTaken' ? key : null;
}

function notifyEntityChanged(onReload: () => void): void {
  const id = notifications.show({
    color: 'orange',
    autoClose: TOAST_DURATION_MS.error,
    message: (
      <Group gap="sm" wrap="nowrap" data-testid="entity-changed">
        <Text size="sm">{adsMessage('entityChanged')}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onReload();
          }}
        >
          {i18next.t('common.reload')}
        </Button>
      </Group>
    ),
  });
}

/**
 * Tells the user why a write failed: a newer change in Apple offers to reload the rows; other
 * failures show the spec's message for the action.
 */
export function notifyWriteFailure(
  error: unknown,
  fallback: AdsManagerMessage,
  onReload: () => void,
): void {
  if (isEntityChanged(error)) {
    notifyEntityChanged(onReload);
    return;
  }
  notifyError(adsMessage(fallback));
}
