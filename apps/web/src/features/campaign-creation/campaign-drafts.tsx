// The company's campaign drafts (spec 1 §4, spec 2 §3.4): name, countries and budget, resume at
// the saved step, delete after a confirmation. Shown by /campaign-list and /campaign-list-dialog.
import { ActionIcon, Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconFilePlus, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { PLACEMENT_ROUTES, type CampaignDraftRow } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { QueryTable } from '../../shared/ui/query-table';
import { useCanCreateCampaigns } from './campaign-creation-access';
import { campaignCreationApi, campaignCreationKeys } from './campaign-creation-api';

export const resumePath = (draft: Pick<CampaignDraftRow, 'id' | 'placement'>) =>
  `${PLACEMENT_ROUTES[draft.placement]}?draft=${draft.id}`;

export function CampaignDrafts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useCanCreateCampaigns();
  const drafts = useQuery({
    queryKey: campaignCreationKeys.drafts,
    queryFn: campaignCreationApi.drafts,
  });
  const remove = useMutation({
    mutationFn: campaignCreationApi.deleteDraft,
    onSuccess: () => {
      notifySuccess(t('campaignCreation.drafts.deleted'));
      void queryClient.invalidateQueries({ queryKey: campaignCreationKeys.drafts });
    },
    onError: () => notifyError(t('errors.requestFailed')),
  });

  async function askToDelete(draft: CampaignDraftRow) {
    const name = draft.campaignName || t('campaignCreation.drafts.untitled');
    const confirmed = await confirm({
      title: t('campaignCreation.drafts.deleteTitle'),
      message: t('campaignCreation.drafts.deleteMessage', { name }),
      icon: 1,
      okLabel: t('campaignCreation.drafts.delete'),
    });
    if (confirmed) remove.mutate(draft.id);
  }

  if (drafts.data?.length === 0) {
    return (
      <EmptyPageState
        icon={<IconFilePlus size={28} />}
        title={t('campaignCreation.drafts.emptyTitle')}
        description={t('campaignCreation.drafts.empty')}
        action={
          <Button component={Link} to={PLACEMENT_ROUTES.SEARCH_RESULTS}>
            {t('campaignCreation.drafts.new')}
          </Button>
        }
      />
    );
  }
  return (
    <QueryTable
      query={drafts}
      emptyText={t('campaignCreation.drafts.empty')}
      columns={[
        t('campaignCreation.fields.campaignName'),
        t('campaignCreation.fields.placement'),
        t('campaignCreation.fields.countries'),
        t('campaignCreation.fields.dailyBudget'),
        <VisuallyHidden key="actions">{t('campaignCreation.drafts.actions')}</VisuallyHidden>,
      ]}
      minWidth={640}
      renderRow={(draft) => {
        const name = draft.campaignName || t('campaignCreation.drafts.untitled');
        return (
          <Table.Tr key={draft.id} data-testid="draft-row">
            <Table.Td>{name}</Table.Td>
            <Table.Td>{t(`campaignCreation.placements.${draft.placement}`)}</Table.Td>
            <Table.Td>{draft.countries.join(', ') || '—'}</Table.Td>
            <Table.Td>{draft.budgetAmount ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} />}
                  aria-label={t('campaignCreation.drafts.resumeNamed', { name })}
                  onClick={() => void navigate(resumePath(draft))}
                >
                  {t('campaignCreation.drafts.resume')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={!canWrite}
                  aria-label={t('campaignCreation.drafts.deleteNamed', { name })}
                  onClick={() => void askToDelete(draft)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
