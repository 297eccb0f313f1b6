// The Apple Ads integration API (docs/api/integrations.md): REST for connecting, reading and
// deleting, GraphQL for the integration info every guarded page reads.
import type { AddIntegrationInput, IntegrationState } from '@tapwise/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../shared/api/graphql';
import { restCall } from '../../shared/api/http';

export interface AdAccount {
  adAccountId: number;
  orgId: number;
  orgName: string;
  currency: string;
  timeZone: string;
  paymentModel: string | null;
  roleNames: string[];
}

export interface Integration {
  id: string;
  partner: 'APPLE_SEARCH_ADS';
  clientId: string;
  teamId: string;
  keyId: string;
  publicKeyPem: string | null;
  baseUrl: string;
  state: IntegrationState;
  invalid: boolean;
  roleName: string;
  readOnly: boolean;
  demoMode: boolean;
  firstSyncDone: boolean;
  historyLimited: boolean;
  deleting: boolean;
  createdAt: string;
  adAccounts: AdAccount[];
}

export interface IntegrationInfo {
  APPLE_SEARCH_ADS: boolean;
  firstSyncDone: boolean;
  demoMode: boolean;
  invalid: boolean;
  historyLimited: boolean;
  integrationId: string | null;
}

export interface AddedIntegration {
  integration: Integration;
  syncId: string;
  warning: string | null;
}

/** Every query about the integration starts with this key, so one invalidation refreshes all. */
export const INTEGRATION_KEY = 'integration';
export const integrationKeys = {
  info: [INTEGRATION_KEY, 'info'],
  details: [INTEGRATION_KEY, 'details'],
  currency: [INTEGRATION_KEY, 'currency'],
} as const;

export function invalidateIntegration(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [INTEGRATION_KEY] });
}

export const integrationsApi = {
  info: async () =>
    (
      await graphqlRequest<{ getIntegrationInfo: IntegrationInfo }>(
        `query { getIntegrationInfo {
          APPLE_SEARCH_ADS firstSyncDone demoMode invalid historyLimited integrationId
        } }`,
      )
    ).getIntegrationInfo,
  details: async () =>
    (await restCall<{ integration: Integration | null }>('integration')).integration,
  generateKey: () =>
    restCall<{ publicKeyPem: string }>('onboard/generate-key', { method: 'POST', body: {} }),
  add: (input: AddIntegrationInput) =>
    restCall<AddedIntegration>('onboard/add-integration', { body: input }),
  remove: (integrationId: string) =>
    restCall<{ integrationId: string; jobId: string }>(`integration/${integrationId}`, {
      method: 'DELETE',
    }),
};
