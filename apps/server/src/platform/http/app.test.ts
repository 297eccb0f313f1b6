import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION, CORRELATION_HEADER, ERROR_CODES } from '@tapwise/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { UndeclaredRouteAccessError, enforceDeclaredAccess } from './route-access';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');

const APP_ORIGIN = 'https://app.tapwise.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    WEB_DIST_DIR: webDist,
    BODY_LIMIT_BYTES: '2048',
    ALLOWED_ORIGINS: APP_ORIGIN,
  });
});
afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, env?: TestServer) =>
  fetch(`${(env ?? server).url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe('HTTP surface', () => {
  it('answers liveness and readiness once the database and jobs are up', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, jobs: true },
    });
  });

  it('publishes the client configuration', async () => {
    const response = await fetch(`${server.url}/config.json`);
    expect(await response.json()).toEqual({
      apiBase: '',
      siteName: 'Tapwise',
      inviteDomainAllowlist: [],
      appVersion: APP_VERSION,
      betaSignupUrl: '/login',
      // No sandbox configured: integrations call Apple only.
      appleAdsCustomUrls: false,
      // Billing is off by default (docs/billing.md).
      billing: null,
    });
  });

  it("echoes the client's correlation id and makes one up otherwise", async () => {
    const sent = await fetch(`${server.url}/healthz`, {
      headers: { [CORRELATION_HEADER]: 'client-abc-123' },
    });
    expect(sent.headers.get(CORRELATION_HEADER)).toBe('client-abc-123');
    const made = await fetch(`${server.url}/healthz`);
    expect(made.headers.get(CORRELATION_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a content security policy', async () => {
    const response = await fetch(`${server.url}/login`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-ratelimit-limit')).toBe('600');
  });

  it('lets the browser reach the billing provider only while billing is on', async () => {
    const policyOf = async (url: string) =>
      Object.fromEntries(
        (await fetch(`${url}/login`)).headers
          .get('content-security-policy')!
          .split(';')
          .map((directive) => {
            const [name, ...sources] = directive.trim().split(' ');
            return [name, sources.join(' ')];
          }),
      );
    expect(await policyOf(server.url)).toMatchObject({
      'script-src': "'self'",
      'frame-src': "'self'",
      'connect-src': "'self' ws: wss:",
    });
    const billing = await startTestServer({
      WEB_DIST_DIR: webDist,
      BILLING: 'chargebee',
      CHARGEBEE_SITE: 'tapwise-test',
      CHARGEBEE_API_KEY: 'test_key',
      CHARGEBEE_WEBHOOK_USERNAME: 'chargebee',
      CHARGEBEE_WEBHOOK_PASSWORD: 'webhook-password-0123456789',
    });
    try {
      const provider = 'https://js.chargebee.com https://tapwise-test.chargebee.com';
      expect(await policyOf(billing.url)).toMatchObject({
        'script-src': `'self' ${provider}`,
        'frame-src': `'self' ${provider}`,
        'connect-src': `'self' ws: wss: ${provider}`,
      });
    } finally {
      await billing.close();
    }
  });

  it('serves the app for any page path and 404s for missing files and API paths', async () => {
    for (const page of ['/login', '/overview', '/no-such-page/deeper']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${server.url}/assets/app-123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);

    const api = await fetch(`${server.url}/v1/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND, error: 'NOT_FOUND' });
  });

  it("counts API calls against the address's rate limit but not the web app's files", async () => {
    const limited = await startTestServer({ WEB_DIST_DIR: webDist, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let call = 0; call < 5; call++)
        expect((await fetch(`${limited.url}/assets/app-123.js`)).status).toBe(200);
      const answers = [];
      for (let call = 0; call < 4; call++)
        answers.push((await fetch(`${limited.url}/config.json`)).status);
      expect(answers).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('does not serve files outside the web build', async () => {
    const response = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).not.toContain('root:');
  });

  it('refuses malformed JSON with a clear error', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: ERROR_CODES.MALFORMED_JSON,
      error: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers an oversize body with 413 and the spec message', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ appVersion } #${'x'.repeat(4096)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: ERROR_CODES.PAYLOAD_TOO_LARGE,
      message: 'Payload size is too high.',
    });
  });
});

describe('GraphQL', () => {
  it('answers a query', async () => {
    expect(await (await graphql('{ appVersion }')).json()).toEqual({
      data: { appVersion: APP_VERSION },
    });
  });

  it("allows cross-origin calls from the web app's origins only", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/graphql`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull();

    const call = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ appVersion }' }),
    });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a body it cannot read with 415 in the API error shape', async () => {
    const answer = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ appVersion }' }),
    });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({
      code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as application/json.',
    });
  });
});

describe('closed by default', () => {
  it('refuses to register a route that declares no access', async () => {
    const app = Fastify();
    enforceDeclaredAccess(app);
    expect(() => app.get('/open', () => 'ok')).toThrow(UndeclaredRouteAccessError);
    expect(() => app.get('/declared', { config: { access: 'public' } }, () => 'ok')).not.toThrow();
  });
});
