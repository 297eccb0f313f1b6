// Adding a payment card: the provider's card fields (number, expiry, CVV) tokenised in the browser,
// then only the temporary token sent to addCBCustCard (docs/billing-pages.md).
import { Alert, Box, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../shared/api/client-config';
import { notifySuccess } from '../../shared/ui/notify';
import { useSession } from '../auth/session/use-session';
import { billingApi, billingKeys } from './billing-api';
import { billingFailureKey } from './billing-messages';
import { TokenizeError, mountCardField, type CardField } from './card-tokenizer';

type FieldPhase = 'loading' | 'ready' | 'failed';

function tokenizeFailureKey(error: unknown): string {
  if (error instanceof TokenizeError) {
    return error.code === 'invalid_card'
      ? 'billing.cards.invalidCard'
      : 'billing.errors.providerFailed';
  }
  return billingFailureKey(error, 'billing.cards.addFailed');
}

export function AddCardModal(props: { firstCard: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const billing = useClientConfig().billing;
  const claims = useSession()?.claims;
  const queryClient = useQueryClient();
  // The modal renders its body after opening: the fields mount once the element exists.
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const field = useRef<CardField | null>(null);
  const [phase, setPhase] = useState<FieldPhase>('loading');
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [primary, setPrimary] = useState(props.firstCard);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!billing || !host) return;
    let cancelled = false;
    mountCardField(billing, host, {
      placeholder: {
        number: t('billing.cards.numberPlaceholder'),
        expiry: t('billing.cards.expiryPlaceholder'),
        cvv: t('billing.cards.cvvPlaceholder'),
      },
      locale: i18n.language,
      onReady: () => !cancelled && setPhase('ready'),
      onChange: (state) => {
        setComplete(state.complete);
        setFieldError(state.error?.message ?? null);
      },
    })
      .then((mounted) => {
        if (cancelled) mounted.destroy();
        else {
          field.current = mounted;
          setPhase('ready');
        }
      })
      .catch(() => !cancelled && setPhase('failed'));
    return () => {
      cancelled = true;
      field.current?.destroy();
      field.current = null;
    };
    // The fields are mounted once per opening; a language change does not remount them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [billing, host]);

  const add = useMutation({
    mutationFn: async () => {
      const token = await field.current!.tokenize({
        firstName: claims?.FirstName ?? '',
        lastName: claims?.LastName ?? '',
      });
      return billingApi.addCard(token, primary);
    },
    onSuccess: () => {
      notifySuccess(t('billing.cards.added'));
      void queryClient.invalidateQueries({ queryKey: billingKeys.cards });
      props.onClose();
    },
    onError: (error) => setFailure(tokenizeFailureKey(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!complete) {
      setFailure('billing.cards.incomplete');
      return;
    }
    add.mutate();
  }

  return (
    <Modal opened onClose={props.onClose} title={t('billing.cards.addTitle')} centered>
      <form noValidate onSubmit={submit} aria-label={t('billing.cards.addTitle')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('billing.cards.secureNote')}
          </Text>
          {phase === 'loading' && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('billing.cards.loadingFields')}</Text>
            </Group>
          )}
          {phase === 'failed' && (
            <Alert color="red" role="alert">
              {t('billing.errors.scriptFailed')}
            </Alert>
          )}
          <Box ref={setHost} id="card-field" data-testid="card-field" />
          {fieldError && (
            <Text size="sm" c="red" role="alert">
              {fieldError}
            </Text>
          )}
          <Checkbox
            label={t('billing.cards.makePrimary')}
            checked={primary}
            onChange={(event) => setPrimary(event.currentTarget.checked)}
          />
          <CardFormFooter
            failure={failure}
            onCancel={props.onClose}
            submitLabel={t('billing.cards.save')}
            loading={add.isPending}
            disabled={phase !== 'ready'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The end of a card form: the reason the last save failed, then cancel and submit. */
export function CardFormFooter(props: {
  /** A locale key, or null while nothing failed. */
  failure: string | null;
  onCancel(): void;
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.failure && (
        <Alert color="red" role="alert">
          {t(props.failure)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={props.loading} disabled={props.disabled}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
