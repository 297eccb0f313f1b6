// Chargebee through its official Node SDK (chargebee 3.33.0), configured from config.billing:
// Chargebee's own API (https://{site}.chargebee.com/api/v2) or, when CHARGEBEE_API_URL is set
// (the sandbox's simulator, docs/billing.md), that address. Every call goes through
// `callChargebee`, which turns the provider's refusals into Tapwise's errors.
import Chargebee from 'chargebee';
import { AppError } from '../../platform/errors';
import type { BillingConfig } from '../../platform/config';

/** The SDK's error: Chargebee's error body with its HTTP status. */
interface ChargebeeFailure {
  message?: string;
  api_error_code?: string;
  type?: string;
  param?: string;
  http_status_code?: number;
}

const clients = new Map<string, Chargebee>();

/** The SDK client for a configuration (one per address and key, kept for the process). */
export function chargebeeClient(billing: BillingConfig): Chargebee {
  if (billing.mode === 'off')
    throw new AppError('BILLING_OFF', 'Billing is off on this installation.');
  const apiKey = billing.apiKey ?? '';
  const key = `${billing.apiUrl ?? billing.site ?? ''}\n${apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new Chargebee({
      ...sdkAddress(billing),
      apiKey,
      timeout: 30_000,
      // No retries: a repeated charge is worse than an error the member can retry.
      sdkTelemetryEnabled: false,
    });
    clients.set(key, client);
  }
  return client;
}

/** The SDK's site, host suffix, protocol, port and API path for the configured address. */
export function sdkAddress(billing: Pick<BillingConfig, 'apiUrl' | 'site'>) {
  if (!billing.apiUrl) return { site: billing.site ?? '' };
  const url = new URL(billing.apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    site: url.hostname,
    hostSuffix: '',
    protocol,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    // The SDK types only Chargebee's own paths; a prefixed one (the simulator's) works the same.
    apiPath: `${url.pathname.replace(/\/$/, '')}/api/v2` as '/api/v2',
  };
}

function isFailure(error: unknown): error is ChargebeeFailure {
  return typeof error === 'object' && error !== null && 'http_status_code' in error;
}

/** The provider's answer, or CARD_REJECTED / NOT_FOUND / BILLING_PROVIDER_FAILED with its message. */
export async function callChargebee<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isFailure(error)) {
      const message = error.message ?? 'The billing provider refused the request.';
      if (
        error.http_status_code === 402 ||
        error.api_error_code === 'payment_processing_failed' ||
        error.api_error_code === 'payment_method_verification_failed'
      )
        throw new AppError('CARD_REJECTED', message);
      if (error.http_status_code === 404 && error.api_error_code === 'resource_not_found')
        throw new AppError('NOT_FOUND', 'Not found');
      throw new AppError('BILLING_PROVIDER_FAILED', message);
    }
    throw new AppError('BILLING_PROVIDER_FAILED', 'The billing provider could not be reached.');
  }
}

/** Whether the provider refused because the resource already exists (a create raced or repeated). */
export async function isDuplicate(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return false;
  } catch (error) {
    if (isFailure(error) && error.api_error_code === 'duplicate_entry') return true;
    throw error;
  }
}
