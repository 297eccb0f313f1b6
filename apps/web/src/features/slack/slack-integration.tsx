// The Slack card of /integrations (docs/slack.md): Add to Slack, the connected workspace and its
// status (an invalid one asks to add it again), the channel told about failed syncs, a test
// message and uninstalling.
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandSlack, IconSend, IconTrash } from '@tabler/icons-react';
import type { SlackIntegration } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { slackApi, slackKeys } from './slack-api';
import { SlackChannelSelect } from './slack-channel-select';

const STATUS_COLOR = { ACTIVE: 'teal', INVALID: 'red', DELETED: 'gray' } as const;

export function SlackIntegrationCard() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'integrations.write');
  const query = useQuery({ queryKey: slackKeys.integration, queryFn: slackApi.integration });
  const titleId = useId();
  return (
    <Card component="section" withBorder aria-labelledby={titleId} data-testid="slack-integration">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandSlack size={20} aria-hidden />
          <Title order={2} size="h3" id={titleId}>
            {t('slack.title')}
          </Title>
        </Group>
        {query.isPending ? (
          <Skeleton height={60} aria-label={t('slack.loading')} />
        ) : query.isError ? (
          <PanelFailure onRetry={() => void query.refetch()} />
        ) : query.data.slackIntegration ? (
          <ConnectedSlack integration={query.data.slackIntegration} canWrite={canWrite} />
        ) : query.data.slackAvailable ? (
          <>
            <Text size="sm" c="dimmed">
              {t('slack.intro')}
            </Text>
            {canWrite && <AddToSlackButton label={t('slack.add')} />}
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="slack-unavailable">
            {t('slack.unavailable')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Asks the server for a state and sends the browser to Slack's consent page. */
function AddToSlackButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const start = useMutation({
    mutationFn: slackApi.startInstall,
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    onError: () => notifyError(t('slack.addFailed')),
  });
  return (
    <Group>
      <Button
        leftSection={<IconBrandSlack size={16} aria-hidden />}
        loading={start.isPending}
        onClick={() => start.mutate()}
      >
        {label}
      </Button>
    </Group>
  );
}

function ConnectedSlack({
  integration,
  canWrite,
}: {
  integration: SlackIntegration;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: slackKeys.all });
  const invalid = integration.status === 'INVALID';
  const uninstall = useMutation({
    mutationFn: slackApi.uninstall,
    onSuccess: () => {
      notifySuccess(t('slack.uninstalled'));
      void refresh();
    },
    onError: () => notifyError(t('slack.uninstallFailed')),
  });

  async function confirmUninstall() {
    const confirmed = await confirm({
      title: t('slack.uninstallTitle'),
      message: t('slack.uninstallMessage', { workspace: integration.slackTeamName }),
      icon: 1,
      okLabel: t('slack.uninstall'),
    });
    if (confirmed) uninstall.mutate();
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{integration.slackTeamName}</Text>
          <Badge color={STATUS_COLOR[integration.status]} variant="light">
            {t(`slack.status.${integration.status}`)}
          </Badge>
        </Group>
        {canWrite && (
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={uninstall.isPending}
            onClick={() => void confirmUninstall()}
          >
            {t('slack.uninstall')}
          </Button>
        )}
      </Group>
      {invalid ? (
        <Alert color="red" data-testid="slack-invalid">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('slack.invalid')}</Text>
            {canWrite && <AddToSlackButton label={t('slack.reconnect')} />}
          </Stack>
        </Alert>
      ) : (
        canWrite && <SlackSettings integration={integration} onSaved={() => void refresh()} />
      )}
    </Stack>
  );
}

function SlackSettings({
  integration,
  onSaved,
}: {
  integration: SlackIntegration;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [testChannel, setTestChannel] = useState<string | null>(
    integration.notifyChannel?.id ?? null,
  );
  const setChannel = useMutation({
    mutationFn: slackApi.setNotifyChannel,
    onSuccess: () => {
      notifySuccess(t('slack.channelSaved'));
      onSaved();
    },
    onError: () => notifyError(t('slack.channelFailed')),
  });
  const sendTest = useMutation({
    mutationFn: (channelId: string) =>
      slackApi.sendTest({ change: t('slack.testText'), intId: integration.id, channelId }),
    onSuccess: () => notifySuccess(t('slack.testSent')),
    onError: () => notifyError(t('slack.testFailed')),
  });
  return (
    <Stack gap="sm">
      <SlackChannelSelect
        label={t('slack.notifyChannel')}
        description={t('slack.notifyChannelHelp')}
        value={integration.notifyChannel?.id ?? null}
        onChange={(channel) => channel && setChannel.mutate(channel)}
      />
      <Group align="flex-end">
        <SlackChannelSelect
          label={t('slack.testChannel')}
          value={testChannel}
          onChange={(channel) => setTestChannel(channel?.id ?? null)}
        />
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={!testChannel}
          loading={sendTest.isPending}
          onClick={() => testChannel && sendTest.mutate(testChannel)}
        >
          {t('slack.sendTest')}
        </Button>
      </Group>
    </Stack>
  );
}
