// The Slack channels a report posts to. Without a working Slack integration (none, not ACTIVE, or
// the channel list refused with SLACK_NOT_CONNECTED) the field gives way to a link to connect it.
import { Alert, Anchor, MultiSelect, Text } from '@mantine/core';
import { SCHEDULED_REPORT_LIMITS, type ScheduledReportSlackChannel } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  isSlackNotConnected,
  scheduledReportKeys,
  scheduledReportsApi,
} from './scheduled-reports-api';

export function SlackChannelsField(props: {
  value: ScheduledReportSlackChannel[];
  onChange(value: ScheduledReportSlackChannel[]): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const integration = useQuery({
    queryKey: scheduledReportKeys.slackIntegration,
    queryFn: scheduledReportsApi.slackIntegration,
  });
  const connected = integration.data?.status === 'ACTIVE';
  const channels = useQuery({
    queryKey: scheduledReportKeys.slackChannels,
    queryFn: scheduledReportsApi.slackChannels,
    enabled: connected,
    retry: (count, error) => !isSlackNotConnected(error) && count < 2,
  });
  if (integration.isPending) return null;
  if (!connected || isSlackNotConnected(channels.error))
    return (
      <Alert color="gray" data-testid="slack-not-connected">
        <Text size="sm">
          {t('scheduledReports.form.slackNotConnected')}{' '}
          <Anchor component={Link} to="/integrations">
            {t('scheduledReports.form.slackConnect')}
          </Anchor>
        </Text>
      </Alert>
    );
  // Channels already chosen stay listed even when the bot no longer sees them, so they can be removed.
  const byId = new Map(props.value.map((channel) => [channel.id, channel.name]));
  for (const channel of channels.data ?? []) byId.set(channel.id, channel.name);
  return (
    <MultiSelect
      label={t('scheduledReports.form.slackChannels')}
      data={[...byId].map(([id, name]) => ({ value: id, label: `#${name}` }))}
      value={props.value.map((channel) => channel.id)}
      onChange={(ids) => props.onChange(ids.map((id) => ({ id, name: byId.get(id) ?? id })))}
      maxValues={SCHEDULED_REPORT_LIMITS.slackChannels}
      searchable
      error={props.error ?? (channels.isError ? t('scheduledReports.form.slackFailed') : undefined)}
    />
  );
}
