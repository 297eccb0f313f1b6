// Test factories of the campaign wizard: drafts and creation results shaped like the API's
// answers, and a fake server answering the wizard's GraphQL with quiet defaults.
import type {
  CampaignCreationResult,
  CampaignDraft,
  CampaignDraftRow,
  CampaignDraftValues,
  ProductPageSummary,
} from '@tapwise/contracts';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';

export const DRAFT_ID = '6a0c0d2e-7f0a-4d55-9b0c-000000000001';

export const COMPLETE_VALUES: CampaignDraftValues = {
  adAccountId: APP.adAccountId,
  adamId: APP.adamId,
  campaignName: 'Puzzle US search',
  countries: ['US'],
  dailyBudget: '50',
  negativeKeywords: [{ text: 'free', matchType: 'EXACT' }],
  adGroups: [
    {
      name: 'Brand',
      defaultBid: '1.5',
      cpaGoal: '',
      bidMode: 'adGroupDefault',
      searchMatch: true,
      keywords: [{ text: 'puzzle quest', matchType: 'EXACT' }],
      negativeKeywords: [],
      audience: {
        customerType: 'all',
        gender: 'all',
        age: null,
        devices: ['IPHONE', 'IPAD'],
        daypart: null,
      },
      ads: [{ name: 'Main ad', productPage: { kind: 'default' } }],
    },
  ],
};

export function buildDraft(overrides: Partial<CampaignDraft> = {}): CampaignDraft {
  return {
    id: DRAFT_ID,
    placement: 'SEARCH_RESULTS',
    step: 'review',
    values: COMPLETE_VALUES,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildDraftRow(overrides: Partial<CampaignDraftRow> = {}): CampaignDraftRow {
  return {
    id: DRAFT_ID,
    placement: 'SEARCH_RESULTS',
    step: 'keywords',
    campaignName: 'Puzzle US search',
    countries: ['US', 'GB'],
    budgetAmount: '50',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildResult(
  overrides: Partial<CampaignCreationResult> = {},
): CampaignCreationResult {
  return {
    idempotencyKey: 'key',
    status: 'COMPLETE',
    campaignId: 7001,
    adGroups: [{ name: 'Brand', id: 8001 }],
    keywordsCreated: 1,
    negativeKeywordsCreated: 1,
    adsCreated: 1,
    failure: null,
    refused: [],
    ...overrides,
  };
}

export const CUSTOM_PAGE_ID = '5f0d1c2e-0000-4000-8000-000000000001';

/** The app's pages as getProductPages answers: enough assets on the default, few on the custom. */
export const PRODUCT_PAGES: ProductPageSummary[] = [
  {
    kind: 'default',
    productPageId: null,
    name: 'Puzzle Quest',
    state: null,
    locales: ['en-US', 'de-DE', 'ja-JP'],
    devices: [
      { deviceSize: 'iphone_6_5', deviceClass: 'IPHONE', assets: 3, fallbackDevices: [] },
      { deviceSize: 'ipad_12_9', deviceClass: 'IPAD', assets: 2, fallbackDevices: [] },
    ],
  },
  {
    kind: 'custom',
    productPageId: CUSTOM_PAGE_ID,
    name: 'Puzzle Quest – Features',
    state: 'PUBLISHED',
    locales: ['en-US', 'de-DE'],
    devices: [
      { deviceSize: 'iphone_6_5', deviceClass: 'IPHONE', assets: 2, fallbackDevices: [] },
      { deviceSize: 'ipad_12_9', deviceClass: 'IPAD', assets: 2, fallbackDevices: [] },
    ],
  },
];

type Answer = (variables: Record<string, unknown>) => unknown;

/** The wizard's API: drafts, the name check and the creation, each answer replaceable. */
export function creationServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    getAppsWithOrg: () => [APP],
    getDraft: () => buildDraft(),
    getCampaignDrafts: () => [buildDraftRow()],
    saveCampaignDraft: (variables) => {
      const input = variables.input as Omit<CampaignDraft, 'id' | 'updatedAt'> & { id?: string };
      return { ...input, id: input.id ?? DRAFT_ID, updatedAt: '2026-03-02T10:00:00.000Z' };
    },
    deleteCampaignDraft: () => true,
    doesCampaignExist: () => false,
    createCampaign: () => buildResult(),
    campaignCreation: () => null,
    getProductPages: () => PRODUCT_PAGES,
    ...answers,
  });
}
