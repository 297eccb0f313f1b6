// The sandbox's stand-in for appleid.apple.com/auth/oauth2/token: verifies the client-secret JWT
// (ES256, kid, iss = team, sub = client, aud = appleid) against the API user's registered key.
import { randomBytes, createPublicKey } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { ApiUser } from '../model/entities.js';
import type { SandboxStore } from '../model/store.js';

export const APPLE_AUDIENCE = 'https://appleid.apple.com';
const MAX_SECRET_LIFETIME_SECONDS = 180 * 86_400;
export const TOKEN_TTL_SECONDS = 3600;

export interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

export class TokenIssuer {
  readonly tokens = new Map<string, IssuedToken>();
  constructor(private readonly store: SandboxStore) {}

  async exchange(
    form: URLSearchParams,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const invalid = (error: string, description: string) => ({
      status: error === 'invalid_client' ? 401 : 400,
      body: { error, error_description: description },
    });
    if (form.get('grant_type') !== 'client_credentials')
      return invalid('unsupported_grant_type', 'grant_type must be client_credentials');
    if (form.get('scope') !== 'searchadsorg')
      return invalid('invalid_scope', 'scope must be searchadsorg');
    const clientId = form.get('client_id') ?? '';
    const secret = form.get('client_secret') ?? '';
    const user = this.store.apiUsers.get(clientId);
    if (!user || user.revoked) return invalid('invalid_client', 'unknown or revoked client');
    const problem = await verifyClientSecret(secret, user);
    if (problem) return invalid('invalid_client', problem);
    const token = randomBytes(24).toString('hex');
    this.tokens.set(token, { clientId, expiresAt: this.store.now() + TOKEN_TTL_SECONDS * 1000 });
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        scope: 'searchadsorg',
      },
    };
  }

  /** The API user behind a bearer token, or null when missing, unknown, expired or revoked. */
  authenticate(header: string | undefined): ApiUser | null {
    const match = /^Bearer (.+)$/.exec(header ?? '');
    if (!match) return null;
    const issued = this.tokens.get(match[1] as string);
    if (!issued || issued.expiresAt <= this.store.now()) return null;
    const user = this.store.apiUsers.get(issued.clientId);
    return user && !user.revoked ? user : null;
  }

  expireAll(): void {
    this.tokens.clear();
  }
}

async function verifyClientSecret(secret: string, user: ApiUser): Promise<string | null> {
  try {
    const header = decodeProtectedHeader(secret);
    if (header.alg !== 'ES256') return 'client secret must be signed with ES256';
    if (header.kid !== user.keyId) return 'unknown key id';
    const claims = decodeJwt(secret);
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number')
      return 'iat and exp are required';
    if (claims.exp - claims.iat > MAX_SECRET_LIFETIME_SECONDS)
      return 'client secret lifetime exceeds 180 days';
    await jwtVerify(secret, createPublicKey(user.publicKeyPem), {
      algorithms: ['ES256'],
      audience: APPLE_AUDIENCE,
      issuer: user.teamId,
      subject: user.clientId,
    });
    return null;
  } catch (error) {
    return `invalid client secret: ${(error as Error).message}`;
  }
}
