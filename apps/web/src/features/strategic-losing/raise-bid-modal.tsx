// Raise the bid of the keyword that matched a lost term: the ads manager's bid change (validated,
// an unusual raise confirmed first, recorded in the activity log like any manual change).
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { keywordBidInput, moneyToMicros, type StrategicLosingKeyword } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMicros } from '../../shared/format/format';
import { notifySuccess } from '../../shared/ui/notify';
import { actionsApi } from '../ads-manager/actions/actions-api';
import { confirmUnusualChange } from '../ads-manager/actions/confirm-unusual-change';
import { amountOf } from '../ads-manager/actions/edit-form';
import { FormButtons } from '../ads-manager/actions/form-buttons';
import { notifyWriteFailure, translatedServerMessage } from '../ads-manager/actions/write-feedback';

export function RaiseBidModal(props: {
  adAccountId: number;
  keyword: StrategicLosingKeyword;
  currency: string;
  onChanged(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { keyword } = props;
  const [bid, setBid] = useState(() => amountOf(keyword.bidMicros));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = keywordBidInput.safeParse({
      adAccountId: props.adAccountId,
      keyword: { id: keyword.keywordId, modificationTime: keyword.modificationTime },
      bid: bid.trim(),
    });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    if (keyword.bidMicros !== null && moneyToMicros(parsed.data.bid) <= keyword.bidMicros) {
      setError(t('strategicLosing.bidNotHigher'));
      return;
    }
    const confirmed = await confirmUnusualChange(
      'bid',
      { currentMicros: keyword.bidMicros, next: parsed.data.bid },
      props.currency,
    );
    if (!confirmed) return;
    setPending(true);
    try {
      const result = await actionsApi.changeKeywordBid(parsed.data);
      notifySuccess(translatedServerMessage(result.successMessage));
      props.onChanged();
      props.onClose();
    } catch (failure) {
      notifyWriteFailure(failure, 'updateFailed', props.onChanged);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={props.onClose} title={t('strategicLosing.raiseBidTitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('strategicLosing.raiseBidOf', {
              keyword: keyword.text,
              matchType: keyword.matchType,
              bid:
                keyword.bidMicros === null ? '—' : formatMicros(keyword.bidMicros, props.currency),
            })}
          </Text>
          <TextInput
            label={t('strategicLosing.newBid', { currency: props.currency })}
            inputMode="decimal"
            data-autofocus
            value={bid}
            error={error}
            onChange={(event) => {
              setBid(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <FormButtons
            pending={pending}
            onCancel={props.onClose}
            submitLabel={t('strategicLosing.raiseBid')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
