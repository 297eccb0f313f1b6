// Preview, confirm, apply: the chosen bids old → new with their change, which ones the safety
// caps cut or refuse; then, once applied, each row's result.
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import type { BidChange } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import {
  keywordOptimizationApi,
  keywordOptimizationKeys,
  type BidChangeLine,
} from './keyword-optimization-api';
import { money, NONE, percent } from './keyword-values';

const STATUS_COLOR: Record<string, string> = {
  APPLIED: 'green',
  FAILED: 'red',
  SKIPPED: 'gray',
  PENDING: 'yellow',
};

function Lines({ lines }: { lines: BidChangeLine[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="bid-change-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keywordOptimization.columns.keyword')}</Table.Th>
            <Table.Th>{t('keywordOptimization.preview.oldBid')}</Table.Th>
            <Table.Th>{t('keywordOptimization.preview.newBid')}</Table.Th>
            <Table.Th>{t('keywordOptimization.preview.change')}</Table.Th>
            <Table.Th>{t('keywordOptimization.preview.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={`${line.adAccountId}:${line.keywordId}`} data-testid="bid-change-line">
              <Table.Td>{line.text ?? line.keywordId}</Table.Td>
              <Table.Td>{money(line.oldBidMicros, line.currency)}</Table.Td>
              <Table.Td>{money(line.newBidMicros, line.currency)}</Table.Td>
              <Table.Td>{line.change === null ? NONE : percent(line.change)}</Table.Td>
              <Table.Td data-testid="bid-change-outcome">
                <Group gap={4}>
                  {line.status && (
                    <Badge color={STATUS_COLOR[line.status] ?? 'gray'} variant="light">
                      {t(`keywordOptimization.statuses.${line.status}`)}
                    </Badge>
                  )}
                  {line.capped && (
                    <Badge color="orange" variant="light">
                      {t('keywordOptimization.preview.capped')}
                    </Badge>
                  )}
                  {line.refusal && !line.status && (
                    <Text size="xs" c="red">
                      {t(`keywordOptimization.refusals.${line.refusal}`)}
                    </Text>
                  )}
                  {line.message && (
                    <Text size="xs" c="dimmed">
                      {line.message}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BidChangeDialog(props: { changes: BidChange[]; onClose(applied: boolean): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // One key per dialog: confirming twice (or a retry) applies nothing twice.
  const [requestId] = useState(() => crypto.randomUUID());
  const preview = useQuery({
    queryKey: ['keywordOptimization', 'preview', props.changes],
    queryFn: () => keywordOptimizationApi.preview(props.changes),
  });
  const apply = useMutation({
    mutationFn: () => keywordOptimizationApi.apply(props.changes, requestId),
    onSuccess: async () => {
      notifySuccess(t('keywordOptimization.applied'));
      await queryClient.invalidateQueries({ queryKey: keywordOptimizationKeys.all });
    },
    onError: () => notifyError(t('keywordOptimization.applyFailed')),
  });
  const lines = apply.data?.lines ?? preview.data;
  const sendable = preview.data?.filter((line) => line.refusal === null).length ?? 0;
  return (
    <Modal
      opened
      size="xl"
      title={t(apply.data ? 'keywordOptimization.resultTitle' : 'keywordOptimization.previewTitle')}
      onClose={() => props.onClose(apply.isSuccess)}
    >
      <Stack>
        {preview.isPending && <Progress value={100} animated aria-label={t('common.loading')} />}
        {preview.isError && (
          <Alert color="red" role="alert">
            {t('keywordOptimization.previewFailed')}
          </Alert>
        )}
        {apply.isPending && (
          <Stack gap={4}>
            <Text size="sm">{t('keywordOptimization.applying', { count: sendable })}</Text>
            <Progress value={100} animated aria-label={t('keywordOptimization.applyingLabel')} />
          </Stack>
        )}
        {lines && <Lines lines={lines} />}
        {!apply.data && preview.data && (
          <Text size="sm" c="dimmed">
            {t('keywordOptimization.preview.summary', { count: sendable })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onClose(apply.isSuccess)}>
            {t(apply.data ? 'keywordOptimization.close' : 'common.cancel')}
          </Button>
          {!apply.data && (
            <Button
              onClick={() => apply.mutate()}
              loading={apply.isPending}
              disabled={sendable === 0}
            >
              {t('keywordOptimization.confirmApply', { count: sendable })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
