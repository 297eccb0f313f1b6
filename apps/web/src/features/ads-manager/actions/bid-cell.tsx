// A keyword's bid, edited in place: click or Enter opens the field, Enter saves, Escape cancels.
// A keyword without a bid of its own shows its ad group's default bid, marked as such; an
// unusual raise is confirmed first. The cell shows one keyword after another as the table
// scrolls: an open field belongs to the keyword it was opened for and closes when another takes
// its place.
import { Loader, TextInput } from '@mantine/core';
import { keywordBidInput, type ReportRow } from '@tapwise/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { notifySuccess } from '../../../shared/ui/notify';
import { formatMoneyDetail, keywordBidOf, rowCurrency } from '../table/row-values';
import { actionsApi } from './actions-api';
import { confirmUnusualChange } from './confirm-unusual-change';
import { amountOf } from './edit-form';
import { ReadOnlyTooltip } from './read-only-tooltip';
import classes from './row-controls.module.css';
import type { OnChanged } from './types';
import { useCanWrite } from './write-access';
import { notifyWriteFailure, translatedServerMessage } from './write-feedback';
import { entityRef } from './write-levels';

interface BidEdit {
  rowId: string;
  draft: string;
  error: string | null;
  saving: boolean;
  /** The unusual-change dialog is open: the field stays open behind it. */
  confirming: boolean;
}

export function BidCell({ row, onChanged }: { row: ReportRow; onChanged: OnChanged }) {
  const t = useFixedT();
  const canWrite = useCanWrite();
  const rowId = row.id;
  const [edit, setEdit] = useState<BidEdit | null>(null);
  if (edit !== null && edit.rowId !== rowId) setEdit(null);
  const currency = rowCurrency(row);
  const bid = keywordBidOf(row);
  const shown = formatMoneyDetail(bid.micros, currency);
  const update = (change: Partial<BidEdit>) =>
    setEdit((current) => (current?.rowId === rowId ? { ...current, ...change } : current));
  const close = () => setEdit((current) => (current?.rowId === rowId ? null : current));

  async function save(amount: string) {
    const parsed = keywordBidInput.safeParse({
      adAccountId: row.adAccountId,
      keyword: entityRef(row),
      bid: amount.trim(),
    });
    if (!parsed.success) {
      update({ error: t(parsed.error.issues[0]!.message) });
      return;
    }
    if (amount.trim() === amountOf(bid.micros)) {
      close();
      return;
    }
    update({ confirming: true });
    const confirmed = await confirmUnusualChange(
      'bid',
      {
        currentMicros: bid.micros,
        next: parsed.data.bid,
        cpaGoalMicros: row.details.cpaGoalMicros,
      },
      currency,
    );
    update({ confirming: false });
    if (!confirmed) return;
    update({ saving: true });
    try {
      const result = await actionsApi.changeKeywordBid(parsed.data);
      notifySuccess(translatedServerMessage(result.successMessage));
      onChanged([{ ...result.row, counts: row.counts }]);
      close();
    } catch (failure) {
      notifyWriteFailure(failure, 'updateFailed', () => onChanged());
    } finally {
      update({ saving: false });
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

  if (edit?.rowId !== rowId) {
    return (
      <ReadOnlyTooltip canWrite={canWrite}>
        <button
          type="button"
          className={classes.linkButton}
          disabled={!canWrite}
          aria-label={t(bid.inherited ? 'adsActions.editDefaultBid' : 'adsActions.editBid', {
            name: row.name,
            bid: shown,
          })}
          onClick={() =>
            setEdit({
              rowId,
              draft: amountOf(bid.micros),
              error: null,
              saving: false,
              confirming: false,
            })
          }
        >
          {shown}
          {bid.inherited && (
            <>
              {' '}
              <span className={classes.defaultMark}>{t('adsActions.defaultMark')}</span>
            </>
          )}
        </button>
      </ReadOnlyTooltip>
    );
  }
  return (
    <TextInput
      size="xs"
      w={110}
      autoFocus
      value={edit.draft}
      error={edit.error}
      disabled={edit.saving}
      rightSection={edit.saving ? <Loader size={12} /> : undefined}
      aria-label={t('adsActions.bidFor', { name: row.name })}
      onChange={(event) => update({ draft: event.currentTarget.value, error: null })}
      onKeyDown={onKeyDown}
      onBlur={() => !edit.saving && !edit.confirming && close()}
    />
  );
}
