// One generation: its progress while keywords are fetched, the plan to review and edit, the launch
// and its progress to Sync Complete, then the way to the ads manager.
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { GeneratorPlan } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { useQueryClient } from '@tanstack/react-query';
import { GenerationProgressView } from './generation-status-badge';
import { useCanWriteGenerator } from './generator-access';
import { isReady } from './generation-status';
import { generatorApi, generatorKeys, type CampaignGeneration } from './generator-api';
import { generatorFailureText } from './generator-messages';
import type { GeneratorErrors } from './generator-values';
import { planTotals } from './plan-edits';
import { PlanTree } from './plan-tree';
import { useGenerationActions } from './use-generation-actions';
import { useGeneration } from './use-generation';

/** The plan as edited here; saved to the server before launching. */
function EditablePlan({ generation }: { generation: CampaignGeneration }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actions = useGenerationActions();
  const [edited, setEdited] = useState<GeneratorPlan | null>(null);
  const [errors, setErrors] = useState<GeneratorErrors>({});
  const [saving, setSaving] = useState(false);
  const plan = edited ?? generation.plan!;
  const totals = planTotals(plan);

  async function save() {
    if (!edited) return;
    setSaving(true);
    try {
      const saved = await generatorApi.updatePlan(generation.id, edited);
      queryClient.setQueryData(generatorKeys.generation(generation.id), saved);
      setEdited(null);
      setErrors({});
      notifySuccess(t('campaignGenerator.toasts.planSaved'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notifyError(generatorFailureText(error, 'errors.updateFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{t('campaignGenerator.plan.totals', totals)}</Text>
        <Group>
          <Button variant="default" disabled={!edited} onClick={() => setEdited(null)}>
            {t('campaignGenerator.plan.discard')}
          </Button>
          <Button variant="light" disabled={!edited} loading={saving} onClick={() => void save()}>
            {t('campaignGenerator.plan.save')}
          </Button>
          <Button
            disabled={edited !== null || totals.campaigns === 0}
            onClick={() => void actions.launch(generation)}
          >
            {t('campaignGenerator.launch.button')}
          </Button>
        </Group>
      </Group>
      <PlanTree plan={plan} errors={errors} onChange={setEdited} />
    </Stack>
  );
}

export function GenerationPanel({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const generation = useGeneration(id);
  const actions = useGenerationActions();
  const canWrite = useCanWriteGenerator();
  if (generation.isPending) return <Skeleton height={200} aria-label={t('common.loading')} />;
  if (generation.isError) {
    return (
      <Alert color="red" role="alert">
        {generatorFailureText(generation.error, 'errors.loadFailed')}
      </Alert>
    );
  }
  const current = generation.data;
  return (
    <Stack gap="md" data-testid="generation-panel">
      <Group justify="space-between">
        <Text fw={600}>
          {current.settings.appName} · {current.settings.countries.join(', ')}
        </Text>
        <Button variant="subtle" onClick={onClose}>
          {t('campaignGenerator.backToList')}
        </Button>
      </Group>
      <GenerationProgressView generation={current} />
      {canWrite && current.status === 'KEYWORDS_FAILED' && (
        <Group>
          <Button onClick={() => void actions.retryKeywords(current)}>
            {t('campaignGenerator.actions.retryKeywords')}
          </Button>
        </Group>
      )}
      {canWrite && current.status === 'INCOMPLETE' && (
        <Group>
          <Button onClick={() => void actions.launch(current)}>
            {t('campaignGenerator.actions.resume')}
          </Button>
        </Group>
      )}
      {current.status === 'SYNC_COMPLETE' && (
        <Anchor component={Link} to="/ads-manager">
          {t('campaignGenerator.openAdsManager')}
        </Anchor>
      )}
      {current.plan &&
        (canWrite && isReady(current.status) ? (
          <EditablePlan generation={current} />
        ) : (
          <PlanTree plan={current.plan} errors={{}} />
        ))}
    </Stack>
  );
}
