// Calls to the REST API: JSON in and out, a correlation id and the session headers on every
// request, and the one error shape turned into ApiError. Errors every screen treats alike (413,
// an expired token, an ended session) are handled here once.
import {
  CORRELATION_HEADER,
  DEFAULT_LOCALE,
  ERROR_CODES,
  type ApiErrorBody,
  type ApiResult,
} from '@tapwise/contracts';
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

/** What renewing the access token came to: a fresh token, the session's end, or neither. */
export type RenewalOutcome = 'renewed' | 'ended' | 'failed';

/** How the signed-in session reaches the API client without shared/ depending on a feature. */
export interface ApiSession {
  /** The session headers of spec 2 §7.1, empty when nobody is signed in. */
  headers(): Record<string, string>;
  /** For a 401 to a request sent with these headers: the token may merely have expired. */
  renew(sent: Record<string, string>): Promise<RenewalOutcome>;
  /** Called for a 401 on a request that carried a session (spec 1 §4, §8). */
  onUnauthorized(body: ApiErrorBody | undefined): void;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Public calls (sign-in, sign-up, links from e-mails) go without the stored session. */
  anonymous?: boolean;
  /** Sign-out: a session the server already ended needs no alert on the way out. */
  quietSessionEnd?: boolean;
  /** A file download (CSV): a successful answer is read as text, not JSON. */
  readText?: boolean;
  /** The server takes an expired token of a live session here: a 401 means the session ended. */
  acceptsExpiredToken?: boolean;
  /** A binary file download (XLSX): a successful answer is read as a Blob. */
  readBlob?: boolean;
}

const LOCALE_HEADER = 'x-locale';

let apiBase = '';
let apiSession: ApiSession | undefined;

/** Set from /config.json at start; empty means the same origin as the page. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

/** Where the API lives: the configured base, or this page's origin when it is empty. */
export function apiOrigin(): string {
  return apiBase || window.location.origin;
}

export function connectApiSession(session: ApiSession): void {
  apiSession = session;
}

const SESSION_ERROR_CODES: ReadonlySet<number> = new Set([
  ERROR_CODES.INVALID_SESSION,
  ERROR_CODES.ACCOUNT_DISABLED,
  ERROR_CODES.PASSWORD_CHANGED,
]);
/** Codes that end the session whatever its token: no renewal can help. */
const ENDED_SESSION_CODES: ReadonlySet<number> = new Set([
  ERROR_CODES.ACCOUNT_DISABLED,
  ERROR_CODES.PASSWORD_CHANGED,
]);

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

export interface SentRequest {
  response: Response;
  payload: unknown;
  /** Whether a 401 means the session this request carried has ended. */
  sentSession: boolean;
}

async function sendOnce(
  path: string,
  init: RequestOptions,
): Promise<SentRequest & { sessionHeaders: Record<string, string> }> {
  const sessionHeaders = init.anonymous ? {} : (apiSession?.headers() ?? {});
  const response = await fetch(`${apiBase}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      [CORRELATION_HEADER]: crypto.randomUUID(),
      // Mail the server sends on this request (links, invitations) follows the user's language.
      [LOCALE_HEADER]: i18next.resolvedLanguage ?? DEFAULT_LOCALE,
      ...sessionHeaders,
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: init.signal ?? null,
  });
  const payload: unknown = !response.ok
    ? await response.json().catch(() => undefined)
    : init.readBlob
      ? await response.blob()
      : init.readText
        ? await response.text()
        : await response.json().catch(() => undefined);
  const sentSession = Object.keys(sessionHeaders).length > 0 && !init.quietSessionEnd;
  return { response, payload, sentSession, sessionHeaders };
}

/** A 401 that an expired access token explains, so that a renewed one may be accepted. */
function mayBeExpiredToken(sent: SentRequest, init: RequestOptions): boolean {
  return (
    sent.sentSession &&
    !init.acceptsExpiredToken &&
    sent.response.status === 401 &&
    !(isErrorBody(sent.payload) && ENDED_SESSION_CODES.has(sent.payload.code))
  );
}

/**
 * Sends a request; one refused for an expired token is sent again once the token is renewed. When
 * the renewal could not reach the server, the 401 is not taken for the end of the session.
 */
export async function sendRequest(path: string, init: RequestOptions = {}): Promise<SentRequest> {
  const { sessionHeaders, ...sent } = await sendOnce(path, init);
  if (!apiSession || !mayBeExpiredToken(sent, init)) return sent;
  const outcome = await apiSession.renew(sessionHeaders);
  if (outcome === 'renewed') return sendOnce(path, init);
  return outcome === 'ended' ? sent : { ...sent, sentSession: false };
}

/** Shows what every screen shows for this failure, then throws it for the caller. */
/** Told of every refused call before the caller sees it (billing opens its upgrade dialog). */
export type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();

/** Listens to every refused REST and GraphQL call; answers the function that stops it. */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

export function raiseApiError(
  status: number,
  body: ApiErrorBody | undefined,
  sentSession: boolean,
): never {
  if (sentSession && (status === 401 || (body && SESSION_ERROR_CODES.has(body.code)))) {
    apiSession?.onUnauthorized(body);
  }
  if (status === 413 || body?.code === ERROR_CODES.PAYLOAD_TOO_LARGE) {
    notifyError(i18next.t('errors.payloadTooLarge'));
  }
  const error = new ApiError(status, body);
  for (const listener of errorListeners) listener(error);
  throw error;
}

export async function apiFetch<Result>(path: string, init: RequestOptions = {}): Promise<Result> {
  const { response, payload, sentSession } = await sendRequest(path, init);
  if (response.ok) return payload as Result;
  return raiseApiError(response.status, isErrorBody(payload) ? payload : undefined, sentSession);
}

/** A file the API answers with (a CSV export), as text. */
export async function apiText(path: string, init: RequestOptions = {}): Promise<string> {
  const { response, payload, sentSession } = await sendRequest(path, { ...init, readText: true });
  if (response.ok) return payload as string;
  return raiseApiError(response.status, isErrorBody(payload) ? payload : undefined, sentSession);
}

/** A file the API answers with, as it came (an XLSX or CSV export). */
export async function apiBlob(path: string, init: RequestOptions = {}): Promise<Blob> {
  const { response, payload, sentSession } = await sendRequest(path, { ...init, readBlob: true });
  if (response.ok) return payload as Blob;
  return raiseApiError(response.status, isErrorBody(payload) ? payload : undefined, sentSession);
}

/** A REST call under /v1/api answering the envelope of spec 2 §7.1; resolves to its data. */
export async function restCall<Data>(path: string, init: RequestOptions = {}): Promise<Data> {
  const result = await apiFetch<ApiResult<Data>>(`/v1/api/${path}`, init);
  return result.data;
}
