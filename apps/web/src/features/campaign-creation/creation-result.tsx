// A creation that stopped part-way: what exists in Apple, what Apple refused, Finish, which
// sends the creation again under the same idempotency key so nothing is created twice, and, after
// a confirmation, deleting what was made.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CampaignCreationResult } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { creationMessage, translatedCreationMessage } from './creation-messages';

export function CreationResult(props: {
  result: CampaignCreationResult;
  finishing: boolean;
  onFinish(): void;
  discarding: boolean;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const { result } = props;

  async function askToDiscard() {
    const confirmed = await confirm({
      title: t('campaignCreation.result.discardTitle'),
      message: t('campaignCreation.result.discardMessage', { id: result.campaignId }),
      icon: 1,
      okLabel: t('campaignCreation.result.discard'),
    });
    if (confirmed) props.onDiscard();
  }

  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={creationMessage('creationIncomplete')}
      data-testid="creation-incomplete"
    >
      <Stack gap="xs">
        {result.failure && <Text size="sm">{translatedCreationMessage(result.failure)}</Text>}
        <Text size="sm" fw={600}>
          {t('campaignCreation.result.inApple')}
        </Text>
        <List size="sm">
          <List.Item>
            {result.campaignId
              ? t('campaignCreation.result.campaign', { id: result.campaignId })
              : t('campaignCreation.result.noCampaign')}
          </List.Item>
          {result.adGroups.map((adGroup) => (
            <List.Item key={adGroup.name}>
              {adGroup.id
                ? t('campaignCreation.result.adGroup', { name: adGroup.name, id: adGroup.id })
                : t('campaignCreation.result.adGroupMissing', { name: adGroup.name })}
            </List.Item>
          ))}
          <List.Item>
            {t('campaignCreation.result.counts', {
              keywords: result.keywordsCreated,
              negatives: result.negativeKeywordsCreated,
              ads: result.adsCreated,
            })}
          </List.Item>
        </List>
        {result.refused.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('campaignCreation.result.refused')}
            </Text>
            <List size="sm">
              {result.refused.map((item, index) => (
                <List.Item key={index}>{`${item.what}: ${item.message}`}</List.Item>
              ))}
            </List>
          </>
        )}
        <Group>
          <Button loading={props.finishing} disabled={props.discarding} onClick={props.onFinish}>
            {t('campaignCreation.result.finish')}
          </Button>
          {result.campaignId !== null && (
            <Button
              variant="default"
              color="red"
              loading={props.discarding}
              disabled={props.finishing}
              onClick={() => void askToDiscard()}
            >
              {t('campaignCreation.result.discard')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
