// Opens the Apple Ads client of a stored integration: the sealed key is opened here and only
// here, and lives no longer than the client.
import { createAppleAdsClient, type AppleAdsClient } from '@tapwise/apple-ads';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { IntegrationRow } from './integrations.repository';

export function appleAdsClientFor(
  secrets: SecretBox,
  integration: Pick<
    IntegrationRow,
    'clientId' | 'appleTeamId' | 'keyId' | 'privateKeySealed' | 'baseUrl' | 'tokenUrl'
  >,
  options: { onRetry?: () => void } = {},
): AppleAdsClient {
  return createAppleAdsClient({
    clientId: integration.clientId,
    teamId: integration.appleTeamId,
    keyId: integration.keyId,
    privateKeyPem: secrets.open(integration.privateKeySealed),
    baseUrl: integration.baseUrl,
    tokenUrl: integration.tokenUrl,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });
}

/** Apple roles that may change campaigns; any other role only reads. */
const WRITE_ROLES = new Set(['Admin', 'API Account Manager', 'Limited Access: API Read & Write']);

export function canManageCampaigns(roleNames: readonly string[]): boolean {
  return roleNames.some((role) => WRITE_ROLES.has(role));
}
