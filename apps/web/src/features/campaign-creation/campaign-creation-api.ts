// GraphQL operations of the campaign wizard and its drafts (docs/campaign-creation.md). Wizard
// states travel as JSON and are checked on the server by the same contract schemas as here.
// Reads need campaignCreation.read, changes campaignCreation.write; the name check is one of the
// ads manager's lookups (adsManager.read). addAdGroup and addAds add to what exists in Apple.
import type {
  AddAdGroupArgs,
  AddAdsArgs,
  CampaignCreationInput,
  CampaignCreationResult,
  CampaignDraft,
  CampaignDraftInput,
  CampaignDraftRow,
  ProductPageSummary,
  GeoSearchInput,
  GeoSearchResult,
  KeywordSuggestionRow,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

const DRAFT = 'id placement step values updatedAt';
const DRAFT_ROW = 'id placement step campaignName countries budgetAmount updatedAt';
const PRODUCT_PAGE = `kind productPageId name state locales
  devices { deviceSize deviceClass assets fallbackDevices }`;
const RESULT = `idempotencyKey status campaignId adGroups { name id } keywordsCreated
  negativeKeywordsCreated adsCreated failure refused { what message }`;

export const campaignCreationKeys = {
  drafts: ['campaignCreation', 'drafts'] as const,
  draft: (id: string) => ['campaignCreation', 'draft', id] as const,
  creation: (idempotencyKey: string) => ['campaignCreation', 'creation', idempotencyKey] as const,
  productPages: (adAccountId: number, adamId: number) =>
    ['campaignCreation', 'productPages', adAccountId, adamId] as const,
  geo: (search: GeoSearchInput) => ['campaignCreation', 'geo', search] as const,
  keywordSuggestions: (request: KeywordSuggestionsRequest) =>
    ['campaignCreation', 'keywordSuggestions', request] as const,
};

export interface KeywordSuggestionsRequest {
  adAccountId: number;
  adamId: number;
  countries: string[];
}

export interface CreateCampaignRequest {
  input: CampaignCreationInput;
  idempotencyKey: string;
  draftId: string | null;
}

export const campaignCreationApi = {
  drafts: async () =>
    (
      await graphqlRequest<{ getCampaignDrafts: CampaignDraftRow[] }>(
        `query CampaignDrafts { getCampaignDrafts { ${DRAFT_ROW} } }`,
      )
    ).getCampaignDrafts,

  draft: async (id: string) =>
    (
      await graphqlRequest<{ getDraft: CampaignDraft }>(
        `query CampaignDraft($id: ID!) { getDraft(id: $id) { ${DRAFT} } }`,
        { id },
      )
    ).getDraft,

  saveDraft: async (input: CampaignDraftInput) =>
    (
      await graphqlRequest<{ saveCampaignDraft: CampaignDraft }>(
        `mutation SaveCampaignDraft($input: JSON!) { saveCampaignDraft(input: $input) { ${DRAFT} } }`,
        { input },
      )
    ).saveCampaignDraft,

  deleteDraft: async (id: string) =>
    (
      await graphqlRequest<{ deleteCampaignDraft: boolean }>(
        `mutation DeleteCampaignDraft($id: ID!) { deleteCampaignDraft(id: $id) }`,
        { id },
      )
    ).deleteCampaignDraft,

  nameTaken: async (adAccountId: number, name: string) =>
    (
      await graphqlRequest<{ doesCampaignExist: boolean }>(
        `query DoesCampaignExist($adAccountId: Float!, $name: String!) {
          doesCampaignExist(adAccountId: $adAccountId, name: $name)
        }`,
        { adAccountId, name },
      )
    ).doesCampaignExist,

  /** What a creation made so far, by its key (null when the server has none). */
  creation: async (idempotencyKey: string) =>
    (
      await graphqlRequest<{ campaignCreation: CampaignCreationResult | null }>(
        `query CampaignCreation($idempotencyKey: ID!) {
          campaignCreation(idempotencyKey: $idempotencyKey) { ${RESULT} }
        }`,
        { idempotencyKey },
      )
    ).campaignCreation,

  /** The app's default product page, then its custom pages, live from Apple. */
  productPages: async (adAccountId: number, adamId: number) =>
    (
      await graphqlRequest<{ getProductPages: ProductPageSummary[] }>(
        `query ProductPages($adAccountId: Float!, $adamId: Float!) {
          getProductPages(adAccountId: $adAccountId, adamId: $adamId) { ${PRODUCT_PAGE} }
        }`,
        { adAccountId, adamId },
      )
    ).getProductPages,

  create: async (request: CreateCampaignRequest) =>
    (
      await graphqlRequest<{ createCampaign: CampaignCreationResult }>(
        `mutation CreateCampaign($input: JSON!, $idempotencyKey: ID!, $draftId: ID) {
          createCampaign(input: $input, idempotencyKey: $idempotencyKey, draftId: $draftId) {
            ${RESULT}
          }
        }`,
        { ...request },
      )
    ).createCampaign,

  /** Regions or cities of one country matching a name, read from Apple (at least 2 characters). */
  searchGeo: async (search: GeoSearchInput) =>
    (
      await graphqlRequest<{ searchGeo: GeoSearchResult[] }>(
        `query SearchGeo($adAccountId: Float!, $countryCode: String!, $query: String!,
          $entity: GeoTargetEntity!) {
          searchGeo(adAccountId: $adAccountId, countryCode: $countryCode, query: $query,
            entity: $entity) { id displayName entity countryOrRegion adminArea locality }
        }`,
        { ...search },
      )
    ).searchGeo,

  /** Apple's keyword suggestions for the app, popularity in the campaign's countries. */
  keywordSuggestions: async (request: KeywordSuggestionsRequest) =>
    (
      await graphqlRequest<{ getKeywordSuggestions: KeywordSuggestionRow[] }>(
        `query KeywordSuggestions($adAccountId: Float!, $adamId: Float!, $countries: [String!]!) {
          getKeywordSuggestions(adAccountId: $adAccountId, adamId: $adamId,
            countries: $countries) { text popularity }
        }`,
        { ...request },
      )
    ).getKeywordSuggestions,

  addAdGroup: async (args: AddAdGroupArgs) =>
    (
      await graphqlRequest<{ addAdGroup: CampaignCreationResult }>(
        `mutation AddAdGroup($adAccountId: Float!, $campaignId: Float!, $adGroup: JSON!,
          $idempotencyKey: ID!) {
          addAdGroup(adAccountId: $adAccountId, campaignId: $campaignId, adGroup: $adGroup,
            idempotencyKey: $idempotencyKey) { ${RESULT} }
        }`,
        { ...args },
      )
    ).addAdGroup,

  addAds: async (args: AddAdsArgs) =>
    (
      await graphqlRequest<{ addAds: CampaignCreationResult }>(
        `mutation AddAds($adAccountId: Float!, $adGroupId: Float!, $ads: JSON!,
          $idempotencyKey: ID!) {
          addAds(adAccountId: $adAccountId, adGroupId: $adGroupId, ads: $ads,
            idempotencyKey: $idempotencyKey) { ${RESULT} }
        }`,
        { ...args },
      )
    ).addAds,
};
