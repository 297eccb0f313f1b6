// The member's data requests (docs/keyword-research.md): getDataRequests needs
// keywordAnalysis.read; deleteDataRequest (cancel a running one, delete a finished one) and
// retryDataRequest need keywordAnalysis.write.
import type { DataRequest } from '@tapwise/contracts';
import { graphqlRequest } from '../../../shared/api/graphql';

const DATA_REQUEST = `id opId status completed progress totalCount currentCount missedCount CountPref
  keyword appId appName icon location language device catId catType clientId startTime endTime
  currentTime error`;

/** deleteDataRequest's answer when it worked. */
const DELETED = 0;

export const dataRequestsApi = {
  list: async () =>
    // Without `at`: the server keeps only the requests started since that time.
    (
      await graphqlRequest<{ getDataRequests: DataRequest[] }>(
        `query GetDataRequests { getDataRequests { ${DATA_REQUEST} } }`,
      )
    ).getDataRequests,
  remove: async (id: string) => {
    const { deleteDataRequest } = await graphqlRequest<{ deleteDataRequest: { code: number } }>(
      `mutation DeleteDataRequest($id: ID!) { deleteDataRequest(dr_id: $id) { code } }`,
      { id },
    );
    if (deleteDataRequest.code !== DELETED)
      throw new Error(`deleteDataRequest answered ${deleteDataRequest.code}`);
  },
  retry: async (id: string) =>
    (
      await graphqlRequest<{ retryDataRequest: DataRequest }>(
        `mutation RetryDataRequest($id: ID!) { retryDataRequest(dr_id: $id) { ${DATA_REQUEST} } }`,
        { id },
      )
    ).retryDataRequest,
};
