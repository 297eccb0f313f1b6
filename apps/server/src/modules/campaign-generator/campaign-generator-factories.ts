// Generator settings for tests and the security fixture: one brand segment in the US unless told.
import type { GeneratorSegmentSettings, GeneratorSettings } from '@tapwise/contracts';

const NO_RANGES = { organicRank: null, popularity: null, totalApps: null };

export function generatorSegment(
  segment: GeneratorSegmentSettings['segment'],
  fields: Partial<GeneratorSegmentSettings> = {},
): GeneratorSegmentSettings {
  return {
    segment,
    enabled: true,
    slug: null,
    keywords: [],
    competitorAdamIds: [],
    ranges: NO_RANGES,
    cpt: undefined,
    ...fields,
  };
}

export function generatorSettings(fields: Partial<GeneratorSettings>): GeneratorSettings {
  return {
    adAccountId: 1,
    adamId: 2,
    organisationName: 'Org',
    appName: 'App',
    countries: ['US'],
    audience: { customerType: 'all', gender: 'all', age: null, devices: ['IPHONE'], daypart: null },
    cpt: '1.00',
    dailyCap: '50',
    countryBudgets: {},
    totalBudget: undefined,
    segments: [generatorSegment('brand', { keywords: ['acme'] })],
    ...fields,
  };
}
