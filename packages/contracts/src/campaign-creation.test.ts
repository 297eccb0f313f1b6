import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_STEPS,
  SUPPLY_PLACEMENT_OF,
  addAdsArgsSchema,
  campaignCreationSchema,
  placementOfSupply,
  campaignDraftSchema,
  type CampaignCreationInput,
} from './campaign-creation';
import { issuesAt } from './validation/testing';

const adGroup = {
  name: 'Brand exact',
  defaultBid: '1.50',
  bidMode: 'adGroupDefault',
  searchMatch: false,
  keywords: [{ text: 'puzzle game', matchType: 'EXACT' }],
  negativeKeywords: [],
  audience: { customerType: 'all', gender: 'all', age: null, devices: ['IPHONE'], daypart: null },
  ads: [],
} satisfies CampaignCreationInput['adGroups'][0];

const searchResults: CampaignCreationInput = {
  placement: 'SEARCH_RESULTS',
  adAccountId: 10,
  adamId: 20,
  campaignName: 'Puzzle US',
  countries: ['US'],
  adminAreas: [],
  localities: [],
  dailyBudget: '50',
  startTime: null,
  endTime: null,
  negativeKeywords: [],
  adGroups: [adGroup],
};

describe('campaign creation contract', () => {
  it('skips keywords and Search Match outside search results', () => {
    expect(PLACEMENT_STEPS.SEARCH_RESULTS).toContain('keywords');
    expect(PLACEMENT_STEPS.TODAY_TAB).toEqual([
      'app',
      'countries',
      'adGroup',
      'audience',
      'creativeSets',
      'review',
    ]);
  });

  it('accepts a complete search results campaign', () => {
    expect(issuesAt(campaignCreationSchema, searchResults)).toEqual([]);
  });

  it('refuses keywords, Search Match and a missing ad on a today tab campaign', () => {
    const todayTab = {
      ...searchResults,
      placement: 'TODAY_TAB',
      adGroups: [{ ...adGroup, searchMatch: true }],
    };
    expect(issuesAt(campaignCreationSchema, todayTab)).toEqual([
      { path: ['adGroups', 0, 'keywords'], message: 'validation.placementNoKeywords' },
      { path: ['adGroups', 0, 'searchMatch'], message: 'validation.placementNoSearchMatch' },
      { path: ['adGroups', 0, 'ads'], message: 'validation.adRequired' },
    ]);
  });

  it('needs a bid per keyword in the custom bid mode and refuses repeated keywords', () => {
    const custom = {
      ...searchResults,
      adGroups: [
        {
          ...adGroup,
          bidMode: 'custom',
          keywords: [
            { text: 'puzzle game', matchType: 'EXACT', bid: '2' },
            { text: 'Puzzle Game', matchType: 'EXACT', bid: '2' },
            { text: 'puzzle', matchType: 'BROAD' },
          ],
        },
      ],
    };
    expect(issuesAt(campaignCreationSchema, custom)).toEqual([
      { path: ['adGroups', 0, 'keywords', 2, 'bid'], message: 'validation.keywordBidRequired' },
      { path: ['adGroups', 0, 'keywords', 1], message: 'validation.keywordRepeated' },
    ]);
  });

  it('takes regions and cities with exactly one country, by their numeric v1 ids', () => {
    const twoCountries = { ...searchResults, countries: ['US', 'GB'], adminAreas: ['20001'] };
    expect(issuesAt(campaignCreationSchema, twoCountries)).toEqual([
      { path: ['adminAreas'], message: 'validation.geoNeedsOneCountry' },
    ]);
    // Apple's legacy ids name a geo but ad group targeting does not take them.
    expect(
      issuesAt(campaignCreationSchema, { ...searchResults, localities: ['US|CA|Cupertino'] }),
    ).toEqual([{ path: ['localities', 0], message: 'validation.required' }]);
  });

  it('keeps the names of chosen regions in a draft and still reads bare ids of older drafts', () => {
    const draft = {
      placement: 'SEARCH_RESULTS',
      step: 'countries',
      values: {
        adminAreas: [{ id: '20001', name: 'California, United States' }],
        localities: ['11390004'],
      },
    };
    expect(issuesAt(campaignDraftSchema, draft)).toEqual([]);
  });

  it('requires a budget, a default bid, a device and a country', () => {
    const empty = {
      ...searchResults,
      countries: [],
      dailyBudget: '',
      adGroups: [{ ...adGroup, defaultBid: '', audience: { ...adGroup.audience, devices: [] } }],
    };
    expect(issuesAt(campaignCreationSchema, empty)).toEqual([
      { path: ['countries'], message: 'validation.countryRequired' },
      { path: ['dailyBudget'], message: 'validation.required' },
      { path: ['adGroups', 0, 'defaultBid'], message: 'validation.required' },
      { path: ['adGroups', 0, 'audience', 'devices'], message: 'validation.deviceRequired' },
    ]);
  });

  it('saves a draft at any step with unfinished values, but type-checks them', () => {
    const draft = {
      placement: 'SEARCH_RESULTS',
      step: 'keywords',
      values: { campaignName: 'half  typed', adGroups: [{ keywords: [] }] },
    };
    expect(issuesAt(campaignDraftSchema, draft)).toEqual([]);
    expect(issuesAt(campaignDraftSchema, { ...draft, values: { countries: ['usa'] } })).toEqual([
      { path: ['values', 'countries', 0], message: 'validation.countryInvalid' },
    ]);
  });
});

describe('adding to an existing campaign', () => {
  it("reads a campaign's placement from its v1 supply placement", () => {
    for (const [placement, supply] of Object.entries(SUPPLY_PLACEMENT_OF))
      expect(placementOfSupply([supply])).toBe(placement);
    // A v1 campaign without a supply placement runs on search results.
    expect(placementOfSupply([])).toBe('SEARCH_RESULTS');
    expect(placementOfSupply(undefined)).toBe('SEARCH_RESULTS');
  });

  it('needs at least one ad, each named, to add ads', () => {
    const base = { adAccountId: 1, adGroupId: 2, idempotencyKey: crypto.randomUUID() };
    expect(issuesAt(addAdsArgsSchema, { ...base, ads: [] })).toEqual([
      { path: ['ads'], message: 'validation.adRequired' },
    ]);
    const unnamed = { ...base, ads: [{ name: '', productPage: { kind: 'default' } }] };
    expect(issuesAt(addAdsArgsSchema, unnamed).map((issue) => issue.path)).toEqual([
      ['ads', 0, 'name'],
    ]);
  });
});
