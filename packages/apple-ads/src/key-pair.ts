// Apple Ads API users authenticate with a P-256 key pair: the private key stays with Tapwise,
// the public key PEM is uploaded in Apple Ads (Account Settings > API).
import { generateKeyPairSync } from 'node:crypto';

export interface AppleAdsKeyPair {
  /** SEC1 "EC PRIVATE KEY" PEM, the form `openssl ecparam -genkey -name prime256v1` writes. */
  privateKeyPem: string;
  /** SPKI "PUBLIC KEY" PEM, the form Apple asks users to upload. */
  publicKeyPem: string;
}

export function generateKeyPair(): AppleAdsKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}
