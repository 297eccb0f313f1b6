import { GENERATOR_MESSAGES, type GeneratorPlanCampaign } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { generatorSegment, generatorSettings } from './campaign-generator-factories';
import type { FetchedKeyword } from './campaign-generator.tables';
import { buildGeneratorPlan } from './generator-plan';

const noRanges = { organicRank: null, popularity: null, totalApps: null };
const segment = generatorSegment;
const settingsWith = generatorSettings;

const fetchedKeyword = (
  text: string,
  organicRank: number | null,
  popularity: number | null = 50,
  totalApps: number | null = 100,
): FetchedKeyword => ({ text, organicRank, popularity, totalApps });

const exact = (text: string) => ({ text, matchType: 'EXACT' as const });
const broad = (text: string) => ({ text, matchType: 'BROAD' as const });

describe('buildGeneratorPlan', () => {
  it('builds the hand-computed structure for two countries with brand, category, discovery and custom', () => {
    const settings = settingsWith({
      countries: ['US', 'GB'],
      countryBudgets: { GB: '20' },
      segments: [
        segment('brand', { keywords: ['Acme', 'acme app'] }),
        segment('category', {
          keywords: ['ACME'],
          ranges: { ...noRanges, organicRank: { from: 1, to: 20 } },
        }),
        segment('discovery', { keywords: ['pics', 'acme'] }),
        segment('custom', {
          slug: 'promo',
          keywords: ['photo editor', 'summer sale'],
          cpt: '1.50',
        }),
      ],
    });
    const fetched = {
      category: [
        fetchedKeyword('photo editor', 5),
        fetchedKeyword('collage', null),
        fetchedKeyword('filters', 30, 20),
      ],
    };
    const exactTerms = ['Acme', 'acme app', 'photo editor', 'summer sale'];
    const countryCampaigns = (
      country: string,
      budget: string,
      brandName: string,
    ): GeneratorPlanCampaign[] => [
      {
        segment: 'brand',
        slug: null,
        country,
        name: brandName,
        dailyBudget: budget,
        negativeKeywords: [],
        adGroups: [
          {
            name: 'Brand - Exact',
            defaultBid: '1.00',
            searchMatch: false,
            keywords: [exact('Acme'), exact('acme app')],
            negativeKeywords: [],
          },
        ],
      },
      {
        segment: 'category',
        slug: null,
        country,
        name: `Org - App - Category - ${country}`,
        dailyBudget: budget,
        negativeKeywords: [],
        adGroups: [
          {
            name: 'Category - Exact',
            defaultBid: '1.00',
            searchMatch: false,
            keywords: [exact('photo editor')],
            negativeKeywords: [],
          },
        ],
      },
      {
        segment: 'custom',
        slug: 'promo',
        country,
        name: `Org - App - promo - ${country}`,
        dailyBudget: budget,
        negativeKeywords: [],
        adGroups: [
          {
            name: 'promo - Exact',
            defaultBid: '1.50',
            searchMatch: false,
            keywords: [exact('summer sale')],
            negativeKeywords: [],
          },
        ],
      },
      {
        segment: 'discovery',
        slug: null,
        country,
        name: `Org - App - Discovery - ${country}`,
        dailyBudget: budget,
        negativeKeywords: exactTerms.map(exact),
        adGroups: [
          {
            name: 'Discovery - Broad',
            defaultBid: '1.00',
            searchMatch: false,
            keywords: [...exactTerms, 'pics'].map(broad),
            negativeKeywords: [],
          },
          {
            name: 'Discovery - Search Match',
            defaultBid: '1.00',
            searchMatch: true,
            keywords: [],
            negativeKeywords: [exact('pics')],
          },
        ],
      },
    ];

    const plan = buildGeneratorPlan(settings, fetched, ['org - app - brand - us']);

    expect(plan).toEqual({
      campaigns: [
        ...countryCampaigns('US', '50', 'Org - App - Brand - US 2'),
        ...countryCampaigns('GB', '20', 'Org - App - Brand - GB'),
      ],
    });
  });

  it('filters researched keywords by every range, a missing figure failing a set range', () => {
    const ranges = {
      organicRank: { from: 1, to: 20 },
      popularity: { from: 30, to: 100 },
      totalApps: null,
    };
    const settings = settingsWith({ segments: [segment('category', { ranges })] });
    const plan = buildGeneratorPlan(
      settings,
      {
        category: [
          fetchedKeyword('kept', 20, 30, null),
          fetchedKeyword('rank too low', 21, 50),
          fetchedKeyword('not popular', 3, 29),
          fetchedKeyword('no popularity', 3, null),
        ],
      },
      [],
    );
    expect(plan.campaigns[0]!.adGroups[0]!.keywords).toEqual([exact('kept')]);
  });

  it('keeps a term in the first segment that has it, whatever its case', () => {
    const settings = settingsWith({
      segments: [
        segment('brand', { keywords: ['Acme', 'acme'] }),
        segment('competitor', { keywords: ['ACME', 'rival'] }),
      ],
    });
    const plan = buildGeneratorPlan(settings, { competitor: [fetchedKeyword('Rival', 1)] }, []);
    expect(plan.campaigns.map((c) => c.adGroups[0]!.keywords)).toEqual([
      [exact('Acme')],
      [exact('rival')],
    ]);
  });

  it('numbers names taken by the ad account or earlier in the plan and keeps them within 199 characters', () => {
    const long = 'x'.repeat(190);
    const settings = settingsWith({ organisationName: long });
    const base = `${long} - App - Brand - US`.slice(0, 199);
    const plan = buildGeneratorPlan(settings, {}, [base, `${base.slice(0, 197)} 2`]);
    expect(plan.campaigns[0]!.name).toBe(`${base.slice(0, 197)} 3`);
    expect(plan.campaigns[0]!.name).toHaveLength(199);
  });

  it('gives a Discovery with no terms its Search Match ad group only', () => {
    const settings = settingsWith({ segments: [segment('discovery')] });
    const plan = buildGeneratorPlan(settings, {}, []);
    expect(plan.campaigns[0]!.adGroups.map((adGroup) => adGroup.name)).toEqual([
      'Discovery - Search Match',
    ]);
    expect(plan.campaigns[0]!.negativeKeywords).toEqual([]);
  });

  it('takes a country budget over the daily cap and refuses a total budget the campaigns exceed', () => {
    const settings = settingsWith({
      countries: ['US', 'GB'],
      countryBudgets: { US: '10.50' },
      totalBudget: '60.50',
    });
    const plan = buildGeneratorPlan(settings, {}, []);
    expect(plan.campaigns.map((campaign) => campaign.dailyBudget)).toEqual(['10.50', '50']);
    expect(() => buildGeneratorPlan({ ...settings, totalBudget: '60.49' }, {}, [])).toThrow(
      GENERATOR_MESSAGES.totalBudgetExceeded,
    );
  });

  it('refuses settings that make no campaign', () => {
    const settings = settingsWith({
      segments: [segment('brand'), segment('discovery', { enabled: false })],
    });
    expect(() => buildGeneratorPlan(settings, {}, [])).toThrow(GENERATOR_MESSAGES.nothingToCreate);
  });

  it('keeps at most the per-ad-group number of keywords', () => {
    const keywords = Array.from({ length: 1001 }, (_, index) => `term ${index}`);
    const settings = settingsWith({ segments: [segment('custom', { slug: 'big', keywords })] });
    const plan = buildGeneratorPlan(settings, {}, []);
    expect(plan.campaigns[0]!.adGroups[0]!.keywords).toHaveLength(1000);
  });
});
