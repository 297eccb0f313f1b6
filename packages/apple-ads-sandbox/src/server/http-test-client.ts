// Test support: a sandbox on a settable clock with one registered API user, and raw HTTP calls
// to /v1 as that user (scenario 'demo' by default: a USD and a EUR account). The sandbox's own
// tests cannot use the client package, which depends on it.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { Role } from '../model/entities.js';
import { APPLE_AUDIENCE } from './oauth.js';
import { startSandbox, type Sandbox, type SandboxOptions } from './sandbox-server.js';

/** A decoded response body; tests read it field by field and assert exact values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestResponse {
  status: number;
  body: Json;
}

/** Expects Apple's 400 VALIDATION_ERROR carrying a detail with this code and field. */
export function expectRefused(
  response: TestResponse,
  code: string,
  field: string,
  errorCode = 'VALIDATION_ERROR',
): void {
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe(errorCode);
  expect(response.body.error.details).toContainEqual(
    expect.objectContaining({ code, info: { field } }),
  );
}

export interface TestApi {
  sandbox: Sandbox;
  /** The sandbox's wall clock in ms; tests move it to cross schedules. */
  clock: { now: number };
  /** The first (USD) and second (EUR) ad accounts of the scenario. */
  accountIds: number[];
  call(
    method: string,
    path: string,
    options?: { body?: unknown; context?: number | null },
  ): Promise<TestResponse>;
  /** The API user's client id. */
  clientId: string;
  /** A client-secret JWT signed with the user's key; tests break one claim at a time. */
  clientSecret(claims?: SecretClaims): Promise<string>;
  /** The user's current access token. */
  bearer(): string;
}

export interface SecretClaims {
  kid?: string;
  audience?: string;
  expiresIn?: string;
}

let users = 0;

export async function startTestApi(
  options: SandboxOptions & { role?: Role; adAccountIds?: number[] } = {},
): Promise<TestApi> {
  const clock = { now: Date.UTC(2026, 5, 15, 12) };
  const sandbox = await startSandbox({
    scenario: 'demo',
    seed: 42,
    now: () => clock.now,
    ...options,
  });
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  users++;
  const user = {
    clientId: `SEARCHADS.sandbox-test-${users}`,
    teamId: `SEARCHADS.team-${users}`,
    keyId: `key-${users}`,
  };
  sandbox.registerApiUser({
    ...user,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    role: options.role ?? 'Admin',
    adAccountIds: options.adAccountIds,
  });
  let token = '';
  const clientSecret = (claims: SecretClaims = {}) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: claims.kid ?? user.keyId })
      .setSubject(user.clientId)
      .setIssuer(user.teamId)
      .setAudience(claims.audience ?? APPLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.expiresIn ?? '5m')
      .sign(privateKey);
  const authenticate = async () => {
    const secret = await clientSecret();
    const response = await fetch(sandbox.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: user.clientId,
        client_secret: secret,
        scope: 'searchadsorg',
      }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  };
  // A FormData body goes as multipart/form-data (fetch writes its boundary), any other as JSON.
  const send = (method: string, path: string, body: unknown, context: number | null) =>
    fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'Content-Type': 'application/json' }),
        ...(context === null ? {} : { 'X-AP-Context': `adAccountId=${context}` }),
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  const accountIds = sandbox.accounts().map((account) => account.id);
  return {
    sandbox,
    clock,
    accountIds,
    async call(method, path, { body, context = accountIds[0] ?? null } = {}) {
      let response = await send(method, path, body, context);
      // Moving the clock expires the one-hour token: sign in again once.
      if (response.status === 401) {
        await authenticate();
        response = await send(method, path, body, context);
      }
      return { status: response.status, body: await response.json() };
    },
    clientId: user.clientId,
    clientSecret,
    bearer: () => token,
  };
}

/** A valid POST /campaigns body: the scenario's first account promoting its first app in the US. */
export function campaignBody(sandbox: Sandbox, overrides: Record<string, unknown> = {}) {
  const [account] = sandbox.accounts();
  return {
    adAccountId: account?.id,
    name: 'Campaign',
    billingEvent: 'TAPS',
    promotedObjectType: 'APPSTORE_APP',
    promotedObjectId: String(account?.adamIds[0]),
    dailyBudget: { value: { amount: '50.00', currency: 'USD' } },
    targeting: { countryOrRegion: { include: ['US'] } },
    ...overrides,
  };
}

/**
 * An Apple Maps ad account delegated the org's business brand, created through the API: the
 * account that sees the brand's places, assets and suggestions.
 */
export async function createMapsAccount(api: TestApi): Promise<{ maps: number; brandId: string }> {
  const brands = await api.call('GET', '/advertiser-resources?resourceType=BUSINESS_BRAND', {
    context: null,
  });
  const brandId: string = brands.body.result[0].resourceId;
  const account = await api.call('POST', '/ad-accounts', {
    body: {
      name: 'Maps',
      productFeatures: ['BUSINESS_BRAND_MANUAL'],
      delegations: [{ resourceId: brandId, resourceType: 'BUSINESS_BRAND' }],
    },
    context: null,
  });
  return { maps: account.body.result.id, brandId };
}

/** One account's calls on the real clock, for tests of the rules of a route. */
export interface RouteHarness {
  sandbox: Sandbox;
  adAccountId: number;
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
  post(path: string, body: unknown): Promise<TestResponse>;
}

export async function startRouteHarness(options: SandboxOptions = {}): Promise<RouteHarness> {
  const api = await startTestApi({ now: Date.now, ...options });
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { body });
  return {
    sandbox: api.sandbox,
    adAccountId: api.accountIds[0] ?? 0,
    call,
    post: (path, body) => call('POST', path, body),
  };
}

/** The Apple error details of a 400, as [code, field] pairs. */
export function detailsOf(response: TestResponse): [string, string][] {
  return (response.body?.error?.details ?? []).map(
    (d: { code: string; info?: { field?: string } }) => [d.code, d.info?.field ?? ''],
  );
}

/** The day's change-history rows of one entity type (Apple's name), oldest first, with metas. */
export async function changeHistoryOf(
  sandbox: Sandbox,
  post: (path: string, body: unknown) => Promise<TestResponse>,
  entityType: string,
): Promise<{ eventType: string; metas: { detailId: string; meta: Json }[] }[]> {
  const dayBefore = new Date(sandbox.store.now() - 86_400_000).toISOString();
  const response = await post('/change-history/query', {
    filters: [
      { field: 'eventTime', operator: 'GREATER_THAN', value: dayBefore },
      { field: 'entityType', operator: 'IN', value: [entityType] },
    ],
    sorting: [{ field: 'eventTime', order: 'ASC' }],
    options: { metadata: 'latest' },
  });
  expect(response.status).toBe(200);
  return response.body.result;
}
