// Sending an addition (an ad group, or ads) to what exists in Apple under one idempotency key per
// opened form: a retry after a lost answer or a stop part-way finishes the same addition. A
// refusal shows the server's message, and its field issues at their fields.
import { ADD_TO_CAMPAIGN_MESSAGES, type CampaignCreationResult } from '@tapwise/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/http';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { creationMessage, translatedCreationMessage } from '../creation-messages';
import type { WizardErrors } from '../wizard-values';

export type AdditionMessage = keyof typeof ADD_TO_CAMPAIGN_MESSAGES;

const MESSAGE_KEYS = new Map<string, AdditionMessage>(
  Object.entries(ADD_TO_CAMPAIGN_MESSAGES).map(([key, text]) => [text, key as AdditionMessage]),
);

export function additionMessage(key: AdditionMessage): string {
  return i18next.t(`campaignCreation.addToCampaign.messages.${key}`);
}

/** The server's message in the user's language when it is one Tapwise knows. */
function translatedMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? additionMessage(key) : translatedCreationMessage(message);
}

export function useAddition(options: {
  send(idempotencyKey: string): Promise<CampaignCreationResult>;
  /** The server's field paths ("adGroup.name") as the form's ("adGroups.0.name"). */
  fieldOf(path: string): string;
  added: AdditionMessage;
  onAdded(): void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const [incomplete, setIncomplete] = useState<CampaignCreationResult | null>(null);
  const [refused, setRefused] = useState<WizardErrors>({});

  async function submit() {
    setPending(true);
    setRefused({});
    try {
      const result = await options.send(idempotencyKey);
      if (result.status === 'COMPLETE') {
        notifySuccess(additionMessage(options.added));
        options.onAdded();
      } else setIncomplete(result);
    } catch (error) {
      const body = error instanceof ApiError ? error.body : undefined;
      const details = body?.details ?? {};
      setRefused(
        Object.fromEntries(
          Object.entries(details).map(([path, key]) => [options.fieldOf(path), key]),
        ),
      );
      notifyError(
        body?.message ? translatedMessage(body.message) : creationMessage('creationFailed'),
      );
    } finally {
      setPending(false);
    }
  }

  return {
    submit,
    pending,
    refused,
    /** Why the addition stopped part-way; sending again under the same key finishes it. */
    failure: incomplete?.failure ? translatedMessage(incomplete.failure) : null,
  };
}
