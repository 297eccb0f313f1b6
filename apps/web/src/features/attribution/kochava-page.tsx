// /kochava-integration (spec 2 §3.6 attribution save): the Kochava pull of one app — its API key,
// app GUID, the first day to pull and what to pull — checked with the contracts' schema; the
// state of each app's pull, and its removal after a confirmation.
import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  KOCHAVA_PULL_TYPES,
  isValidationMessageKey,
  kochavaAttributionSaveInput,
  type KochavaAttributionSaveInput,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { OverviewDates } from '../../shared/period/period-picker';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { goalKeys } from '../goals/goals-api';
import { attributionApi, attributionKeys, type AttrIntegration } from './attribution-api';
import { useOwnAppChoices } from './own-apps';

type Field = keyof KochavaAttributionSaveInput;
const STATUS_COLOR = { ACTIVE: 'teal', DISABLED: 'gray', FAILED: 'red' } as const;

export default function KochavaPage() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'integrations.write');
  const list = useQuery({ queryKey: attributionKeys.list, queryFn: attributionApi.list });
  const pulls = list.data?.filter((integration) => integration.partner === 'KOCHAVA');
  return (
    <OverviewDates>
      <PageFrame
        title={t('attribution.kochava.title')}
        actions={
          <Button component={Link} to="/integrations" variant="default">
            {t('attribution.kochava.back')}
          </Button>
        }
      >
        <Text size="sm" c="dimmed">
          {t('attribution.kochava.intro')}
        </Text>
        {canWrite && <KochavaForm />}
        <Title order={2} size="h4">
          {t('attribution.kochava.pulls')}
        </Title>
        {list.isPending ? (
          <Skeleton height={80} aria-label={t('attribution.loading')} />
        ) : list.isError ? (
          <PanelFailure onRetry={() => void list.refetch()} />
        ) : !pulls?.length ? (
          <Text c="dimmed" data-testid="kochava-empty">
            {t('attribution.kochava.none')}
          </Text>
        ) : (
          <KochavaPulls pulls={pulls} canWrite={canWrite} />
        )}
      </PageFrame>
    </OverviewDates>
  );
}

function KochavaForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apps = useOwnAppChoices();
  const [values, setValues] = useState({
    api_key: '',
    app_guid: '',
    apple_app_id: null as string | null,
    hydrate_date: null as string | null,
    type: 'all' as string | null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const save = useMutation({
    mutationFn: attributionApi.kochavaSave,
    onSuccess: () => {
      notifySuccess(t('attribution.kochava.saved'));
      setValues((current) => ({ ...current, api_key: '' }));
      void queryClient.invalidateQueries({ queryKey: attributionKeys.all });
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
    },
    onError: () => notifyError(t('attribution.kochava.saveFailed')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = kochavaAttributionSaveInput.safeParse({
      api_key: values.api_key,
      app_guid: values.app_guid,
      apple_app_id: values.apple_app_id ? Number(values.apple_app_id) : 0,
      hydrate_date: values.hydrate_date ?? '',
      type: values.type ?? undefined,
    });
    if (!result.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as Field;
        next[field] ??= isValidationMessageKey(issue.message)
          ? issue.message
          : 'validation.required';
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(result.data);
  }
  const error = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Card withBorder>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('attribution.kochava.apiKey')}
              required
              value={values.api_key}
              onChange={(event) => set('api_key', event.currentTarget.value)}
              error={error('api_key')}
            />
            <TextInput
              label={t('attribution.kochava.appGuid')}
              required
              value={values.app_guid}
              onChange={(event) => set('app_guid', event.currentTarget.value)}
              error={error('app_guid')}
            />
            <Select
              label={t('attribution.app')}
              required
              data={(apps.data ?? []).map((app) => ({ value: String(app.appId), label: app.name }))}
              value={values.apple_app_id}
              onChange={(value) => set('apple_app_id', value)}
              error={error('apple_app_id')}
            />
            <DateInput
              label={t('attribution.kochava.hydrateDate')}
              description={t('attribution.kochava.hydrateDateHint')}
              required
              valueFormat="YYYY-MM-DD"
              value={values.hydrate_date}
              onChange={(value) => set('hydrate_date', value)}
              error={error('hydrate_date')}
            />
            <Select
              label={t('attribution.kochava.type')}
              required
              allowDeselect={false}
              data={KOCHAVA_PULL_TYPES.map((value) => ({
                value,
                label: t(`attribution.kochava.types.${value}`),
              }))}
              value={values.type}
              onChange={(value) => set('type', value)}
              error={error('type')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('attribution.kochava.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function KochavaPulls({ pulls, canWrite }: { pulls: AttrIntegration[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: attributionApi.kochavaDelete,
    onSuccess: () => {
      notifySuccess(t('attribution.deleted'));
      void queryClient.invalidateQueries({ queryKey: attributionKeys.all });
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
    },
    onError: () => notifyError(t('attribution.actionFailed')),
  });
  async function askDelete(pull: AttrIntegration) {
    const confirmed = await confirm({
      title: t('attribution.kochava.deleteTitle'),
      message: t('attribution.kochava.deleteMessage', { name: pull.appName }),
      icon: 1,
      okLabel: t('attribution.delete'),
      cancelLabel: t('attribution.cancel'),
    });
    if (confirmed) remove.mutate(pull.appId);
  }
  return (
    <Table data-testid="kochava-pulls">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('attribution.app')}</Table.Th>
          <Table.Th>{t('attribution.kochava.status')}</Table.Th>
          <Table.Th>{t('attribution.kochava.type')}</Table.Th>
          <Table.Th>{t('attribution.kochava.pulledThrough')}</Table.Th>
          <Table.Th>{t('attribution.kochava.lastError')}</Table.Th>
          {canWrite && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pulls.map((pull) => (
          <Table.Tr key={pull.id}>
            <Table.Td>{pull.appName}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[pull.status]} variant="light">
                {t(`attribution.statuses.${pull.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {pull.kochava ? t(`attribution.kochava.types.${pull.kochava.type}`) : '—'}
            </Table.Td>
            <Table.Td>{pull.kochava?.pulledThrough ?? t('attribution.kochava.notYet')}</Table.Td>
            <Table.Td>
              {pull.lastError ? (
                <Alert color="red" p={4}>
                  {pull.lastError} ({formatDateTime(pull.lastErrorAt)})
                </Alert>
              ) : (
                '—'
              )}
            </Table.Td>
            {canWrite && (
              <Table.Td>
                <Button
                  color="red"
                  variant="subtle"
                  size="xs"
                  aria-label={t('attribution.deleteOf', { name: pull.appName })}
                  onClick={() => void askDelete(pull)}
                >
                  {t('attribution.delete')}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
