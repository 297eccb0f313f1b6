// The company's recent applies, each with its results and a Revert (after a confirmation).
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { PanelFailure } from '../../shared/ui/panel';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import {
  keywordOptimizationApi,
  keywordOptimizationKeys,
  type BidApply,
} from './keyword-optimization-api';

export function RecentApplies({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reverting, setReverting] = useState<BidApply | null>(null);
  const applies = useQuery({
    queryKey: keywordOptimizationKeys.applies,
    queryFn: keywordOptimizationApi.applies,
  });
  const revert = useMutation({
    mutationFn: (id: string) => keywordOptimizationApi.revert(id),
    onSuccess: async (result) => {
      notifySuccess(t('keywordOptimization.reverted', { count: result.reverted }));
      setReverting(null);
      await queryClient.invalidateQueries({ queryKey: keywordOptimizationKeys.all });
    },
    onError: () => notifyError(t('keywordOptimization.revertFailed')),
  });
  if (applies.isError) return <PanelFailure onRetry={() => void applies.refetch()} />;
  if (!applies.data) return null;
  if (applies.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('keywordOptimization.noApplies')}
      </Text>
    );
  return (
    <>
      <Table data-testid="recent-applies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keywordOptimization.appliesColumns.at')}</Table.Th>
            <Table.Th>{t('keywordOptimization.appliesColumns.results')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applies.data.map((apply) => (
            <Table.Tr key={apply.id} data-testid="recent-apply">
              <Table.Td>{formatDateTime(apply.startedAt)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color="green" variant="light">
                    {t('keywordOptimization.counts.applied', { count: apply.applied })}
                  </Badge>
                  {apply.failed > 0 && (
                    <Badge color="red" variant="light">
                      {t('keywordOptimization.counts.failed', { count: apply.failed })}
                    </Badge>
                  )}
                  {apply.skipped > 0 && (
                    <Badge color="gray" variant="light">
                      {t('keywordOptimization.counts.skipped', { count: apply.skipped })}
                    </Badge>
                  )}
                  {apply.revertedAt && (
                    <Badge color="blue" variant="light">
                      {t('keywordOptimization.counts.reverted', { count: apply.reverted })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {canWrite && apply.revertible && (
                  <Button size="xs" variant="light" color="red" onClick={() => setReverting(apply)}>
                    {t('keywordOptimization.revert')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        opened={reverting !== null}
        onClose={() => setReverting(null)}
        title={t('keywordOptimization.revertTitle')}
      >
        <Text size="sm">
          {t('keywordOptimization.revertQuestion', { count: reverting?.applied ?? 0 })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setReverting(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={revert.isPending}
            onClick={() => reverting && revert.mutate(reverting.id)}
          >
            {t('keywordOptimization.revertConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
