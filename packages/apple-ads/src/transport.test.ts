import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppleAdsClient } from './client.js';
import { AppleAdsAmbiguousWriteError, type AppleAdsError } from './errors.js';
import { startFixture, type Fixture } from './sandbox-fixture.js';

let fixture: Fixture | null = null;
afterEach(async () => {
  await fixture?.sandbox.close();
  fixture = null;
});

/** Records backoff delays instead of waiting them. */
function recordingSleep(delays: number[]) {
  return async (ms: number) => {
    delays.push(ms);
  };
}

describe('retries and faults', () => {
  it('retries a read through a 429 burst, honouring Retry-After', async () => {
    const delays: number[] = [];
    fixture = await startFixture({ scenario: 'new' }, { sleep: recordingSleep(delays) });
    fixture.sandbox.setFaults({ rateLimitBurst: 2, retryAfterSeconds: 3 });
    const acls = await fixture.client.acls();
    expect(acls.length).toBeGreaterThan(0);
    expect(delays).toEqual([3000, 3000]);
  });

  it('backs off exponentially up to 16 s on 500s for reads, then gives up with a server error', async () => {
    const delays: number[] = [];
    fixture = await startFixture({ scenario: 'new' }, { sleep: recordingSleep(delays) });
    fixture.sandbox.setFaults({ serverErrors: 6 });
    await expect(fixture.client.me()).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never retries a write on 500, and sends it again once a 429 has been waited out', async () => {
    const delays: number[] = [];
    fixture = await startFixture({ scenario: 'new' }, { sleep: recordingSleep(delays) });
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaign = (await account.campaigns.query()).result[0];
    fixture.sandbox.setFaults({ serverErrors: 1 });
    await expect(
      account.campaigns.update(campaign?.id ?? 0, { name: 'Renamed' }),
    ).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(delays).toEqual([]);
    fixture.sandbox.setFaults({ rateLimitBurst: 2, retryAfterSeconds: 2 });
    const renamed = await account.campaigns.update(campaign?.id ?? 0, { name: 'Renamed' });
    expect(renamed.name).toBe('Renamed');
    expect(delays).toEqual([2000, 2000]);
  });

  it('reports a write whose connection dropped after it was applied as ambiguous', async () => {
    fixture = await startFixture({ scenario: 'new' });
    const account = fixture.client.forAccount(fixture.adAccountId);
    const keyword = (
      await account.keywords.query({
        filters: [
          {
            field: 'campaignId',
            operator: 'EQUALS',
            value: (await account.campaigns.query()).result[0]?.id,
          },
          { field: 'status', operator: 'EQUALS', value: 'ENABLED' },
        ],
      })
    ).result[0];
    fixture.sandbox.setFaults({ ambiguousWrites: 1 });
    const error = await account.keywords
      .update(keyword?.id ?? 0, { bid: { amount: '3.33', currency: 'USD' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppleAdsAmbiguousWriteError);
    // The change was applied although no answer came back.
    expect((await account.keywords.get(keyword?.id ?? 0)).bid?.amount).toBe('3.33');
  });

  it('refreshes the token once when the sandbox expires every token', async () => {
    fixture = await startFixture({ scenario: 'new' });
    await fixture.client.me();
    fixture.sandbox.expireTokens();
    expect((await fixture.client.me()).userId).toBeGreaterThan(0);
  });

  it('fails with an auth error once the key is revoked', async () => {
    fixture = await startFixture({ scenario: 'new' });
    await fixture.client.me();
    fixture.sandbox.revokeApiUser(fixture.credentials.clientId);
    await expect(fixture.client.me()).rejects.toMatchObject({
      kind: 'auth',
      code: 'invalid_client',
    });
  });

  it('answers 429 past the rate-limit budget and the client waits for the reset', async () => {
    const delays: number[] = [];
    fixture = await startFixture(
      { scenario: 'new', rateLimit: { limit: 3, windowSeconds: 60 } },
      { sleep: recordingSleep(delays) },
    );
    await fixture.client.me();
    await fixture.client.me();
    expect(fixture.client.rateLimit.remaining).toBe(1);
    await fixture.client.me();
    expect(fixture.client.rateLimit.remaining).toBe(0);
    // The budget is spent: the client waits for RateLimit-Reset before the next call.
    await expect(fixture.client.me()).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(delays[0]).toBeGreaterThan(50_000);
  });

  it('switches faults through the admin endpoint outside /v1', async () => {
    fixture = await startFixture({ scenario: 'new' });
    const response = await fetch(`${fixture.sandbox.adminUrl}/faults`, {
      method: 'PUT',
      body: JSON.stringify({ serverErrors: 1 }),
    });
    expect(await response.json()).toMatchObject({ serverErrors: 1 });
    const direct = await fetch(`${fixture.sandbox.url}/me`);
    expect(direct.status).toBe(401);
    expect(direct.headers.get('ratelimit-limit')).not.toBeNull();
  });
});

describe('redirects', () => {
  it('are never followed, neither for the token nor for the API', async () => {
    fixture = await startFixture({ scenario: 'new' });
    const visits: string[] = [];
    const internal = await listen((request, response) => {
      visits.push(request.url ?? '');
      response.end('{}');
    });
    const redirecting = await listen((_request, response) => {
      response.writeHead(302, { location: `${internal.url}/metadata` }).end();
    });
    try {
      const viaToken = createAppleAdsClient({
        ...fixture.credentials,
        baseUrl: fixture.sandbox.url,
        tokenUrl: `${redirecting.url}/token`,
      });
      await expect(viaToken.me()).rejects.toMatchObject({ kind: 'network' });
      const viaApi = createAppleAdsClient({
        ...fixture.credentials,
        baseUrl: `${redirecting.url}/v1`,
        tokenUrl: fixture.sandbox.tokenUrl,
        retry: { maxRetries: 0 },
      });
      await expect(viaApi.me()).rejects.toMatchObject({ kind: 'network' });
      expect(visits).toEqual([]);
    } finally {
      await Promise.all([internal.close(), redirecting.close()]);
    }
  });
});

/** A plain HTTP server on loopback. */
async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('rate-limit wording', () => {
  it('says the client only waited for RateLimit-Reset when no retry was made', async () => {
    const delays: number[] = [];
    fixture = await startFixture(
      { scenario: 'new', rateLimit: { limit: 1, windowSeconds: 60 } },
      { sleep: recordingSleep(delays), retry: { maxRetries: 0 } },
    );
    await fixture.client.me();
    const error = (await fixture.client.me().catch((e: unknown) => e)) as AppleAdsError;
    expect(error).toMatchObject({ kind: 'rate-limited', retries: 0 });
    expect(error.rateLimitWaitMs).toBeGreaterThan(50_000);
    expect(error.message).toMatch(/after waiting \d+ s for RateLimit-Reset\)$/);
    expect(error.message).not.toMatch(/retr/);
  });

  it('counts the retries behind a read that kept failing', async () => {
    fixture = await startFixture(
      { scenario: 'new' },
      { sleep: recordingSleep([]), retry: { maxRetries: 2 } },
    );
    fixture.sandbox.setFaults({ serverErrors: 3 });
    const error = (await fixture.client.me().catch((e: unknown) => e)) as AppleAdsError;
    expect(error).toMatchObject({ kind: 'server', retries: 2, rateLimitWaitMs: 0 });
    expect(error.message).toMatch(/\(after 2 retries\)$/);
  });
});
