// The foot of an addition's modal: why a stopped addition stopped, Cancel, and the send button,
// which becomes Finish once an addition stopped part-way (it sends again under the same key).
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AdditionFooter(props: {
  failure: string | null;
  pending: boolean;
  /** The send button's label before anything stopped ("Add ad group", "Add ads"). */
  addLabel: string;
  onClose(): void;
  onAdd(): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.failure && (
        <Alert color="orange" role="alert">
          {props.failure} {t('campaignCreation.addToCampaign.finishHint')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button loading={props.pending} onClick={props.onAdd}>
          {props.failure ? t('campaignCreation.addToCampaign.finish') : props.addLabel}
        </Button>
      </Group>
    </>
  );
}
