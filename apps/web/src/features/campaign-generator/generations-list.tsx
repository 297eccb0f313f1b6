// The company's generations (getCampGenList), newest first: app, countries, segments, when, status
// and progress, with the actions each status allows.
import { ActionIcon, Button, Group, Progress, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { segmentLabel } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { QueryContent } from '../../shared/ui/query-content';
import { GenerationStatusBadge } from './generation-status-badge';
import { RUNNING_STATUSES, progressPercent } from './generation-status';
import { useCanWriteGenerator } from './generator-access';
import { generatorApi, generatorKeys, type CampaignGeneration } from './generator-api';
import { useGenerationActions } from './use-generation-actions';
import { GENERATION_POLL_MS } from './use-generation';

const segmentsOf = (generation: CampaignGeneration) =>
  generation.settings.segments
    .filter((segment) => segment.enabled)
    .map((segment) => segmentLabel(segment.segment, segment.slug))
    .join(', ');

function GenerationRow(props: { generation: CampaignGeneration; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const actions = useGenerationActions();
  const canWrite = useCanWriteGenerator();
  const { generation } = props;
  const name = generation.settings.appName;
  const percent = progressPercent(generation.status, generation.progress);
  const deletable =
    canWrite && generation.status !== 'WAITING_TO_SYNC' && generation.status !== 'SYNCING';
  return (
    <Table.Tr data-testid="generation-row">
      <Table.Td>{name}</Table.Td>
      <Table.Td>{generation.settings.countries.join(', ')}</Table.Td>
      <Table.Td>{segmentsOf(generation)}</Table.Td>
      <Table.Td>{formatDateTime(generation.createdAt)}</Table.Td>
      <Table.Td>
        <Tooltip label={t(`campaignGenerator.statusHint.${generation.status}`)}>
          <span>
            <GenerationStatusBadge generation={generation} />
          </span>
        </Tooltip>
      </Table.Td>
      <Table.Td miw={120}>
        <Progress value={percent} aria-label={t('campaignGenerator.progressLabel', { percent })} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => props.onOpen(generation.id)}>
            {canWrite && generation.status === 'READY'
              ? t('campaignGenerator.actions.review')
              : t('campaignGenerator.actions.open')}
          </Button>
          {canWrite && generation.status === 'KEYWORDS_FAILED' && (
            <Button size="xs" onClick={() => void actions.retryKeywords(generation)}>
              {t('campaignGenerator.actions.retryKeywords')}
            </Button>
          )}
          {canWrite && generation.status === 'INCOMPLETE' && (
            <Button size="xs" onClick={() => void actions.launch(generation)}>
              {t('campaignGenerator.actions.resume')}
            </Button>
          )}
          {deletable && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('campaignGenerator.actions.deleteGenerationOf', { name })}
              onClick={() => void actions.remove(generation)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function GenerationsList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useTranslation();
  const generations = useQuery({
    queryKey: generatorKeys.generations,
    queryFn: generatorApi.generations,
    refetchInterval: (query) =>
      query.state.data?.some((generation) => RUNNING_STATUSES.has(generation.status))
        ? GENERATION_POLL_MS
        : false,
  });
  return (
    <QueryContent query={generations} emptyText={t('campaignGenerator.list.empty')}>
      {(rows) => (
        <Table.ScrollContainer minWidth={800}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('campaignGenerator.list.app')}</Table.Th>
                <Table.Th>{t('campaignGenerator.list.countries')}</Table.Th>
                <Table.Th>{t('campaignGenerator.list.segments')}</Table.Th>
                <Table.Th>{t('campaignGenerator.list.created')}</Table.Th>
                <Table.Th>{t('campaignGenerator.list.status')}</Table.Th>
                <Table.Th>{t('campaignGenerator.list.progress')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('campaignGenerator.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((generation) => (
                <GenerationRow key={generation.id} generation={generation} onOpen={onOpen} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryContent>
  );
}
