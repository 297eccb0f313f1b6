// Staff setting a member's AI credits (setAiCredits): the monthly limit and the balance left,
// confirmed first; the balance the server answers is shown once set.
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import {
  KEYWORD_AI_DEFAULT_USAGE_LIMIT,
  setAiCreditsInputSchema,
  type AiCredits,
} from '@tapwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { FormButtons } from '../ads-manager/actions/form-buttons';
import { keywordAiApi } from './keyword-ai-api';
import { formatRefillDate } from './refill-date';

export function StaffCreditsModal(props: { userId: string; name: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [usageLimit, setUsageLimit] = useState<number | string>(KEYWORD_AI_DEFAULT_USAGE_LIMIT);
  const [remainingUsage, setRemainingUsage] = useState<number | string>(
    KEYWORD_AI_DEFAULT_USAGE_LIMIT,
  );
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState<AiCredits>();
  const save = useMutation({
    mutationFn: keywordAiApi.setCredits,
    onSuccess: (credits) => {
      setSaved(credits);
      notifySuccess(t('keywordAi.staff.saved'));
    },
    onError: () => notifyError(t('errors.requestFailed')),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = setAiCreditsInputSchema.safeParse({
      userId: props.userId,
      usageLimit,
      remainingUsage,
    });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    const confirmed = await confirm({
      message: t('keywordAi.staff.confirm', {
        name: props.name,
        remaining: parsed.data.remainingUsage,
        limit: parsed.data.usageLimit,
      }),
      icon: 2,
    });
    if (confirmed) save.mutate(parsed.data);
  }

  const numberError = invalid ? t('keywordAi.staff.invalid') : undefined;
  return (
    <Modal opened onClose={props.onClose} title={t('keywordAi.staff.title', { name: props.name })}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('keywordAi.staff.usageLimit')}
            min={0}
            allowDecimal={false}
            value={usageLimit}
            error={numberError}
            onChange={setUsageLimit}
          />
          <NumberInput
            label={t('keywordAi.staff.remainingUsage')}
            min={0}
            allowDecimal={false}
            value={remainingUsage}
            error={numberError}
            onChange={setRemainingUsage}
          />
          {saved && (
            <Text size="sm" role="status">
              {t('keywordAi.credits', {
                remaining: saved.remainingUsage,
                limit: saved.usageLimit,
                date: formatRefillDate(saved.refillsOn, i18n.language),
              })}
            </Text>
          )}
          <FormButtons
            pending={save.isPending}
            onCancel={props.onClose}
            submitLabel={t('keywordAi.staff.save')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
