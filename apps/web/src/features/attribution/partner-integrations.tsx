// The "Partner integrations" section of /integrations (spec 2 §3.6): each app's attribution
// partners with their status, last event and received event names; adding one, its postback
// address and signing secret behind a reveal button, a test event, disabling, a new secret and
// deletion. Kochava is pulled rather than posted: it has its own page.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconEye,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { ATTRIBUTION_MESSAGES, ATTRIBUTION_PARTNERS, ERROR_CODES } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasErrorCode } from '../../shared/api/api-error';
import { useNow } from '../../shared/time/use-now';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { relativeTime } from '../automation/relative-time';
import { goalKeys } from '../goals/goals-api';
import {
  attributionApi,
  attributionKeys,
  type AttrIntegration,
  type AttrIntegrationSecrets,
} from './attribution-api';
import { useOwnAppChoices } from './own-apps';

const MINUTE_MS = 60_000;
const POSTBACK_PARTNERS = ATTRIBUTION_PARTNERS.filter((partner) => partner !== 'KOCHAVA');
const STATUS_COLOR = { ACTIVE: 'teal', DISABLED: 'gray', FAILED: 'red' } as const;

export function PartnerIntegrations() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'integrations.write');
  const list = useQuery({ queryKey: attributionKeys.list, queryFn: attributionApi.list });
  const titleId = useId();
  return (
    <Stack
      component="section"
      aria-labelledby={titleId}
      gap="md"
      data-testid="partner-integrations"
    >
      <Group justify="space-between">
        <Title order={2} size="h3" id={titleId}>
          {t('attribution.title')}
        </Title>
        <Button component={Link} to="/kochava-integration" variant="default" size="xs">
          {t('attribution.kochavaLink')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('attribution.intro')}
      </Text>
      {canWrite && <AddPartnerForm />}
      {list.isPending ? (
        <Skeleton height={120} aria-label={t('attribution.loading')} />
      ) : list.isError ? (
        <PanelFailure onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" data-testid="partner-empty">
          {t('attribution.empty')}
        </Text>
      ) : (
        list.data.map((integration) => (
          <PartnerCard key={integration.id} integration={integration} canWrite={canWrite} />
        ))
      )}
    </Stack>
  );
}

function AddPartnerForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apps = useOwnAppChoices();
  const [appId, setAppId] = useState<string | null>(null);
  const [partner, setPartner] = useState<string | null>(null);
  const [needsSync, setNeedsSync] = useState(false);
  const titleId = useId();
  const create = useMutation({
    mutationFn: () => attributionApi.create(Number(appId), partner!),
    onSuccess: () => {
      notifySuccess(t('attribution.added'));
      setPartner(null);
      void queryClient.invalidateQueries({ queryKey: attributionKeys.all });
    },
    onError: (error) => {
      const blocked = hasErrorCode(error, ERROR_CODES.PARTNER_NEEDS_SYNC);
      setNeedsSync(blocked);
      notifyError(
        blocked
          ? t('attribution.needsSync', { defaultValue: ATTRIBUTION_MESSAGES.NEEDS_SYNC })
          : t('attribution.addFailed'),
      );
    },
  });
  return (
    <Card withBorder>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          if (appId && partner) create.mutate();
        }}
      >
        <Stack gap="sm">
          <Text fw={500} id={titleId}>
            {t('attribution.add')}
          </Text>
          <Group align="flex-end" gap="sm">
            <Select
              label={t('attribution.app')}
              data={(apps.data ?? []).map((app) => ({ value: String(app.appId), label: app.name }))}
              value={appId}
              onChange={setAppId}
              w={260}
            />
            <Select
              label={t('attribution.partner')}
              data={POSTBACK_PARTNERS.map((value) => ({
                value,
                label: t(`attribution.partners.${value}`),
              }))}
              value={partner}
              onChange={setPartner}
              w={220}
            />
            <Button type="submit" disabled={!appId || !partner} loading={create.isPending}>
              {t('attribution.addButton')}
            </Button>
          </Group>
          {needsSync && (
            <Alert color="yellow" data-testid="needs-sync">
              {t('attribution.needsSync', { defaultValue: ATTRIBUTION_MESSAGES.NEEDS_SYNC })}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function PartnerCard({
  integration,
  canWrite,
}: {
  integration: AttrIntegration;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(MINUTE_MS);
  const partnerName = t(`attribution.partners.${integration.partner}`);
  const label = `${integration.appName} — ${partnerName}`;
  return (
    <Card withBorder role="group" data-testid="partner-card" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>{integration.appName}</Text>
            <Text>{partnerName}</Text>
            <Badge color={STATUS_COLOR[integration.status]} variant="light">
              {t(`attribution.statuses.${integration.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" data-testid="last-event">
            {integration.lastEventAt
              ? t('attribution.lastEvent', {
                  when: relativeTime(integration.lastEventAt, now, i18n.resolvedLanguage ?? 'en'),
                })
              : t('attribution.noEvents')}
          </Text>
        </Group>
        {integration.lastError && (
          <Alert color="red" p="xs" data-testid="last-error">
            {t('attribution.lastError', { error: integration.lastError })}
          </Alert>
        )}
        {integration.eventNames.length > 0 && (
          <Group gap={4} data-testid="event-names">
            {integration.eventNames.map((entry) => (
              <Badge
                key={entry.name}
                variant="outline"
                color={entry.eventType ? 'blue' : 'gray'}
                tt="none"
              >
                {entry.eventType
                  ? `${entry.name} → ${entry.eventType}`
                  : `${entry.name} → ${t('attribution.unmapped')}`}
              </Badge>
            ))}
          </Group>
        )}
        {integration.partner === 'KOCHAVA' ? (
          <Button
            component={Link}
            to="/kochava-integration"
            variant="subtle"
            size="xs"
            w="fit-content"
          >
            {t('attribution.kochavaLink')}
          </Button>
        ) : (
          canWrite && <PartnerActions integration={integration} label={label} />
        )}
      </Stack>
    </Card>
  );
}

function PartnerActions({ integration, label }: { integration: AttrIntegration; label: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const secrets = useQuery({
    queryKey: attributionKeys.secrets(integration.id),
    queryFn: () => attributionApi.secrets(integration.id),
    enabled: revealed,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: attributionKeys.list });
    void queryClient.invalidateQueries({ queryKey: goalKeys.all });
  };
  const test = useMutation({
    mutationFn: () => attributionApi.sendTest(integration.id),
    onSuccess: (result) =>
      result.ok
        ? notifySuccess(t('attribution.testOk', { status: result.httpStatus }))
        : notifyError(
            t('attribution.testFailed', { status: result.httpStatus, message: result.message }),
          ),
    onError: () => notifyError(t('attribution.actionFailed')),
  });
  const enabled = integration.status !== 'DISABLED';
  const status = useMutation({
    mutationFn: () => attributionApi.setStatus(integration.id, enabled ? 'DISABLED' : 'ACTIVE'),
    onSuccess: () => {
      notifySuccess(t(enabled ? 'attribution.disabled' : 'attribution.enabled'));
      refresh();
    },
    onError: () => notifyError(t('attribution.actionFailed')),
  });
  const rotate = useMutation({
    mutationFn: () => attributionApi.rotateSecret(integration.id),
    onSuccess: (next) => {
      queryClient.setQueryData<AttrIntegrationSecrets>(
        attributionKeys.secrets(integration.id),
        next,
      );
      setRevealed(true);
      notifySuccess(t('attribution.rotated'));
    },
    onError: () => notifyError(t('attribution.actionFailed')),
  });
  const remove = useMutation({
    mutationFn: () => attributionApi.remove(integration.id),
    onSuccess: () => {
      notifySuccess(t('attribution.deleted'));
      refresh();
    },
    onError: () => notifyError(t('attribution.actionFailed')),
  });

  async function askRotate() {
    const confirmed = await confirm({
      title: t('attribution.rotateTitle'),
      message: t('attribution.rotateMessage'),
      icon: 2,
      okLabel: t('attribution.rotate'),
      cancelLabel: t('attribution.cancel'),
    });
    if (confirmed) rotate.mutate();
  }

  async function askDelete() {
    const confirmed = await confirm({
      title: t('attribution.deleteTitle'),
      message: t('attribution.deleteMessage', { name: label }),
      icon: 1,
      okLabel: t('attribution.delete'),
      cancelLabel: t('attribution.cancel'),
    });
    if (confirmed) remove.mutate();
  }

  return (
    <Stack gap="xs">
      {revealed ? (
        secrets.isPending ? (
          <Skeleton height={36} aria-label={t('attribution.loading')} />
        ) : secrets.isError ? (
          <Text c="red" role="alert">
            {t('attribution.secretsFailed')}
          </Text>
        ) : (
          <>
            {secrets.data.postbackUrl && (
              <SecretField label={t('attribution.postbackUrl')} value={secrets.data.postbackUrl} />
            )}
            {secrets.data.signingSecret && (
              <SecretField
                label={t('attribution.signingSecret')}
                value={secrets.data.signingSecret}
              />
            )}
          </>
        )
      ) : (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconEye size={14} />}
          onClick={() => setRevealed(true)}
          aria-label={t('attribution.revealOf', { name: label })}
        >
          {t('attribution.reveal')}
        </Button>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSend size={14} />}
          loading={test.isPending}
          onClick={() => test.mutate()}
        >
          {t('attribution.sendTest')}
        </Button>
        <Button
          variant="default"
          size="xs"
          loading={status.isPending}
          onClick={() => status.mutate()}
        >
          {t(enabled ? 'attribution.disable' : 'attribution.enable')}
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={rotate.isPending}
          onClick={() => void askRotate()}
        >
          {t('attribution.rotate')}
        </Button>
        <Tooltip label={t('attribution.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('attribution.deleteOf', { name: label })}
            loading={remove.isPending}
            onClick={() => void askDelete()}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

function SecretField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('attribution.copied') : t('attribution.copy')}>
            <ActionIcon
              variant="light"
              size="lg"
              color={copied ? 'teal' : 'blue'}
              aria-label={t('attribution.copyOf', { name: label })}
              onClick={copy}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
