// Calls to the REST API: JSON in and out, a correlation id on every request, and the one error
// shape turned into ApiError. Errors every screen treats alike are shown here once.
import { CORRELATION_HEADER, ERROR_CODES, type ApiErrorBody } from '@tapwise/contracts';
import i18next from 'i18next';
import { notifyError } from '../ui/notify';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

let apiBase = '';

/** Set from /config.json at start; empty means the same origin as the page. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

export async function apiFetch<Result>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Result> {
  const response = await fetch(`${apiBase}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      [CORRELATION_HEADER]: crypto.randomUUID(),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: init.signal ?? null,
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload as Result;

  const body = isErrorBody(payload) ? payload : undefined;
  if (response.status === 413 || body?.code === ERROR_CODES.PAYLOAD_TOO_LARGE) {
    notifyError(i18next.t('errors.payloadTooLarge'));
  }
  throw new ApiError(response.status, body);
}
