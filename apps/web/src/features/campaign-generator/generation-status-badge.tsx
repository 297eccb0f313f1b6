// A generation's status in the spec's words, with what it means for the user and its progress.
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignGeneration } from './generator-api';
import { translatedGeneratorMessage } from './generator-messages';
import {
  RUNNING_STATUSES,
  STATUS_COLORS,
  creationStep,
  progressPercent,
} from './generation-status';

export function GenerationStatusBadge({ generation }: { generation: CampaignGeneration }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[generation.status]} variant="light">
      {t(`campaignGenerator.status.${generation.status}`)}
    </Badge>
  );
}

/** The badge, the status's explanation and, while campaigns are made, the step and its bar. */
export function GenerationProgressView({ generation }: { generation: CampaignGeneration }) {
  const { t } = useTranslation();
  const { status, progress } = generation;
  const creating = status === 'SYNCING' || status === 'WAITING_TO_SYNC';
  const percent = progressPercent(status, progress);
  return (
    <Stack gap={4} data-testid="generation-progress">
      <Group gap="xs">
        <GenerationStatusBadge generation={generation} />
        <Text size="sm" c="dimmed">
          {t(`campaignGenerator.statusHint.${status}`)}
        </Text>
      </Group>
      {creating && (
        <Text size="sm">
          {t(`campaignGenerator.steps.${creationStep(progress)}`, {
            campaigns: `${progress.campaigns.done}/${progress.campaigns.total}`,
            adGroups: `${progress.adGroups.done}/${progress.adGroups.total}`,
            keywords: `${progress.keywords.done}/${progress.keywords.total}`,
          })}
        </Text>
      )}
      {(creating || status === 'SYNC_COMPLETE' || status === 'INCOMPLETE') && (
        <Progress
          value={percent}
          aria-label={t('campaignGenerator.progressLabel', { percent })}
          animated={RUNNING_STATUSES.has(status)}
        />
      )}
      {status === 'FETCHING_KEYWORDS' && (
        <Progress
          value={100}
          animated
          aria-label={t('campaignGenerator.status.FETCHING_KEYWORDS')}
        />
      )}
      {generation.failure && (
        <Text size="sm" c="red" role="alert">
          {translatedGeneratorMessage(generation.failure)}
        </Text>
      )}
    </Stack>
  );
}
