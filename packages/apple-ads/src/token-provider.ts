// OAuth for the Apple Ads API: a client-secret JWT (ES256, kid) signed with the API user's
// private key is exchanged for a one-hour access token, cached until shortly before expiry.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppleAdsError } from './errors.js';

export const APPLE_TOKEN_URL = 'https://appleid.apple.com/auth/oauth2/token';
const AUDIENCE = 'https://appleid.apple.com';

export interface Credentials {
  clientId: string;
  teamId: string;
  keyId: string;
  /** PEM of the P-256 private key, SEC1 ("EC PRIVATE KEY") or PKCS#8 ("PRIVATE KEY"). */
  privateKeyPem: string;
}

export interface ClientSecretOptions {
  /** Lifetime of the client secret; Apple allows up to 180 days. Default one hour. */
  lifetimeSeconds?: number;
  now?: () => number;
}

export async function createClientSecret(
  credentials: Credentials,
  options: ClientSecretOptions = {},
): Promise<string> {
  const lifetime = options.lifetimeSeconds ?? 3600;
  if (lifetime <= 0 || lifetime >= 180 * 86_400)
    throw new RangeError('client secret lifetime must be under 180 days');
  const issuedAt = Math.floor((options.now ?? Date.now)() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: credentials.keyId })
    .setIssuer(credentials.teamId)
    .setSubject(credentials.clientId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(privateKeyOf(credentials.privateKeyPem));
}

function privateKeyOf(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    throw new AppleAdsError(
      'auth',
      'the private key PEM could not be read',
      null,
      'INVALID_PRIVATE_KEY',
      [],
      null,
      { cause: error },
    );
  }
}

export interface TokenProviderOptions {
  tokenUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** Refresh this long before expiry. */
  refreshMarginMs?: number;
}

export class TokenProvider {
  private cached: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly credentials: Credentials,
    private readonly options: TokenProviderOptions,
  ) {}

  /** A valid access token; concurrent callers share one exchange. */
  async token(): Promise<string> {
    const margin = this.options.refreshMarginMs ?? 60_000;
    if (this.cached && this.cached.expiresAt - margin > this.options.now())
      return this.cached.token;
    this.pending ??= this.exchange().finally(() => (this.pending = null));
    return this.pending;
  }

  invalidate(): void {
    this.cached = null;
  }

  private async exchange(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: await createClientSecret(this.credentials, { now: this.options.now }),
      scope: 'searchadsorg',
    });
    let response: Response;
    try {
      response = await this.options.fetch(this.options.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        // Apple never redirects; a redirect could send the client secret anywhere.
        redirect: 'error',
      });
    } catch (error) {
      throw new AppleAdsError(
        'network',
        `token endpoint unreachable: ${(error as Error).message}`,
        null,
        null,
        [],
        null,
        { cause: error },
      );
    }
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // OAuth errors may come back empty or as text; the status still tells the story.
    }
    if (!response.ok || typeof body.access_token !== 'string') {
      const code = typeof body.error === 'string' ? body.error : 'TOKEN_EXCHANGE_FAILED';
      const description =
        typeof body.error_description === 'string'
          ? body.error_description
          : `token exchange failed with HTTP ${response.status}`;
      throw new AppleAdsError('auth', description, response.status, code);
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.cached = { token: body.access_token, expiresAt: this.options.now() + expiresIn * 1000 };
    return body.access_token;
  }
}
