// The campaign wizard of spec 1 §2, one component for the four placements: the placement's steps
// (PLACEMENT_STEPS) in a stepper, each checked with the contract's schema before Next, the draft
// saved at every step, a review, and Create. A draft opens at its saved step with its values.
import { Alert, Button, Fieldset, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  PLACEMENT_STEPS,
  type AdPlacement,
  type CampaignDraft,
  type WizardStep,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { useCanCreateCampaigns } from './campaign-creation-access';
import { campaignCreationApi, campaignCreationKeys } from './campaign-creation-api';
import { creationMessage } from './creation-messages';
import { CreationResult } from './creation-result';
import { productPageErrors } from './product-pages';
import { AdGroupStep } from './steps/ad-group-step';
import { AppStep } from './steps/app-step';
import { AudienceStep } from './steps/audience-step';
import { CountriesStep } from './steps/countries-step';
import { CreativeSetsStep } from './steps/creative-sets-step';
import { KeywordsStep } from './steps/keywords-step';
import { ReviewStep } from './steps/review-step';
import { SearchMatchStep } from './steps/search-match-step';
import type { StepProps } from './steps/step-props';
import { useCreateCampaign } from './use-create-campaign';
import {
  checkValues,
  draftValuesOf,
  newWizardValues,
  stepOfPath,
  valuesOfDraft,
  type WizardErrors,
  type WizardValues,
} from './wizard-values';

const STEP_FORMS: Record<WizardStep, ComponentType<StepProps>> = {
  app: AppStep,
  countries: CountriesStep,
  adGroup: AdGroupStep,
  searchMatch: SearchMatchStep,
  keywords: KeywordsStep,
  audience: AudienceStep,
  creativeSets: CreativeSetsStep,
  review: ReviewStep,
};

interface WizardFormProps {
  placement: AdPlacement;
  draft: CampaignDraft | null;
  canWrite: boolean;
  onSaved(draftId: string): void;
}

function WizardForm({ placement, draft, canWrite, onSaved }: WizardFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const steps = PLACEMENT_STEPS[placement];
  const [values, setValues] = useState<WizardValues>(() =>
    draft ? valuesOfDraft(placement, draft.values) : newWizardValues(placement),
  );
  const [active, setActive] = useState(() => Math.max(0, draft ? steps.indexOf(draft.step) : 0));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [draftId, setDraftId] = useState<string | null>(draft?.id ?? null);
  const creation = useCreateCampaign(draftId);
  const step = steps[active] ?? 'app';
  const isReview = step === 'review';

  const save = useMutation({
    mutationFn: (atStep: WizardStep) =>
      campaignCreationApi.saveDraft({
        ...(draftId ? { id: draftId } : {}),
        placement,
        step: atStep,
        values: draftValuesOf(values),
      }),
    onSuccess: (saved) => {
      setDraftId(saved.id);
      onSaved(saved.id);
      void queryClient.invalidateQueries({ queryKey: campaignCreationKeys.drafts });
    },
    onError: () => notifyError(creationMessage('draftSaveFailed')),
  });

  const change = (next: WizardValues) => {
    setValues(next);
    setErrors({});
  };

  /** Saves the draft at a step; a failure is toasted and the wizard goes on. */
  const saveAt = (atStep: WizardStep) =>
    save.mutateAsync(atStep).then(
      () => true,
      () => false,
    );

  async function next() {
    // A member who cannot write reads the steps: nothing is checked or saved.
    if (!canWrite) {
      setActive(active + 1);
      return;
    }
    const checked = checkValues(placement, values, [step]);
    // The asset rule needs Apple's pages, which the contract's schema does not hold.
    const stepErrors = {
      ...(step === 'creativeSets' ? productPageErrors(values, queryClient) : {}),
      ...checked.errors,
    };
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    const nextIndex = active + 1;
    await saveAt(steps[nextIndex] ?? step);
    setActive(nextIndex);
  }

  async function saveAsDraft() {
    if (await saveAt(step)) notifySuccess(creationMessage('draftSaved'));
  }

  /** The input createCampaign takes, or null with the first step that has an issue opened. */
  function creationInput() {
    const checked = checkValues(placement, values, steps);
    const allErrors = { ...checked.errors, ...productPageErrors(values, queryClient) };
    if (checked.input && Object.keys(allErrors).length === 0) return checked.input;
    setErrors(allErrors);
    const firstPath = Object.keys(allErrors)[0] ?? '';
    setActive(Math.max(0, steps.indexOf(stepOfPath(firstPath.split('.')))));
    return null;
  }

  async function create() {
    const input = creationInput();
    if (!input) return;
    try {
      if ((await creation.submit(input)) === 'nameTaken') {
        setErrors({ campaignName: creation.nameTakenKey });
        setActive(0);
      }
    } catch {
      notifyError(creationMessage('creationFailed'));
    }
  }

  const StepForm = STEP_FORMS[step];
  const busy = save.isPending || creation.creating;
  return (
    <Stack gap="lg">
      {!canWrite && (
        <Alert color="gray" icon={<IconLock size={18} />} data-testid="read-only">
          {creationMessage('readOnly')}
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        allowNextStepsSelect={false}
        size="sm"
      >
        {steps.map((entry) => (
          <Stepper.Step key={entry} label={t(`campaignCreation.steps.${entry}`)} />
        ))}
      </Stepper>
      <Fieldset variant="unstyled" disabled={!canWrite || creation.creating}>
        <StepForm placement={placement} values={values} errors={errors} onChange={change} />
      </Fieldset>
      {creation.incomplete && (
        <CreationResult
          result={creation.incomplete}
          finishing={creation.creating}
          onFinish={() => {
            const input = creationInput();
            if (input) creation.finish(input);
          }}
          discarding={creation.discarding}
          onDiscard={() => {
            if (values.adAccountId !== null) creation.discard(values.adAccountId);
          }}
        />
      )}
      {creation.creating && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('campaignCreation.creating')}</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={active === 0 || busy}
          onClick={() => setActive(active - 1)}
        >
          {t('campaignCreation.actions.back')}
        </Button>
        <Group>
          <Button variant="default" disabled={!canWrite || busy} onClick={() => void saveAsDraft()}>
            {t('campaignCreation.actions.saveDraft')}
          </Button>
          {isReview ? (
            <Button
              disabled={!canWrite || creation.incomplete !== null}
              loading={creation.creating}
              onClick={() => void create()}
            >
              {t('campaignCreation.actions.create')}
            </Button>
          ) : (
            <Button loading={save.isPending} onClick={() => void next()}>
              {t('campaignCreation.actions.next')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * The wizard page of one placement; `?draft=<id>` resumes a draft. The first save puts the new
 * draft's id in the address, so a reload resumes it; the form stays mounted while it does.
 */
export default function CampaignWizard({ placement }: { placement: AdPlacement }) {
  const { t } = useTranslation();
  const canWrite = useCanCreateCampaigns();
  const [params, setParams] = useSearchParams();
  const draftInAddress = params.get('draft');
  const [opened, setOpened] = useState({ draftId: draftInAddress, loaded: draftInAddress });
  // Another draft opened from outside the form (the drafts dialog): load it in a fresh form.
  if (draftInAddress && draftInAddress !== opened.draftId) {
    setOpened({ draftId: draftInAddress, loaded: draftInAddress });
  }
  const draft = useQuery({
    queryKey: campaignCreationKeys.draft(opened.loaded ?? ''),
    queryFn: () => campaignCreationApi.draft(opened.loaded ?? ''),
    enabled: opened.loaded !== null,
    staleTime: Infinity,
  });
  const onSaved = (draftId: string) => {
    setOpened((current) => ({ ...current, draftId }));
    setParams({ draft: draftId }, { replace: true });
  };

  const title = t(`campaignCreation.placements.${placement}`);
  let content;
  if (opened.loaded && draft.isPending) content = <Loader aria-label={t('common.loading')} />;
  else if (opened.loaded && draft.isError)
    content = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{creationMessage('draftNotFound')}</Text>
          <Button component={Link} to="/campaign-list" variant="light">
            {t('campaignCreation.drafts.title')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    content = (
      <WizardForm
        key={opened.loaded ?? 'new'}
        placement={draft.data?.placement ?? placement}
        draft={draft.data ?? null}
        canWrite={canWrite}
        onSaved={onSaved}
      />
    );
  return (
    <PageFrame
      title={t('campaignCreation.title', { placement: title })}
      actions={
        <Button component={Link} to="/campaign-list" variant="subtle">
          {t('campaignCreation.drafts.title')}
        </Button>
      }
    >
      {content}
    </PageFrame>
  );
}
