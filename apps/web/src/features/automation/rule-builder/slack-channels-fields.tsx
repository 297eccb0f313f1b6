// Where a rule's Slack message goes: channels of the company's workspace.
import { useTranslation } from 'react-i18next';
import { SlackChannelsPicker } from '../../slack/slack-channels-picker';
import type { ActionPartProps } from './action-fields';
import type { ActionDraft } from './rule-draft';

type SlackAction = Extract<ActionDraft, { type: 'SLACK_NOTIFICATION' }>;

export function SlackChannelsFields({ action, error, onChange }: ActionPartProps<SlackAction>) {
  const { t } = useTranslation();
  return (
    <SlackChannelsPicker
      label={t('slackAction.channels')}
      notConnectedText={t('slackAction.notConnected')}
      value={action.channels}
      onChange={(channels) => onChange({ ...action, channels })}
      error={error('channels')}
    />
  );
}
