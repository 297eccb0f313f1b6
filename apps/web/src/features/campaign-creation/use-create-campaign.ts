// Sending a finished wizard: the duplicate-name check first (nothing is sent when the name is
// taken), then createCampaign under an idempotency key kept in the browser per draft, so a retry
// after a lost answer, or Finish after a stop part-way, resumes the same creation.
import type { CampaignCreationInput, CampaignCreationResult } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readStored, removeStored, writeStored } from '../../shared/storage/browser-storage';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { actionsApi } from '../ads-manager/actions/actions-api';
import { campaignCreationApi, campaignCreationKeys } from './campaign-creation-api';
import {
  creationFailureText,
  creationMessage,
  creationMessageKey,
  creationMessageOf,
} from './creation-messages';

const keyStorageOf = (draftId: string | null) => `campaignCreationKey:${draftId ?? 'unsaved'}`;

/** The creation's key: the one kept for this draft, else a new one, kept until it completes. */
function creationKey(draftId: string | null): string {
  const storage = keyStorageOf(draftId);
  const kept = readStored(storage);
  if (kept) return kept;
  const key = crypto.randomUUID();
  writeStored(storage, key);
  return key;
}

export type CreateOutcome = 'nameTaken' | 'sent';

/** How often a creation another call is running is looked at again. */
const RUNNING_POLL_MS = 2_000;

export function useCreateCampaign(draftId: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [answered, setAnswered] = useState<CampaignCreationResult | null>(null);
  // A creation tried before a reload: what it made, followed while another call runs it.
  const keptKey = readStored(keyStorageOf(draftId));
  const recorded = useQuery({
    queryKey: campaignCreationKeys.creation(keptKey ?? ''),
    queryFn: () => campaignCreationApi.creation(keptKey ?? ''),
    enabled: keptKey !== null && answered === null,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? RUNNING_POLL_MS : false),
  });
  const latest = answered ?? recorded.data ?? null;
  const create = useMutation({
    mutationFn: (input: CampaignCreationInput) =>
      campaignCreationApi.create({ input, idempotencyKey: creationKey(draftId), draftId }),
    onSuccess: (result) => {
      setAnswered(result);
      if (result.status !== 'COMPLETE') return;
      removeStored(keyStorageOf(draftId));
      notifySuccess(creationMessage('campaignCreated'));
      void queryClient.invalidateQueries({ queryKey: campaignCreationKeys.drafts });
      void navigate('/ads-manager');
    },
  });

  async function send(input: CampaignCreationInput): Promise<CreateOutcome> {
    try {
      await create.mutateAsync(input);
    } catch (error) {
      const message = creationMessageOf(error);
      // Nothing was created and the server forgot the creation: a renamed one starts afresh.
      if (message === 'campaignNameTaken') {
        removeStored(keyStorageOf(draftId));
        return 'nameTaken';
      }
      notifyError(creationFailureText(error));
    }
    return 'sent';
  }

  /**
   * Checks the name, then sends. A creation already tried under this draft's key skips the check:
   * its campaign may exist by now, and the server resumes it rather than refusing the name.
   */
  async function submit(input: CampaignCreationInput): Promise<CreateOutcome> {
    const tried = readStored(keyStorageOf(draftId)) !== null;
    if (!tried && (await campaignCreationApi.nameTaken(input.adAccountId, input.campaignName))) {
      return 'nameTaken';
    }
    return send(input);
  }

  /** Sends the stopped creation again under its key (the server keeps the input first sent). */
  function finish(input: CampaignCreationInput) {
    void send(input);
  }

  /**
   * Deletes the campaign a stopped creation made (Apple deletes what it holds with it) and forgets
   * the creation, so the next Create starts afresh from the wizard's values.
   */
  const discard = useMutation({
    mutationFn: async (stopped: CampaignCreationResult & { adAccountId: number }) => {
      if (stopped.campaignId === null) return;
      const answer = await actionsApi.changeStatus({
        adAccountId: stopped.adAccountId,
        level: 'campaign',
        action: 'delete',
        entities: [{ id: stopped.campaignId }],
      });
      const refused = answer.results.find((row) => !row.ok);
      if (refused) throw new Error(refused.message ?? t('errors.requestFailed'));
    },
    onSuccess: () => {
      removeStored(keyStorageOf(draftId));
      setAnswered(null);
      queryClient.removeQueries({ queryKey: campaignCreationKeys.creation(keptKey ?? '') });
      notifySuccess(t('campaignCreation.result.discarded'));
    },
    onError: (error) => notifyError(error.message),
  });

  return {
    submit,
    finish,
    discard: (adAccountId: number) => {
      if (latest) discard.mutate({ ...latest, adAccountId });
    },
    discarding: discard.isPending,
    incomplete: latest?.status === 'INCOMPLETE' ? latest : null,
    creating: create.isPending || latest?.status === 'RUNNING',
    nameTakenKey: creationMessageKey('campaignNameTaken'),
  };
}
