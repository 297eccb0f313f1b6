// Sending a finished wizard: the duplicate-name check first (nothing is sent when the name is
// taken), then createCampaign under an idempotency key kept in the browser per draft, so a retry
// after a lost answer, or Finish after a stop part-way, resumes the same creation.
import type { CampaignCreationInput, CampaignCreationResult } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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

export function useCreateCampaign(draftId: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [incomplete, setIncomplete] = useState<CampaignCreationResult | null>(null);
  const lastInput = useRef<CampaignCreationInput | null>(null);
  const create = useMutation({
    mutationFn: (input: CampaignCreationInput) =>
      campaignCreationApi.create({ input, idempotencyKey: creationKey(draftId), draftId }),
    onSuccess: (result) => {
      if (result.status === 'INCOMPLETE') {
        setIncomplete(result);
        return;
      }
      removeStored(keyStorageOf(draftId));
      setIncomplete(null);
      notifySuccess(creationMessage('campaignCreated'));
      void queryClient.invalidateQueries({ queryKey: campaignCreationKeys.drafts });
      void navigate('/ads-manager');
    },
  });

  async function send(input: CampaignCreationInput): Promise<CreateOutcome> {
    lastInput.current = input;
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
  function finish() {
    if (lastInput.current) void send(lastInput.current);
  }

  return {
    submit,
    finish,
    incomplete,
    creating: create.isPending,
    nameTakenKey: creationMessageKey('campaignNameTaken'),
  };
}
