// Creating or editing a goal in a modal: its name (checked for duplicates while typed), its app,
// its type, the events that count and the days since install they must fall within. Checked with
// the contracts' goalInput, the schema the server applies; the partner's received event names sit
// beside the events so the user knows what arrives.
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  GOAL_DAYS_SINCE_INSTALL,
  GOAL_TYPES,
  ERROR_CODES,
  eventTypesForGoalType,
  goalInput,
  isValidationMessageKey,
  type GoalInput,
  type GoalType,
  type Goal,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { attributionApi, attributionKeys } from '../attribution/attribution-api';
import { goalKeys, goalsApi } from './goals-api';

export interface GoalApp {
  appId: number;
  name: string;
}

type Field = 'name' | 'appId' | 'type' | 'events' | 'daysSinceInstall';
const NAME_CHECK_DELAY_MS = 300;

function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= isValidationMessageKey(issue.message) ? issue.message : 'validation.required';
  }
  return errors;
}

const isConflict = (error: unknown) =>
  error instanceof ApiError && error.body?.code === ERROR_CODES.CONFLICT;

export function GoalFormModal(props: {
  /** The goal edited; null to create one. */
  goal: Goal | null;
  apps: readonly GoalApp[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { goal } = props;
  // A goal's app stays choosable while it is edited, even when it no longer runs campaigns.
  const apps =
    goal && !props.apps.some((entry) => entry.appId === goal.appId)
      ? [...props.apps, { appId: goal.appId, name: goal.appName }]
      : props.apps;
  const [name, setName] = useState(goal?.name ?? '');
  const [appId, setAppId] = useState<string | null>(
    goal ? String(goal.appId) : props.apps.length === 1 ? String(props.apps[0]!.appId) : null,
  );
  const [type, setType] = useState<GoalType | null>((goal?.type as GoalType | undefined) ?? null);
  const [events, setEvents] = useState<string[]>(goal?.events ?? []);
  const [days, setDays] = useState<number | string>(
    goal?.daysSinceInstall ?? GOAL_DAYS_SINCE_INSTALL.default,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const [checkedName] = useDebouncedValue(name.trim(), NAME_CHECK_DELAY_MS);
  const app = appId ? Number(appId) : null;
  const nameTaken = useQuery({
    queryKey: goalKeys.nameTaken(app ?? 0, checkedName, goal?.id ?? null),
    queryFn: () => goalsApi.nameTaken(app!, checkedName, goal?.id ?? null),
    enabled: app !== null && checkedName !== '',
  });
  const eventNames = useQuery({
    queryKey: goalKeys.eventNames(app ?? 0),
    queryFn: () => goalsApi.eventNames(app!),
    enabled: app !== null,
  });
  const appAttr = useQuery({
    queryKey: attributionKeys.appAttr(app ?? 0),
    queryFn: () => attributionApi.appAttr(app!),
    enabled: app !== null,
  });
  const taken = nameTaken.data === true && checkedName === name.trim();

  const save = useMutation({
    mutationFn: (input: GoalInput) =>
      goal ? goalsApi.update(goal.id, input) : goalsApi.create(input),
    onSuccess: () => {
      notifySuccess(t(goal ? 'goals.updated' : 'goals.created'));
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
      props.onClose();
    },
    onError: (error) => {
      if (isConflict(error)) setErrors({ name: 'goals.nameTaken' });
      notifyError(t(isConflict(error) ? 'goals.nameTaken' : 'goals.saveFailed'));
    },
  });

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const allowed = type ? eventTypesForGoalType(type) : [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = goalInput.safeParse({
      name,
      appId: app ?? 0,
      type: type ?? undefined,
      events,
      daysSinceInstall: typeof days === 'number' ? days : Number.NaN,
    });
    if (!result.success) {
      setErrors(issuesByField(result.error.issues));
      return;
    }
    if (taken) {
      setErrors({ name: 'goals.nameTaken' });
      return;
    }
    setErrors({});
    save.mutate(result.data);
  }

  const nameError = errors.name ?? (taken ? 'goals.nameTaken' : undefined);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(goal ? 'goals.form.editTitle' : 'goals.form.createTitle')}
      size="xl"
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('goals.form.name')}
            required
            data-autofocus
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={nameError ? t(nameError) : undefined}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('goals.form.app')}
              required
              data={apps.map((entry) => ({ value: String(entry.appId), label: entry.name }))}
              value={appId}
              onChange={(value) => {
                setAppId(value);
                clear('appId');
              }}
              searchable={apps.length > 8}
              error={errors.appId ? t(errors.appId) : undefined}
            />
            <Select
              label={t('goals.form.type')}
              required
              data={GOAL_TYPES.map((value) => ({ value, label: t(`goals.types.${value}`) }))}
              value={type}
              onChange={(value) => {
                const next = value as GoalType | null;
                setType(next);
                const nextAllowed: readonly string[] = next ? eventTypesForGoalType(next) : [];
                setEvents((current) => current.filter((entry) => nextAllowed.includes(entry)));
                clear('type');
              }}
              error={errors.type ? t(errors.type) : undefined}
            />
          </SimpleGrid>
          {appAttr.data && !appAttr.data.attrExist && (
            <Alert color="yellow" data-testid="no-partner-alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('goals.noPartner.description')}</Text>
                <Button component={Link} to="/integrations" size="xs" variant="light">
                  {t('goals.noPartner.action')}
                </Button>
              </Group>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('goals.form.events')}
              description={type ? undefined : t('goals.form.pickTypeFirst')}
              required
              disabled={!type}
              data={allowed.map((value) => ({ value, label: value }))}
              value={events}
              onChange={(value) => {
                setEvents(value);
                clear('events');
              }}
              searchable
              error={errors.events ? t(errors.events) : undefined}
            />
            <ReceivedEvents
              loading={eventNames.isPending && app !== null}
              failed={eventNames.isError}
              names={eventNames.data}
              hasApp={app !== null}
            />
          </SimpleGrid>
          <NumberInput
            label={t('goals.form.daysSinceInstall')}
            description={t('goals.form.daysSinceInstallHint')}
            required
            min={GOAL_DAYS_SINCE_INSTALL.min}
            max={GOAL_DAYS_SINCE_INSTALL.max}
            allowDecimal={false}
            value={days}
            onChange={(value) => {
              setDays(value);
              clear('daysSinceInstall');
            }}
            error={errors.daysSinceInstall ? t(errors.daysSinceInstall) : undefined}
            w={220}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('goals.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(goal ? 'goals.form.save' : 'goals.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ReceivedEvents(props: {
  loading: boolean;
  failed: boolean;
  hasApp: boolean;
  names: { name: string; eventType: string | null; count: number }[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="received-events">
      <Text size="sm" fw={500}>
        {t('goals.form.receivedEvents')}
      </Text>
      {!props.hasApp ? (
        <Text size="xs" c="dimmed">
          {t('goals.form.receivedPickApp')}
        </Text>
      ) : props.loading ? (
        <Text size="xs" c="dimmed">
          {t('goals.loading')}
        </Text>
      ) : props.failed ? (
        <Alert color="red" p="xs">
          {t('goals.loadFailed')}
        </Alert>
      ) : !props.names?.length ? (
        <Text size="xs" c="dimmed">
          {t('goals.form.receivedNone')}
        </Text>
      ) : (
        <Group gap={4}>
          {props.names.map((entry) => (
            <Badge
              key={entry.name}
              variant="light"
              color={entry.eventType ? 'blue' : 'gray'}
              tt="none"
            >
              {entry.eventType ? `${entry.name} → ${entry.eventType}` : entry.name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
