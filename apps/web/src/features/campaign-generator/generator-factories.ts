// Test data of the campaign generator: settings, a plan, generations and templates shaped like the
// API's answers, and a fake server answering the page's GraphQL with quiet defaults.
import type { GenerationProgress, GeneratorPlan, GeneratorSettings } from '@tapwise/contracts';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import type { CampaignGeneration, GeneratorTemplate } from './generator-api';

export const GENERATION_ID = '7b1c0d2e-7f0a-4d55-9b0c-000000000001';
export const TEMPLATE_ID = '7b1c0d2e-7f0a-4d55-9b0c-000000000002';

const noRanges = { organicRank: null, popularity: null, totalApps: null };

export const SETTINGS: GeneratorSettings = {
  adAccountId: APP.adAccountId,
  adamId: APP.adamId,
  organisationName: 'Acme',
  appName: 'Puzzle Quest',
  countries: ['US'],
  audience: { customerType: 'all', gender: 'all', age: null, devices: ['IPHONE'], daypart: null },
  cpt: '1.5',
  dailyCap: '50',
  countryBudgets: {},
  totalBudget: undefined,
  segments: [
    {
      segment: 'brand',
      enabled: true,
      slug: null,
      keywords: ['puzzle quest'],
      competitorAdamIds: [],
      ranges: noRanges,
      cpt: undefined,
    },
    {
      segment: 'discovery',
      enabled: true,
      slug: null,
      keywords: [],
      competitorAdamIds: [],
      ranges: noRanges,
      cpt: undefined,
    },
  ],
};

export const PLAN: GeneratorPlan = {
  campaigns: [
    {
      segment: 'brand',
      slug: null,
      country: 'US',
      name: 'Acme - Puzzle Quest - Brand - US',
      dailyBudget: '50',
      negativeKeywords: [],
      adGroups: [
        {
          name: 'Acme - Puzzle Quest - Brand - US - Exact',
          defaultBid: '1.5',
          searchMatch: false,
          keywords: [
            { text: 'puzzle quest', matchType: 'EXACT' },
            { text: 'puzzle quest game', matchType: 'EXACT' },
          ],
          negativeKeywords: [],
        },
      ],
    },
    {
      segment: 'discovery',
      slug: null,
      country: 'US',
      name: 'Acme - Puzzle Quest - Discovery - US',
      dailyBudget: '50',
      negativeKeywords: [
        { text: 'puzzle quest', matchType: 'EXACT' },
        { text: 'puzzle quest game', matchType: 'EXACT' },
      ],
      adGroups: [
        {
          name: 'Acme - Puzzle Quest - Discovery - US - Broad',
          defaultBid: '1.5',
          searchMatch: false,
          keywords: [{ text: 'puzzle quest', matchType: 'BROAD' }],
          negativeKeywords: [],
        },
        {
          name: 'Acme - Puzzle Quest - Discovery - US - Search Match',
          defaultBid: '1.5',
          searchMatch: true,
          keywords: [],
          negativeKeywords: [],
        },
      ],
    },
  ],
};

export function buildProgress(overrides: Partial<GenerationProgress> = {}): GenerationProgress {
  return {
    campaignsCreated: false,
    adGroupsCreated: false,
    allDone: false,
    campaigns: { done: 0, total: 2 },
    adGroups: { done: 0, total: 3 },
    keywords: { done: 0, total: 3 },
    ...overrides,
  };
}

export function buildGeneration(overrides: Partial<CampaignGeneration> = {}): CampaignGeneration {
  return {
    id: GENERATION_ID,
    adAccountId: APP.adAccountId,
    adamId: APP.adamId,
    settings: SETTINGS,
    plan: PLAN,
    status: 'READY',
    progress: buildProgress(),
    failure: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildTemplate(overrides: Partial<GeneratorTemplate> = {}): GeneratorTemplate {
  return {
    id: TEMPLATE_ID,
    name: 'Launch structure',
    isDraft: false,
    settings: SETTINGS,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/** The generator's API, each answer replaceable. */
export function generatorServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    getAppsWithOrg: () => [APP],
    getAppEligibility: () => [],
    getDraftTemplateList: () => [buildTemplate()],
    getDraftTemplate: () => buildTemplate(),
    updateCampTemplate: (variables) => ({
      ...buildTemplate(),
      ...variables,
      id: (variables.id as string | null) ?? TEMPLATE_ID,
    }),
    deleteTemplate: () => true,
    getCampGenList: () => [buildGeneration()],
    campaignGeneration: () => buildGeneration(),
    previewCampaignGeneration: () => buildGeneration({ status: 'FETCHING_KEYWORDS', plan: null }),
    adKeyRetry: () => buildGeneration({ status: 'FETCHING_KEYWORDS', plan: null }),
    updateCampaignGenerationPlan: (variables) =>
      buildGeneration({ plan: variables.plan as GeneratorPlan }),
    launchCampaignGeneration: () => buildGeneration({ status: 'WAITING_TO_SYNC' }),
    deleteCampaignGeneration: () => true,
    ...answers,
  });
}
