// Where a rule's Slack message goes: channels of the company's workspace. Without a working Slack
// integration there is nothing to pick; the way to connect it is /integrations.
import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { slackApi, slackKeys } from '../../slack/slack-api';
import { SlackChannelsSelect } from '../../slack/slack-channel-select';
import type { ActionPartProps } from './action-fields';
import type { ActionDraft } from './rule-draft';

type SlackAction = Extract<ActionDraft, { type: 'SLACK_NOTIFICATION' }>;

export function SlackChannelsFields({ action, error, onChange }: ActionPartProps<SlackAction>) {
  const { t } = useTranslation();
  const slack = useQuery({ queryKey: slackKeys.integration, queryFn: slackApi.integration });
  if (slack.isPending) return null;
  if (slack.data?.slackIntegration?.status !== 'ACTIVE')
    return (
      <Alert color="yellow" data-testid="slack-action-not-connected">
        {t('slackAction.notConnected')}{' '}
        <Anchor component={Link} to="/integrations">
          {t('slackAction.connect')}
        </Anchor>
      </Alert>
    );
  return (
    <SlackChannelsSelect
      label={t('slackAction.channels')}
      value={action.channels}
      onChange={(channels) => onChange({ ...action, channels })}
      error={error('channels')}
    />
  );
}
