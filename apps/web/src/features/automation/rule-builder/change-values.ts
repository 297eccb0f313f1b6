// A change's before and after values as the audit stores them (money in micros) in words: money
// in the account's currency, other values as they are.
import { formatMicros } from '../../../shared/format/format';

/** Fields held in micros: bids and budgets, whatever the level names them. */
const isMoneyField = (field: string) => /bid|budget|micros/i.test(field);

export function formatChangeValues(
  values: Record<string, unknown> | null,
  currency: string,
): string {
  if (!values) return '—';
  return Object.entries(values)
    .map(([field, value]) =>
      typeof value === 'number' && isMoneyField(field)
        ? formatMicros(value, currency)
        : String(value),
    )
    .join(', ');
}
