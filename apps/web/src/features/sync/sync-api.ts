// GraphQL of the sync (docs/api/integrations.md): the manual sync.
import { graphqlRequest } from '../../shared/api/graphql';

export interface ManualSyncResult {
  successMessage: string;
  data: { syncId: string; campaignsCount: number; adgroupsCount: number; keywordsCount: number };
}

export const syncApi = {
  invokeManualSync: async () =>
    (
      await graphqlRequest<{ invokeManualSync: ManualSyncResult }>(
        `mutation { invokeManualSync {
          successMessage data { syncId campaignsCount adgroupsCount keywordsCount }
        } }`,
      )
    ).invokeManualSync,
};
