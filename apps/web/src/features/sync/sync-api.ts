// GraphQL of the sync (docs/api/integrations.md): the currency of the ad accounts and the
// manual sync.
import { graphqlRequest } from '../../shared/api/graphql';

export interface CurrencyInfo {
  currency: string;
  accounts: { adAccountId: number; orgName: string; currency: string; timeZone: string }[];
}

export interface ManualSyncResult {
  successMessage: string;
  data: { syncId: string; campaignsCount: number; adgroupsCount: number; keywordsCount: number };
}

export const syncApi = {
  currencyInfo: async () =>
    (
      await graphqlRequest<{ getCurrencyInfo: CurrencyInfo }>(
        'query { getCurrencyInfo { currency accounts { adAccountId orgName currency timeZone } } }',
      )
    ).getCurrencyInfo,
  invokeManualSync: async () =>
    (
      await graphqlRequest<{ invokeManualSync: ManualSyncResult }>(
        `mutation { invokeManualSync {
          successMessage data { syncId campaignsCount adgroupsCount keywordsCount }
        } }`,
      )
    ).invokeManualSync,
};
