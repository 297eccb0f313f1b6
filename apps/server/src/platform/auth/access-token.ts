// Short-lived signed access tokens (JWT, HS256) carrying the session claims of spec 2 §3.5.
import type { SessionClaims } from '@tapwise/contracts';
import { SignJWT, jwtVerify } from 'jose';

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

/** Verifies signature, algorithm, issuer and expiry; anything else throws. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<SessionClaims> {
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: [ALGORITHM] });
  return payload as unknown as SessionClaims;
}
