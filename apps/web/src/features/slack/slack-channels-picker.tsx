// Channels of the company's workspace for a rule or a report to post to. Without a working Slack
// integration (none, not ACTIVE, or the channel list refused with SLACK_NOT_CONNECTED) there is
// nothing to pick: the field gives way to a link to /integrations.
import { Alert, Anchor, Text } from '@mantine/core';
import { ERROR_CODES, type SlackChannelRef } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasErrorCode } from '../../shared/api/api-error';
import { slackApi, slackKeys } from './slack-api';
import { SlackChannelsSelect, useSlackChannels } from './slack-channel-select';

export function SlackChannelsPicker(props: {
  label: string;
  /** Why connecting Slack would help here. */
  notConnectedText: string;
  value: readonly SlackChannelRef[];
  maxValues?: number;
  error?: string | undefined;
  onChange: (channels: SlackChannelRef[]) => void;
}) {
  const { t } = useTranslation();
  const slack = useQuery({ queryKey: slackKeys.integration, queryFn: slackApi.integration });
  const connected = slack.data?.slackIntegration?.status === 'ACTIVE';
  const channels = useSlackChannels(connected);
  if (slack.isPending) return null;
  if (!connected || hasErrorCode(channels.error, ERROR_CODES.SLACK_NOT_CONNECTED))
    return (
      <Alert color="gray" data-testid="slack-not-connected">
        <Text size="sm">
          {props.notConnectedText}{' '}
          <Anchor component={Link} to="/integrations">
            {t('slack.connectOnIntegrations')}
          </Anchor>
        </Text>
      </Alert>
    );
  return <SlackChannelsSelect {...props} />;
}
