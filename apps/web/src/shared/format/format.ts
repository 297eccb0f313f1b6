// The one place numbers and money are formatted: en-US, currency with exactly two decimals.
import { DEFAULT_CURRENCY, NUMBER_LOCALE } from '@tapwise/contracts';

const integerFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percentFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const currencyFormats = new Map<string, Intl.NumberFormat>();

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file's size in the largest unit that keeps it at 1 or more: "12.4 kB". */
export function formatBytes(bytes: number): string {
  const exponent = Math.min(
    Math.max(Math.floor(Math.log(Math.max(bytes, 1)) / Math.log(1000)), 0),
    BYTE_UNITS.length - 1,
  );
  return new Intl.NumberFormat(NUMBER_LOCALE, {
    style: 'unit',
    unit: BYTE_UNITS[exponent],
    unitDisplay: 'short',
    maximumFractionDigits: exponent === 0 ? 0 : 1,
  }).format(bytes / 1000 ** exponent);
}

export function formatDecimal(value: number): string {
  return decimalFormat.format(value);
}

/** A ratio (0.1234) as a percentage ("12.34%"). */
export function formatPercent(ratio: number): string {
  return percentFormat.format(ratio);
}

export function formatCurrency(amount: number, currency: string = DEFAULT_CURRENCY): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** Money is held as integer micros (1 unit = 1,000,000 micros) everywhere in Tapwise. */
export function formatMicros(micros: number, currency: string = DEFAULT_CURRENCY): string {
  return formatCurrency(micros / 1_000_000, currency);
}

const dateTimeFormat = new Intl.DateTimeFormat(NUMBER_LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A timestamp in UTC, like every date Tapwise shows (spec 1 §1); empty when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${dateTimeFormat.format(date)} UTC`;
}
