// Test support: a partner integration of a company's app with a known postback key and signing
// secret, sealed with the server's own secret box as the server seals them.
import { createHash, randomBytes } from 'node:crypto';
import type { AttributionPartner, IntegrationStatus } from '@tapwise/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Database } from '../../platform/db/database';
import { attributionIntegrations } from './attribution.tables';

export interface FactoryAttrIntegration {
  id: string;
  teamId: string;
  adamId: number;
  partner: AttributionPartner;
  /** The secret of the postback URL: `/v1/api/postbacks/{key}`. */
  key: string;
  /** The Standard Webhooks secret (whsec_…) of a custom postback. */
  signingSecret: string;
}

export async function createAttrIntegration(
  db: Database,
  secrets: SecretBox,
  options: {
    teamId: string;
    adamId: number;
    partner?: AttributionPartner;
    status?: IntegrationStatus;
  },
): Promise<FactoryAttrIntegration> {
  const partner = options.partner ?? 'CUSTOM_POSTBACK';
  const key = randomBytes(24).toString('base64url');
  const signingSecret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await db
    .insert(attributionIntegrations)
    .values({
      teamId: options.teamId,
      adamId: options.adamId,
      partner,
      status: options.status ?? 'ACTIVE',
      endpointKeyHash: createHash('sha256').update(key).digest('hex'),
      endpointKeySealed: secrets.seal(key),
      signingSecretSealed: partner === 'CUSTOM_POSTBACK' ? secrets.seal(signingSecret) : null,
    })
    .returning({ id: attributionIntegrations.id });
  return {
    id: row!.id,
    teamId: options.teamId,
    adamId: options.adamId,
    partner,
    key,
    signingSecret,
  };
}
