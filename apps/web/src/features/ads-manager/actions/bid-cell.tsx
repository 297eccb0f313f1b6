// A keyword's bid, edited in place: click or Enter opens the field, Enter saves, Escape cancels.
import { Loader, TextInput } from '@mantine/core';
import { keywordBidInput, type ReportRow } from '@tapwise/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { notifySuccess } from '../../../shared/ui/notify';
import { formatMoneyDetail, rowCurrency } from '../table/row-values';
import { actionsApi } from './actions-api';
import { amountOf } from './edit-form';
import { ReadOnlyTooltip } from './read-only-tooltip';
import classes from './row-controls.module.css';
import type { OnChanged } from './types';
import { useCanWrite } from './write-access';
import { notifyWriteFailure, translatedServerMessage } from './write-feedback';
import { entityRef } from './write-levels';

export function BidCell({ row, onChanged }: { row: ReportRow; onChanged: OnChanged }) {
  const t = useFixedT();
  const canWrite = useCanWrite();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = formatMoneyDetail(row.details.bidMicros, rowCurrency(row));

  function close() {
    setDraft(null);
    setError(null);
  }

  async function save(amount: string) {
    const parsed = keywordBidInput.safeParse({
      adAccountId: row.adAccountId,
      keyword: entityRef(row),
      bid: amount.trim(),
    });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    if (amount.trim() === amountOf(row.details.bidMicros)) {
      close();
      return;
    }
    setSaving(true);
    try {
      const result = await actionsApi.changeKeywordBid(parsed.data);
      notifySuccess(translatedServerMessage(result.successMessage));
      onChanged([{ ...result.row, counts: row.counts }]);
      close();
    } catch (failure) {
      notifyWriteFailure(failure, 'updateFailed', () => onChanged());
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  if (draft === null) {
    return (
      <ReadOnlyTooltip canWrite={canWrite}>
        <button
          type="button"
          className={classes.linkButton}
          disabled={!canWrite}
          aria-label={t('adsActions.editBid', { name: row.name, bid: shown })}
          onClick={() => setDraft(amountOf(row.details.bidMicros))}
        >
          {shown}
        </button>
      </ReadOnlyTooltip>
    );
  }
  return (
    <TextInput
      size="xs"
      w={110}
      autoFocus
      value={draft}
      error={error}
      disabled={saving}
      rightSection={saving ? <Loader size={12} /> : undefined}
      aria-label={t('adsActions.bidFor', { name: row.name })}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => !saving && close()}
    />
  );
}
