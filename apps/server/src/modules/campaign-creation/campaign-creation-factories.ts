// Test inputs of campaign creation: a complete search results campaign for an ad account's app.
import type { CampaignCreationInput, WizardAdGroup } from '@tapwise/contracts';

export function wizardAdGroup(overrides: Partial<WizardAdGroup> = {}): WizardAdGroup {
  return {
    name: 'Brand exact',
    defaultBid: '1.50',
    bidMode: 'adGroupDefault',
    searchMatch: false,
    keywords: [{ text: 'puzzle game', matchType: 'EXACT' }],
    negativeKeywords: [],
    audience: {
      customerType: 'all',
      gender: 'all',
      age: null,
      devices: ['IPHONE', 'IPAD'],
      daypart: null,
    },
    ads: [],
    ...overrides,
  };
}

export function creationInput(
  target: { adAccountId: number; adamId: number; campaignName: string },
  overrides: Partial<CampaignCreationInput> = {},
): CampaignCreationInput {
  return {
    placement: 'SEARCH_RESULTS',
    adAccountId: target.adAccountId,
    adamId: target.adamId,
    campaignName: target.campaignName,
    countries: ['US'],
    adminAreas: [],
    localities: [],
    dailyBudget: '50.00',
    startTime: null,
    endTime: null,
    negativeKeywords: [],
    adGroups: [wizardAdGroup()],
    ...overrides,
  };
}
