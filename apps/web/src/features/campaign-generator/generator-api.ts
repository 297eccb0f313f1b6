// GraphQL operations of the campaign generator (docs/api/campaign-generator.md). Settings, plans
// and templates travel as JSON checked on the server by the contract schemas used here.
import type {
  GeneratorDraftSettings,
  GeneratorPlan,
  GeneratorSettings,
  GenerationProgress,
  GenerationStatus,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface GeneratorTemplate {
  id: string;
  name: string;
  isDraft: boolean;
  settings: GeneratorSettings | GeneratorDraftSettings;
  updatedAt: string;
}

export interface CampaignGeneration {
  id: string;
  adAccountId: number;
  adamId: number;
  settings: GeneratorSettings;
  plan: GeneratorPlan | null;
  status: GenerationStatus;
  progress: GenerationProgress;
  failure: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SaveTemplateRequest {
  id: string | null;
  name: string;
  isDraft: boolean;
  settings: GeneratorSettings | GeneratorDraftSettings;
}

const TEMPLATE = 'id name isDraft settings updatedAt';
const COUNT = 'done total';
const GENERATION = `id adAccountId adamId settings plan status failure createdAt updatedAt
  progress { campaignsCreated adGroupsCreated allDone campaigns { ${COUNT} }
    adGroups { ${COUNT} } keywords { ${COUNT} } }`;

export const generatorKeys = {
  templates: ['campaignGenerator', 'templates'] as const,
  generations: ['campaignGenerator', 'generations'] as const,
  generation: (id: string) => ['campaignGenerator', 'generation', id] as const,
};

/** Runs a mutation answering a generation, by its root field. */
async function generationMutation(field: string, args: string, variables: Record<string, unknown>) {
  const data = await graphqlRequest<Record<string, CampaignGeneration>>(
    `mutation ${field}(${args}) { ${field}(${Object.keys(variables)
      .map((name) => `${name}: $${name}`)
      .join(', ')}) { ${GENERATION} } }`,
    variables,
  );
  return data[field]!;
}

export const generatorApi = {
  templates: async () =>
    (
      await graphqlRequest<{ getDraftTemplateList: GeneratorTemplate[] }>(
        `query DraftTemplates { getDraftTemplateList { ${TEMPLATE} } }`,
      )
    ).getDraftTemplateList,

  template: async (id: string) =>
    (
      await graphqlRequest<{ getDraftTemplate: GeneratorTemplate }>(
        `query DraftTemplate($id: ID!) { getDraftTemplate(id: $id) { ${TEMPLATE} } }`,
        { id },
      )
    ).getDraftTemplate,

  saveTemplate: async (request: SaveTemplateRequest) =>
    (
      await graphqlRequest<{ updateCampTemplate: GeneratorTemplate }>(
        `mutation UpdateCampTemplate($id: ID, $name: String!, $isDraft: Boolean!, $settings: JSON!) {
          updateCampTemplate(id: $id, name: $name, isDraft: $isDraft, settings: $settings) {
            ${TEMPLATE}
          }
        }`,
        { ...request },
      )
    ).updateCampTemplate,

  deleteTemplate: async (id: string) =>
    (
      await graphqlRequest<{ deleteTemplate: boolean }>(
        `mutation DeleteTemplate($id: ID!) { deleteTemplate(id: $id) }`,
        { id },
      )
    ).deleteTemplate,

  generations: async () =>
    (
      await graphqlRequest<{ getCampGenList: CampaignGeneration[] }>(
        `query CampGenList { getCampGenList { ${GENERATION} } }`,
      )
    ).getCampGenList,

  generation: async (id: string) =>
    (
      await graphqlRequest<{ campaignGeneration: CampaignGeneration }>(
        `query CampaignGeneration($id: ID!) { campaignGeneration(id: $id) { ${GENERATION} } }`,
        { id },
      )
    ).campaignGeneration,

  preview: (settings: GeneratorSettings) =>
    generationMutation('previewCampaignGeneration', '$settings: JSON!', { settings }),

  retryKeywords: (id: string) => generationMutation('adKeyRetry', '$id: ID!', { id }),

  updatePlan: (id: string, plan: GeneratorPlan) =>
    generationMutation('updateCampaignGenerationPlan', '$id: ID!, $plan: JSON!', { id, plan }),

  launch: (id: string) => generationMutation('launchCampaignGeneration', '$id: ID!', { id }),

  deleteGeneration: async (id: string) =>
    (
      await graphqlRequest<{ deleteCampaignGeneration: boolean }>(
        `mutation DeleteCampaignGeneration($id: ID!) { deleteCampaignGeneration(id: $id) }`,
        { id },
      )
    ).deleteCampaignGeneration,
};
