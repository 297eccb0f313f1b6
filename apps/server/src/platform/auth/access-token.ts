// Short-lived signed access tokens (JWT, HS256) carrying the session claims of spec 2 §3.5.
import type { SessionClaims } from '@tapwise/contracts';
import { SignJWT, errors, jwtVerify } from 'jose';

const ISSUER = 'tapwise';
const ALGORITHM = 'HS256';

export async function signAccessToken(
  claims: SessionClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.UserId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { token, expiresAt };
}

/**
 * Verifies signature, algorithm, issuer and expiry; anything else throws. With allowExpired an
 * authentic token past its expiry still identifies its session: renewing a token is governed by
 * the session's own lifetime, so a laptop that slept past the token's 15 minutes carries on.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  options: { allowExpired?: boolean } = {},
): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: [ALGORITHM] });
    return payload as unknown as SessionClaims;
  } catch (error) {
    // jose checks the signature before the claims, so an expired token's payload is authentic.
    if (
      options.allowExpired &&
      error instanceof errors.JWTExpired &&
      error.payload.iss === ISSUER
    ) {
      return error.payload as unknown as SessionClaims;
    }
    throw error;
  }
}
