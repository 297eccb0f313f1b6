// A bulk action's progress bar, then which rows failed and why (spec 1 §4).
import { CloseButton, Group, List, Paper, Progress, Text } from '@mantine/core';
import type { ReportRow } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { useBulkAction } from './use-bulk-action';

export interface RunningBulkAction {
  bulkActionId: string;
  rows: ReportRow[];
}

export function BulkProgress(props: {
  action: RunningBulkAction;
  onFinished(): void;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const { bulkActionId, rows } = props.action;
  const { done, total, results } = useBulkAction(bulkActionId, rows.length, props.onFinished);
  const names = new Map(rows.map((row) => [Number(row.id), row.name]));
  const failed = (results ?? []).filter((result) => !result.ok);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Paper withBorder p="sm" data-testid="bulk-progress">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {results
            ? t('adsActions.bulk.finished', { ok: results.length - failed.length, total })
            : t('adsActions.bulk.running', { done, total })}
        </Text>
        {results && (
          <CloseButton aria-label={t('adsActions.bulk.dismiss')} onClick={props.onDismiss} />
        )}
      </Group>
      <Progress
        value={results ? 100 : percent}
        color={failed.length > 0 ? 'orange' : 'teal'}
        aria-label={t('adsActions.bulk.progress')}
        animated={!results}
      />
      {failed.length > 0 && (
        <List size="sm" mt="xs" spacing={2} data-testid="bulk-failures">
          {failed.map((result) => (
            <List.Item key={result.id}>
              {`${names.get(result.id) ?? result.id}: ${result.message ?? t('adsActions.bulk.failed')}`}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
