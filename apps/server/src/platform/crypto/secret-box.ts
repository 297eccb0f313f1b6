// Secrets at rest (Apple private keys, partner API keys): AES-256-GCM with a random 96-bit IV,
// stored as `v1.<iv>.<tag>.<ciphertext>` in base64url so the format can change later.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { dataDirSecret } from '../auth/auth-secret';
import type { Config } from '../config';

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** ENCRYPTION_KEY in production; elsewhere a key generated once and kept in DATA_DIR. */
export function resolveEncryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  const hex =
    config.encryptionKey ??
    dataDirSecret(config.dataDir, 'encryption-key', () => randomBytes(32).toString('hex'));
  return Buffer.from(hex, 'hex');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
        throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
