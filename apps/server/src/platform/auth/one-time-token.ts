// Tokens for links sent by mail: random, single-use, and stored only as a hash.
import { createHash, randomBytes } from 'node:crypto';

export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
