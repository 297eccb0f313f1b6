// The ads manager's writes (docs/api: apple-writes), each guarded on the server by
// adsManager.write; bulkAction by adsManager.read. Ids travel as Float.
import {
  METRIC_COUNT_FIELDS,
  type AddKeywordsInput,
  type AddNegativeKeywordsInput,
  type AdGroupEditInput,
  type CampaignEditInput,
  type KeywordBidInput,
  type KeywordTransferInput,
  type ReportRow,
  type StatusChangeInput,
  type WriteRowResult,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../../shared/api/graphql';

export interface WriteResult {
  successMessage: string;
  results: WriteRowResult[];
  /** Set when the change runs as a bulk action; its results arrive later. */
  bulkActionId: string | null;
}

export interface EntityWriteResult {
  successMessage: string;
  row: ReportRow;
}

export interface RefusedKeyword {
  text: string;
  matchType: string;
  message: string;
}

export interface AddKeywordsResult {
  successMessage: string;
  added: number;
  refused: RefusedKeyword[];
}

export interface BulkActionStatus {
  bulkActionId: string;
  total: number;
  done: number;
  status: string;
  results: WriteRowResult[] | null;
}

const ROW = `level id name status displayStatus deleted modificationTime adAccountId campaignId
  adGroupId details counts { ${METRIC_COUNT_FIELDS.join(' ')} }`;
const ROW_RESULT = 'id ok message';
const ENTITY_RESULT = `{ successMessage row { ${ROW} } }`;
const ADD_RESULT = '{ successMessage added refused { text matchType message } }';

export const actionsApi = {
  changeStatus: async (input: StatusChangeInput) =>
    (
      await graphqlRequest<{ changeEntityStatus: WriteResult }>(
        `mutation ChangeEntityStatus($input: StatusChangeInput!) {
          changeEntityStatus(input: $input) { successMessage results { ${ROW_RESULT} } bulkActionId }
        }`,
        { input },
      )
    ).changeEntityStatus,

  updateCampaign: async (input: CampaignEditInput) =>
    (
      await graphqlRequest<{ updateCampaign: EntityWriteResult }>(
        `mutation UpdateCampaign($input: CampaignEditInput!) { updateCampaign(input: $input) ${ENTITY_RESULT} }`,
        { input },
      )
    ).updateCampaign,

  updateAdGroup: async (input: AdGroupEditInput) =>
    (
      await graphqlRequest<{ updateAdGroup: EntityWriteResult }>(
        `mutation UpdateAdGroup($input: AdGroupEditInput!) { updateAdGroup(input: $input) ${ENTITY_RESULT} }`,
        { input },
      )
    ).updateAdGroup,

  changeKeywordBid: async (input: KeywordBidInput) =>
    (
      await graphqlRequest<{ changeKeywordBid: EntityWriteResult }>(
        `mutation ChangeKeywordBid($input: KeywordBidInput!) { changeKeywordBid(input: $input) ${ENTITY_RESULT} }`,
        { input },
      )
    ).changeKeywordBid,

  addKeywords: async (input: AddKeywordsInput) =>
    (
      await graphqlRequest<{ addTargetingKeywords: AddKeywordsResult }>(
        `mutation AddTargetingKeywords($input: AddKeywordsInput!) { addTargetingKeywords(input: $input) ${ADD_RESULT} }`,
        { input },
      )
    ).addTargetingKeywords,

  transferKeywords: async (input: KeywordTransferInput) =>
    (
      await graphqlRequest<{ transferKeywords: WriteResult }>(
        `mutation TransferKeywords($input: KeywordTransferInput!) {
          transferKeywords(input: $input) { successMessage results { ${ROW_RESULT} } bulkActionId }
        }`,
        { input },
      )
    ).transferKeywords,

  /** The live ad groups of an app's campaigns, each with its campaign's name. */
  adGroupsOfApp: async (adAccountId: number, adamId: number) => {
    const { getCampaignsByApp: campaigns } = await graphqlRequest<{
      getCampaignsByApp: { id: number; name: string; deleted: boolean }[];
    }>(
      `query CampaignsByApp($adAccountId: Float!, $adamId: Float!) {
        getCampaignsByApp(adAccountId: $adAccountId, adamId: $adamId) { id name deleted }
      }`,
      { adAccountId, adamId },
    );
    const live = campaigns.filter((campaign) => !campaign.deleted);
    if (live.length === 0) return [];
    const { getAdGroupsByCampaigns: adGroups } = await graphqlRequest<{
      getAdGroupsByCampaigns: { id: number; name: string; campaignId: number; deleted: boolean }[];
    }>(
      `query AdGroupsByCampaigns($adAccountId: Float!, $campaignIds: [Float!]!) {
        getAdGroupsByCampaigns(adAccountId: $adAccountId, campaignIds: $campaignIds) {
          id name campaignId deleted
        }
      }`,
      { adAccountId, campaignIds: live.map((campaign) => campaign.id) },
    );
    return live.map((campaign) => ({
      campaign: campaign.name,
      adGroups: adGroups.filter((group) => group.campaignId === campaign.id && !group.deleted),
    }));
  },

  addNegativeKeywords: async (input: AddNegativeKeywordsInput) =>
    (
      await graphqlRequest<{ addNegativeKeywords: AddKeywordsResult }>(
        `mutation AddNegativeKeywords($input: AddNegativeKeywordsInput!) { addNegativeKeywords(input: $input) ${ADD_RESULT} }`,
        { input },
      )
    ).addNegativeKeywords,

  bulkAction: async (id: string) =>
    (
      await graphqlRequest<{ bulkAction: BulkActionStatus }>(
        `query BulkAction($id: String!) {
          bulkAction(id: $id) { bulkActionId total done status results { ${ROW_RESULT} } }
        }`,
        { id },
      )
    ).bulkAction,
};
