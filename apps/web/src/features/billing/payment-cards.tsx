// Settings → Payment cards: the company's cards (brand, last 4 digits, expiry, primary), adding
// one through the provider's fields, editing only a saved card's expiry, deleting after a
// confirmation.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCreditCard, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { parseCardExpiry, savedCardUpdateSchema } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { AddCardModal, CardFormFooter } from './add-card-modal';
import { billingApi, billingKeys, type BillingCard } from './billing-api';
import { billingFailureKey } from './billing-messages';

/** A saved card's expiry as the form edits it, "MM/YYYY". */
export function expiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

export function PaymentCards(props: { canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: billingKeys.cards, queryFn: billingApi.cards });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<BillingCard | null>(null);
  const remove = useMutation({
    mutationFn: billingApi.deleteCard,
    onSuccess: () => {
      notifySuccess(t('billing.cards.deleted'));
      void queryClient.invalidateQueries({ queryKey: billingKeys.cards });
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.cards.deleteFailed'))),
  });

  async function askDelete(card: BillingCard) {
    const confirmed = await confirm({
      title: t('billing.cards.deleteTitle'),
      message: t('billing.cards.deleteMessage', { brand: card.brand, last4: card.last4 }),
      icon: 1,
      okLabel: t('billing.cards.delete'),
    });
    if (confirmed) remove.mutate(card.id);
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="payment-cards-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="payment-cards-title">
          {t('billing.cards.title')}
        </Title>
        {props.canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('billing.cards.add')}
          </Button>
        )}
      </Group>
      {cards.isPending ? (
        <Skeleton height={80} aria-label={t('billing.cards.loading')} />
      ) : cards.isError ? (
        <PanelFailure onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconCreditCard size={18} aria-hidden />
          <Text size="sm">{t('billing.cards.empty')}</Text>
        </Group>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.cards.brand')}</Table.Th>
              <Table.Th>{t('billing.cards.number')}</Table.Th>
              <Table.Th>{t('billing.cards.expiry')}</Table.Th>
              <Table.Th>{t('billing.cards.primary')}</Table.Th>
              {props.canWrite && <Table.Th>{t('billing.cards.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cards.data.map((card) => (
              <Table.Tr key={card.id} data-testid="card-row">
                <Table.Td tt="capitalize">{card.brand}</Table.Td>
                <Table.Td>•••• {card.last4}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {expiryText(card.expiryMonth, card.expiryYear)}
                    {card.status !== 'valid' && (
                      <Badge color={card.status === 'expired' ? 'red' : 'orange'} variant="light">
                        {t(`billing.cardStatus.${card.status}`, { defaultValue: card.status })}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {card.primary && <Badge variant="light">{t('billing.cards.primary')}</Badge>}
                </Table.Td>
                {props.canWrite && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('billing.cards.editExpiry')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('billing.cards.editExpiryOf', { last4: card.last4 })}
                          onClick={() => setEditing(card)}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('billing.cards.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('billing.cards.deleteOf', { last4: card.last4 })}
                          onClick={() => void askDelete(card)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {adding && (
        <AddCardModal firstCard={cards.data?.length === 0} onClose={() => setAdding(false)} />
      )}
      {editing && <EditExpiryModal card={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Only the expiry of a saved card can change (spec 2 §5): the form holds nothing else. */
function EditExpiryModal(props: { card: BillingCard; onClose(): void }) {
  const { t } = useTranslation();
  const { card } = props;
  const queryClient = useQueryClient();
  const form = useSchemaForm(savedCardUpdateSchema, {
    expiry: expiryText(card.expiryMonth, card.expiryYear),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ month, year }: { month: number; year: number }) =>
      billingApi.updateCardExpiry(card.id, month, year),
    onSuccess: () => {
      notifySuccess(t('billing.cards.updated'));
      void queryClient.invalidateQueries({ queryKey: billingKeys.cards });
      props.onClose();
    },
    onError: (error) => setFailure(billingFailureKey(error, 'billing.cards.updateFailed')),
  });
  const submit = form.onSubmit(({ expiry }) => {
    setFailure(null);
    const parsed = parseCardExpiry(expiry);
    if (parsed) save.mutate(parsed);
  });

  return (
    <Modal opened onClose={props.onClose} title={t('billing.cards.editTitle')} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            {t('billing.cards.editing', { brand: card.brand, last4: card.last4 })}
          </Text>
          <TextInput
            label={t('billing.cards.expiry')}
            placeholder={t('billing.cards.expiryFormat')}
            required
            data-autofocus
            inputMode="numeric"
            autoComplete="cc-exp"
            {...form.field('expiry')}
          />
          <CardFormFooter
            failure={failure}
            onCancel={props.onClose}
            submitLabel={t('billing.cards.saveExpiry')}
            loading={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
