// Test support for the route tests: a sandbox, an Admin API user and a `call` that speaks HTTP to
// it with a bearer token and X-AP-Context, as Apple's clients do.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { startSandbox, type Sandbox } from '../server/sandbox-server.js';

export interface HttpResponse {
  status: number;
  // Tests read whatever Apple answers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RouteHarness {
  sandbox: Sandbox;
  adAccountId: number;
  call(method: string, path: string, body?: unknown): Promise<HttpResponse>;
}

export async function startRouteHarness(): Promise<RouteHarness> {
  const sandbox = await startSandbox({ scenario: 'demo', seed: 42 });
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const user = { clientId: 'SEARCHADS.routes', teamId: 'SEARCHADS.team', keyId: 'routes-key' };
  sandbox.registerApiUser({
    ...user,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  });
  const secret = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: user.keyId })
    .setIssuer(user.teamId)
    .setSubject(user.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const tokenResponse = await fetch(sandbox.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: user.clientId,
      client_secret: secret,
      scope: 'searchadsorg',
    }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const adAccountId = sandbox.accounts()[0]?.id ?? 0;
  return {
    sandbox,
    adAccountId,
    async call(method, path, body) {
      const response = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-ap-context': `adAccountId=${adAccountId}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}

/** The Apple error details of a 400, as [code, field] pairs. */
export function detailsOf(response: HttpResponse): [string, string][] {
  return (response.body?.error?.details ?? []).map(
    (d: { code: string; info?: { field?: string } }) => [d.code, d.info?.field ?? ''],
  );
}
