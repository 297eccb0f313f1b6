// Test support: a sandbox on a free port and an API user's authorised POSTs to it, so rule tests
// go through HTTP as Apple's callers do.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { APPLE_AUDIENCE } from './oauth.js';
import { startSandbox, type Sandbox, type SandboxOptions } from './sandbox-server.js';

export type Row = Record<string, unknown>;

/** Apple's envelope: rows for /query lists, `{rows}` for reports and insights, or an error. */
export interface HttpAnswer {
  status: number;
  body: {
    result?: Row[] & { rows?: Row[] };
    error?: {
      code: string;
      message: string;
      details: { code: string; message: string; info: { field: string } }[];
    };
  };
}

export interface HttpKit {
  sandbox: Sandbox;
  adAccountId: number;
  post(path: string, body: unknown): Promise<HttpAnswer>;
}

export async function startHttpKit(options: SandboxOptions = {}): Promise<HttpKit> {
  const sandbox = await startSandbox({ scenario: 'demo', seed: 42, ...options });
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const user = { clientId: 'SEARCHADS.rules', teamId: 'SEARCHADS.team', keyId: 'rules-key' };
  sandbox.registerApiUser({
    ...user,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  });
  const secret = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: user.keyId })
    .setSubject(user.clientId)
    .setIssuer(user.teamId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  const tokenResponse = await fetch(sandbox.tokenUrl, {
    method: 'POST',
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
    post: async (path, body) => {
      const response = await fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-ap-context': `adAccountId=${adAccountId}`,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as HttpAnswer['body'] };
    },
  };
}
