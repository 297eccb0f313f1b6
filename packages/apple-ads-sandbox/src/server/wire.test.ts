// The wire rules every route shares (WIRE.md §1-5): the token exchange, bearer tokens, the
// X-AP-Context header, roles, envelopes and rate limits, over raw HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type Json, type SecretClaims, type TestApi } from './http-test-client.js';

let api: TestApi;
let campaignId: number;

beforeAll(async () => {
  api = await startTestApi();
  const campaigns = await api.call('POST', '/campaigns/query', {
    body: { pagination: { pageSize: 1 } },
  });
  campaignId = campaigns.body.result[0].id;
});
afterAll(() => api.sandbox.close());

const exchange = async (fields: Record<string, string>) => {
  const response = await fetch(api.sandbox.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: api.clientId,
      scope: 'searchadsorg',
      ...fields,
    }),
  });
  return { status: response.status, body: (await response.json()) as Json };
};
const withSecret = async (claims: SecretClaims = {}) =>
  exchange({ client_secret: await api.clientSecret(claims) });

/** A /v1 call with explicit headers, answering status, headers and body. */
async function raw(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  const response = await fetch(`${api.sandbox.url}${path}`, { ...init, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Json,
  };
}
const bearer = () => ({ Authorization: `Bearer ${api.bearer()}` });
const context = (value = `adAccountId=${api.accountIds[0]}`) => ({ 'X-AP-Context': value });

describe('token exchange', () => {
  it('answers a bearer token for one hour to a client secret signed by the registered key', async () => {
    expect(await withSecret()).toEqual({
      status: 200,
      body: {
        access_token: expect.stringMatching(/^[0-9a-f]{48}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'searchadsorg',
      },
    });
  });

  it('refuses other grants and scopes (400) and a secret it cannot trust (401 invalid_client)', async () => {
    const secret = await api.clientSecret();
    expect(await exchange({ client_secret: secret, grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await exchange({ client_secret: secret, scope: 'searchads' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    });
    const untrusted = [
      await exchange({ client_secret: secret, client_id: 'SEARCHADS.unknown' }),
      await withSecret({ kid: 'another-key' }),
      await withSecret({ audience: 'https://api.ads.apple.com' }),
      await withSecret({ expiresIn: '181d' }),
      await exchange({ client_secret: 'not-a-jwt' }),
    ];
    for (const answer of untrusted)
      expect(answer).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });
});

describe('bearer tokens', () => {
  it('answers 401 UNAUTHORIZED without a token, with an unknown one and after the hour', async () => {
    const unauthorized = {
      error: { code: 'UNAUTHORIZED', message: 'Invalid or expired access token', details: [] },
    };
    expect((await raw('/me', {})).body).toEqual(unauthorized);
    expect((await raw('/me', { Authorization: 'Bearer 00' })).status).toBe(401);
    await api.call('GET', '/me', { context: null });
    const fresh = bearer();
    expect((await raw('/me', fresh)).status).toBe(200);
    api.clock.now += 3_601_000;
    expect(await raw('/me', fresh)).toMatchObject({ status: 401, body: unauthorized });
  });
});

describe('X-AP-Context', () => {
  it('takes adAccountId=<id> with or without the trailing semicolon', async () => {
    await api.call('GET', '/me', { context: null });
    const path = `/campaigns/${campaignId}`;
    const plain = await raw(path, { ...bearer(), ...context() });
    const semicolon = await raw(path, {
      ...bearer(),
      ...context(`adAccountId=${api.accountIds[0]};`),
    });
    expect(plain.status).toBe(200);
    expect(semicolon.body).toEqual(plain.body);
  });

  it('is required on account routes (400), must name a reachable account (403) and is not needed by /me and /acls', async () => {
    expect(await raw(`/campaigns/${campaignId}`, bearer())).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_REQUEST' } },
    });
    expect(
      await raw(`/campaigns/${campaignId}`, { ...bearer(), ...context('adAccountId=999') }),
    ).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect((await raw('/me', bearer())).status).toBe(200);
    expect((await raw('/acls', bearer())).status).toBe(200);
  });
});

describe('envelopes', () => {
  it('wraps an entity in result, a failure in error with no result, and answers 404 and 405', async () => {
    const found = await raw(`/campaigns/${campaignId}`, { ...bearer(), ...context() });
    expect(Object.keys(found.body)).toEqual(['result']);
    expect(found.body.result.id).toBe(campaignId);
    const missing = await raw('/campaigns/1', { ...bearer(), ...context() });
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['error']);
    expect(missing.body.error).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      details: [],
    });
    const noRoute = await raw('/unknown-things', { ...bearer(), ...context() });
    expect(noRoute).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    const wrongMethod = await raw('/me', bearer(), { method: 'PUT' });
    expect(wrongMethod).toMatchObject({
      status: 405,
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
    });
  });

  it('refuses a body that is not JSON with 400 INVALID_REQUEST', async () => {
    const response = await raw(
      '/campaigns/query',
      { ...bearer(), ...context(), 'Content-Type': 'application/json' },
      { method: 'POST', body: '{"filters": [' },
    );
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
  });
});

describe('roles', () => {
  it('lets read-only roles read and refuses their writes with 403 FORBIDDEN', async () => {
    for (const role of ['API Account Read Only', 'Limited Access: API Read Only'] as const) {
      const reader = await startTestApi({ role });
      try {
        const read = await reader.call('GET', `/campaigns/${campaignId}`);
        expect(read.status).toBe(200);
        const write = await reader.call('PUT', `/campaigns/${campaignId}`, {
          body: { name: 'Renamed' },
        });
        expect(write).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      } finally {
        await reader.sandbox.close();
      }
    }
  });
});

describe('rate limits', () => {
  it('counts every call in RateLimit-* headers and answers 429 with Retry-After past the budget', async () => {
    const limited = await startTestApi({ rateLimit: { limit: 3, windowSeconds: 60 } });
    try {
      await limited.call('GET', '/me', { context: null });
      const headers = { Authorization: `Bearer ${limited.bearer()}` };
      const call = () => fetch(`${limited.sandbox.url}/me`, { headers });
      const second = await call();
      expect({
        limit: second.headers.get('RateLimit-Limit'),
        remaining: second.headers.get('RateLimit-Remaining'),
        reset: second.headers.get('RateLimit-Reset'),
      }).toEqual({ limit: '3', remaining: '1', reset: '60' });
      await call();
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(await refused.json()).toEqual({
        error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests', details: [] },
      });
      limited.clock.now += 60_000;
      expect((await call()).status).toBe(200);
    } finally {
      await limited.sandbox.close();
    }
  });
});
