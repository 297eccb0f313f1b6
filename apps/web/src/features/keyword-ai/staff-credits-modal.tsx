// Staff setting a member's AI credits (setAiCredits): the member's balance is read first
// (memberAiCredits) and fills the form; the change is confirmed, and the balance the server
// answers is shown once set.
import { Alert, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { setAiCreditsInputSchema, type AiCredits } from '@tapwise/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { FormButtons } from '../ads-manager/actions/form-buttons';
import { keywordAiApi, keywordAiKeys } from './keyword-ai-api';
import { formatRefillDate } from './refill-date';

interface StaffCreditsProps {
  userId: string;
  name: string;
  onClose(): void;
}

export function StaffCreditsModal(props: StaffCreditsProps) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: keywordAiKeys.memberCredits(props.userId),
    queryFn: () => keywordAiApi.memberCredits(props.userId),
  });
  return (
    <Modal opened onClose={props.onClose} title={t('keywordAi.staff.title', { name: props.name })}>
      {current.data ? (
        <CreditsForm {...props} current={current.data} />
      ) : current.isError ? (
        <Alert color="red" role="alert">
          {t('errors.requestFailed')}
        </Alert>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
    </Modal>
  );
}

function CreditsForm(props: StaffCreditsProps & { current: AiCredits }) {
  const { t, i18n } = useTranslation();
  const [usageLimit, setUsageLimit] = useState<number | string>(props.current.usageLimit);
  const [remainingUsage, setRemainingUsage] = useState<number | string>(
    props.current.remainingUsage,
  );
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState<AiCredits>(props.current);
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
        <Text size="sm" role="status">
          {t('keywordAi.credits', {
            remaining: saved.remainingUsage,
            limit: saved.usageLimit,
            date: formatRefillDate(saved.refillsOn, i18n.language),
          })}
        </Text>
        <FormButtons
          pending={save.isPending}
          onCancel={props.onClose}
          submitLabel={t('keywordAi.staff.save')}
        />
      </Stack>
    </form>
  );
}
