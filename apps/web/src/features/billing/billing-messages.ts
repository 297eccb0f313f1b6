// What the billing pages say about a failure and how they show dates and money.
import { ERROR_CODES } from '@tapwise/contracts';
import { hasErrorCode } from '../../shared/api/api-error';
import { formatCurrency } from '../../shared/format/format';

/** The message key of a failed billing call: the provider's refusals get their own words. */
export function billingFailureKey(error: unknown, fallback: string): string {
  if (hasErrorCode(error, ERROR_CODES.CARD_REJECTED)) return 'billing.errors.cardRejected';
  if (hasErrorCode(error, ERROR_CODES.BILLING_PROVIDER_FAILED)) {
    return 'billing.errors.providerFailed';
  }
  if (hasErrorCode(error, ERROR_CODES.BILLING_OFF)) return 'billing.errors.billingOff';
  return fallback;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date in UTC like every date Tapwise shows; an empty string for none. */
export function formatBillingDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Provider amounts are minor units (cents): shown with their currency in 2 decimals. */
export function formatMinorUnits(amount: number, currency: string): string {
  return formatCurrency(amount / 100, currency);
}
