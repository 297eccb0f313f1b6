// What a tab shows besides its results: nothing asked yet, the request running with its
// progress, a failure, or no rows.
import { Alert, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPageState } from '../../../shared/ui/page-frame';
import { researchFailureText } from './research-failure';
import type { Research } from './use-research';
import { WriteButton } from './write-button';

export function ResearchState<Row>(props: {
  research: Research<Row>;
  asked: boolean;
  children(rows: Row[]): ReactNode;
}) {
  const { t } = useTranslation();
  const { research } = props;
  if (!props.asked) {
    return <Text c="dimmed">{t('keywordAnalysis.state.ask')}</Text>;
  }
  if (research.error) {
    return (
      <Alert color="red" role="alert">
        {researchFailureText(research.error, t)}
      </Alert>
    );
  }
  if (research.progress) {
    const { currentCount, totalCount, progress } = research.progress;
    return (
      <Stack gap={4} data-testid="research-progress">
        <Text size="sm">{t('keywordAnalysis.state.running', { currentCount, totalCount })}</Text>
        <Progress
          value={progress}
          animated
          aria-label={t('keywordAnalysis.state.progress', { progress })}
        />
      </Stack>
    );
  }
  if (!research.rows) return <Skeleton height={160} aria-label={t('common.loading')} />;
  return (
    <Stack gap="sm">
      {research.request?.status === 'FAILED' && (
        <Alert color="red" role="alert">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {t('keywordAnalysis.state.failed', { error: research.request.error ?? '' })}
            </Text>
            <WriteButton
              permission="keywordAnalysis.write"
              variant="light"
              color="red"
              onClick={() => void research.retry()}
            >
              {t('keywordAnalysis.state.retry')}
            </WriteButton>
          </Group>
        </Alert>
      )}
      {research.rows.length === 0 ? (
        <EmptyPageState
          icon={<IconInbox size={28} />}
          title={t('empty.nothingYet.title')}
          description={t('keywordAnalysis.state.empty')}
        />
      ) : (
        props.children(research.rows)
      )}
    </Stack>
  );
}
