// A picker of the workspace's channels (slackChannels): public ones, and private ones the bot was
// invited to. Used by the Slack card and the rule builder's Slack action.
import { MultiSelect, Select } from '@mantine/core';
import { ERROR_CODES, type SlackChannelRef } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../shared/api/api-error';
import { slackApi, slackKeys } from './slack-api';

export function useSlackChannels(enabled = true) {
  return useQuery({
    queryKey: slackKeys.channels,
    queryFn: slackApi.channels,
    enabled,
    retry: (count, error) => !hasErrorCode(error, ERROR_CODES.SLACK_NOT_CONNECTED) && count < 2,
  });
}

/** Channels already chosen stay listed even when the bot no longer sees them, to be removed. */
function useChannelOptions(chosen: readonly SlackChannelRef[] = []) {
  const { t } = useTranslation();
  const channels = useSlackChannels();
  const byId = new Map<string, SlackChannelRef & { isPrivate?: boolean }>(
    chosen.map((channel) => [channel.id, channel]),
  );
  for (const channel of channels.data ?? []) byId.set(channel.id, channel);
  const data = [...byId.values()].map((channel) => ({
    value: channel.id,
    label: channel.isPrivate
      ? t('slack.privateChannel', { name: channel.name })
      : `#${channel.name}`,
  }));
  const toRef = (id: string): SlackChannelRef => ({ id, name: byId.get(id)?.name ?? id });
  const state = {
    disabled: channels.isPending,
    error: channels.isError ? t('slack.channelsFailed') : undefined,
  };
  return { data, toRef, state };
}

export function SlackChannelSelect(props: {
  label: string;
  description?: string;
  value: string | null;
  onChange: (channel: SlackChannelRef | null) => void;
}) {
  const { t } = useTranslation();
  const { data, toRef, state } = useChannelOptions();
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={t('slack.pickChannel')}
      data={data}
      value={props.value}
      searchable
      onChange={(id) => props.onChange(id ? toRef(id) : null)}
      {...state}
    />
  );
}

export function SlackChannelsSelect(props: {
  label: string;
  value: readonly SlackChannelRef[];
  maxValues?: number | undefined;
  error?: string | undefined;
  onChange: (channels: SlackChannelRef[]) => void;
}) {
  const { t } = useTranslation();
  const { data, toRef, state } = useChannelOptions(props.value);
  return (
    <MultiSelect
      label={props.label}
      placeholder={t('slack.pickChannel')}
      data={data}
      value={props.value.map((channel) => channel.id)}
      maxValues={props.maxValues}
      searchable
      onChange={(ids) => props.onChange(ids.map(toRef))}
      {...state}
      error={props.error ?? state.error}
    />
  );
}
