// How the page writes its numbers and words: money in the keyword's currency, a reason with its
// value, and the key that names a keyword across ad accounts.
import type { BidSuggestionReason } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { formatMicros, formatPercent } from '../../shared/format/format';

export const NONE = '—';

export const rowKey = (row: { adAccountId: number; keywordId: number }) =>
  `${row.adAccountId}:${row.keywordId}`;

export const money = (micros: number | null, currency: string | null) =>
  micros === null || currency === null ? NONE : formatMicros(micros, currency);

export const percent = (ratio: number | null) => (ratio === null ? NONE : formatPercent(ratio));

/** A bid as the edit field holds it: "1.25". */
export const amountOf = (micros: number) => (micros / 1_000_000).toFixed(2);

export const reasonText = (t: TFunction, reason: BidSuggestionReason) =>
  t(`keywordOptimization.reasons.${reason.code}`, { value: reason.value });
