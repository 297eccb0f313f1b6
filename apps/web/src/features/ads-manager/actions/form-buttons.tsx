// Cancel and submit of the action forms; the submit button shows the request running.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FormButtons(props: { pending: boolean; onCancel(): void; submitLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
        {t('confirm.cancel')}
      </Button>
      <Button type="submit" loading={props.pending}>
        {props.submitLabel ?? t('adsActions.save')}
      </Button>
    </Group>
  );
}
