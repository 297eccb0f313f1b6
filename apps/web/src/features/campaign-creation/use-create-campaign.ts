// Sending a finished wizard: the duplicate-name check first (nothing is sent when the name is
// taken), then createCampaign under an idempotency key kept in the browser per draft, so a retry
// after a lost answer, or Finish after a stop part-way, resumes the same creation.
import type { CampaignCreationInput, CampaignCreationResult } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readStored, removeStored, writeStored } from '../../shared/storage/browser-storage';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { campaignCreationApi, campaignCreationKeys } from './campaign-creation-api';
import { creationMessage, creationMessageKey, creationMessageOf } from './creation-messages';

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
      notifyError(creationMessage(message ?? 'creationFailed'));
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

  return {
    submit,
    finish,
    incomplete: latest?.status === 'INCOMPLETE' ? latest : null,
    creating: create.isPending || latest?.status === 'RUNNING',
    nameTakenKey: creationMessageKey('campaignNameTaken'),
  };
}
