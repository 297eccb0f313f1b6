// The rule logs' export (spec 2 §5: logs exportable): one line per change a run planned or made;
// a run without changes and a lifecycle event take one line each. Money is written en-US with
// 2 decimals, times in UTC ISO 8601.
import type { RuleChangeEntry, RuleLogEntry, RuleMoneyConversion } from './automation-rules';
import { formatMicrosAmount } from './overview-csv';

export interface RuleLogCsvLine {
  entry: Pick<RuleLogEntry, 'at' | 'ruleName' | 'status' | 'trigger' | 'dryRun' | 'message'>;
  change: Pick<
    RuleChangeEntry,
    | 'level'
    | 'entityName'
    | 'action'
    | 'before'
    | 'after'
    | 'status'
    | 'capped'
    | 'message'
    | 'conversion'
  > | null;
}

export const RULE_LOGS_CSV_COLUMNS = [
  'Time',
  'Rule',
  'Status',
  'Trigger',
  'Dry run',
  'Entity level',
  'Entity',
  'Action',
  'Before',
  'After',
  'Change status',
  'Capped',
  'Message',
  'Rule amounts converted',
] as const;

const MICROS_SUFFIX = /Micros$/;

/** `bid: 1.20; status: PAUSED`: amounts stored in micros are written as money. */
export function formatChangeValues(values: Record<string, unknown> | null): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) =>
      MICROS_SUFFIX.test(key) && typeof value === 'number'
        ? `${key.replace(MICROS_SUFFIX, '')}: ${formatMicrosAmount(value)}`
        : `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join('; ');
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * `USD to EUR at 0.8 (2026-11-24): spend 35.00 USD ≈ 28.00 EUR`: the rule's money and what it
 * was in the account's currency; empty when the rule's currency was the account's.
 */
export function formatConversion(conversion: RuleMoneyConversion | null | undefined): string {
  if (!conversion) return '';
  const { ruleCurrency, currency } = conversion;
  const values = conversion.values.map(
    (value) =>
      `${value.name} ${formatMicrosAmount(value.ruleMicros)} ${ruleCurrency} ≈ ${formatMicrosAmount(value.micros)} ${currency}`,
  );
  return `${ruleCurrency} to ${currency} at ${conversion.factor} (${conversion.rateDay}): ${values.join('; ')}`;
}

/** A line of the rule logs as the file's cells, in the order of RULE_LOGS_CSV_COLUMNS. */
export function ruleLogLineTexts({ entry, change }: RuleLogCsvLine): string[] {
  return [
    entry.at,
    entry.ruleName,
    entry.status,
    entry.trigger ?? '',
    yesNo(entry.dryRun),
    change?.level ?? '',
    change?.entityName ?? '',
    change?.action ?? '',
    formatChangeValues(change?.before ?? null),
    formatChangeValues(change?.after ?? null),
    change?.status ?? '',
    change ? yesNo(change.capped) : '',
    change?.message ?? entry.message ?? '',
    formatConversion(change?.conversion),
  ];
}
