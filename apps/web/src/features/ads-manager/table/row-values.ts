// Values a table cell shows that its row does not hold as such: its currency and its money.
import { DEFAULT_CURRENCY, type ReportRow } from '@tapwise/contracts';
import { formatMicros } from '../../../shared/format/format';
import { NO_VALUE } from '../../../shared/format/metric-format';

export function rowCurrency(row: ReportRow): string {
  return row.details.currency ?? DEFAULT_CURRENCY;
}

export function formatMoneyDetail(micros: number | null | undefined, currency: string): string {
  return micros === null || micros === undefined ? NO_VALUE : formatMicros(micros, currency);
}

/** A keyword's bid: its own, or the ad group's default bid it bids without one. */
export function keywordBidOf(row: ReportRow): { micros: number | null; inherited: boolean } {
  const own = row.details.bidMicros ?? null;
  const fallback = row.details.defaultBidMicros ?? null;
  return own === null && fallback !== null
    ? { micros: fallback, inherited: true }
    : { micros: own, inherited: false };
}
