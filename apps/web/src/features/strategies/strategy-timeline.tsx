// A strategy's timeline, newest first: the changes made to its entities (copied from the activity
// log as it is read) and the team's notes, filtered by category, each with its target entities'
// numbers the seven days before and after; notes are added here, and any entry deleted after a
// confirmation.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconNote, IconTimeline, IconTrash } from '@tabler/icons-react';
import {
  NOTE_CATEGORIES,
  TIMELINE_CATEGORIES,
  TIMELINE_PAGE_SIZE,
  isValidationMessageKey,
  strategyNoteInput,
  type Strategy,
  type TimelineCategory,
  type TimelineEntry,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { strategiesApi, strategyKeys } from './strategies-api';
import { BeforeAfterTable } from './strategy-numbers';

export function StrategyTimeline(props: { strategy: Strategy; canWrite: boolean }) {
  const { t } = useTranslation();
  const { strategy } = props;
  const [category, setCategory] = useState<TimelineCategory | null>(null);
  const [noting, setNoting] = useState(false);
  const [page, setPage] = useState(1);
  const offset = (page - 1) * TIMELINE_PAGE_SIZE;
  const timeline = useQuery({
    queryKey: strategyKeys.timeline(strategy.strategyId, category, offset),
    queryFn: () => strategiesApi.timeline(strategy.strategyId, category, offset),
  });
  const pages = Math.ceil((timeline.data?.total ?? 0) / TIMELINE_PAGE_SIZE);
  const goals = [...strategy.goals, ...(strategy.secondaryGoal ? [strategy.secondaryGoal] : [])];

  return (
    <Stack gap="sm" data-testid="strategy-timeline">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('strategies.timeline.category')}
          placeholder={t('strategies.timeline.allCategories')}
          clearable
          data={TIMELINE_CATEGORIES.map((value) => ({
            value,
            label: t(`strategies.categories.${value}`),
          }))}
          value={category}
          onChange={(value) => {
            setCategory(value as TimelineCategory | null);
            setPage(1);
          }}
          w={220}
        />
        {props.canWrite && (
          <Button leftSection={<IconNote size={16} />} onClick={() => setNoting(true)}>
            {t('strategies.timeline.addNote')}
          </Button>
        )}
      </Group>
      {timeline.isPending ? (
        <Skeleton height={200} aria-label={t('strategies.loading')} />
      ) : timeline.isError ? (
        <PanelFailure onRetry={() => void timeline.refetch()} />
      ) : timeline.data.entries.length === 0 ? (
        <EmptyPageState
          icon={<IconTimeline size={28} />}
          title={t('strategies.timeline.emptyTitle')}
          description={t('strategies.timeline.emptyDescription')}
        />
      ) : (
        timeline.data.entries.map((entry) => (
          <TimelineCard
            key={entry.timelineId}
            entry={entry}
            strategy={strategy}
            goals={goals}
            canWrite={props.canWrite}
          />
        ))
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          aria-label={t('strategies.timeline.pages')}
          data-testid="timeline-pages"
        />
      )}
      {noting && <NoteModal strategyId={strategy.strategyId} onClose={() => setNoting(false)} />}
    </Stack>
  );
}

function TimelineCard(props: {
  entry: TimelineEntry;
  strategy: Strategy;
  goals: Strategy['goals'];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { entry } = props;
  const remove = useMutation({
    mutationFn: () => strategiesApi.removeEntry(props.strategy.strategyId, entry.timelineId),
    onSuccess: () => {
      notifySuccess(t('strategies.timeline.deleted'));
      void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    },
    onError: () => notifyError(t('strategies.timeline.deleteFailed')),
  });

  async function askDelete() {
    const confirmed = await confirm({
      title: t('strategies.timeline.deleteTitle'),
      message: t('strategies.timeline.deleteMessage'),
      icon: 1,
      okLabel: t('strategies.delete'),
      cancelLabel: t('strategies.cancel'),
    });
    if (confirmed) remove.mutate();
  }

  return (
    <Card withBorder padding="sm" data-testid="timeline-entry">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge variant="light">{t(`strategies.categories.${entry.category}`)}</Badge>
            <Badge variant="outline" color="gray" tt="none">
              {t(`strategies.sources.${entry.source}`, { defaultValue: entry.source })}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.occurredAt)}
              {entry.createdBy ? ` · ${entry.createdBy}` : ''}
            </Text>
          </Group>
          <Text size="sm">{entry.description}</Text>
        </Stack>
        {props.canWrite && (
          <Tooltip label={t('strategies.timeline.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('strategies.timeline.delete')}
              loading={remove.isPending}
              onClick={() => void askDelete()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <BeforeAfterTable
        before={entry.before}
        after={entry.after}
        goals={props.goals}
        currency={props.strategy.currency}
      />
    </Card>
  );
}

function NoteModal(props: { strategyId: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<string | null>('NOTE');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: strategiesApi.addNote,
    onSuccess: () => {
      notifySuccess(t('strategies.timeline.noteAdded'));
      void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
      props.onClose();
    },
    onError: () => notifyError(t('strategies.timeline.noteFailed')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = strategyNoteInput.safeParse({
      strategyId: props.strategyId,
      description,
      category,
    });
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? '';
      setError(isValidationMessageKey(message) ? message : 'validation.required');
      return;
    }
    add.mutate(result.data);
  }

  return (
    <Modal opened onClose={props.onClose} title={t('strategies.timeline.addNote')} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Select
            label={t('strategies.timeline.category')}
            required
            data={NOTE_CATEGORIES.map((value) => ({
              value,
              label: t(`strategies.categories.${value}`),
            }))}
            value={category}
            onChange={setCategory}
          />
          <Textarea
            label={t('strategies.timeline.note')}
            description={t('strategies.form.descriptionHint')}
            required
            data-autofocus
            rows={3}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setError(undefined);
            }}
            error={error ? t(error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('strategies.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('strategies.timeline.saveNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
