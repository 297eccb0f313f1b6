// How generator settings become campaigns (docs/campaign-generator.md): one campaign per country
// and segment with an exact ad group, and a Discovery campaign per country that negates every
// exact term and runs them broad beside a Search Match ad group. Pure: the caller hands in the
// researched keywords and the campaign names the ad account already has.
import {
  CAMPAIGN_CREATION_LIMITS,
  GENERATOR_MESSAGES,
  moneyToMicros,
  segmentLabel,
  type GeneratorPlan,
  type GeneratorPlanAdGroup,
  type GeneratorPlanCampaign,
  type GeneratorPlanKeyword,
  type GeneratorRanges,
  type GeneratorSegmentSettings,
  type GeneratorSettings,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { FetchedKeyword, FetchedKeywords } from './campaign-generator.tables';

/** Apple's longest campaign name. */
const NAME_MAX = 199;

type Range = NonNullable<GeneratorRanges['organicRank']>;

/** A null range lets everything through; a keyword without the measured value fails any other. */
function within(range: Range | null, value: number | null): boolean {
  if (!range) return true;
  return value !== null && value >= range.from && value <= range.to;
}

function passesRanges(keyword: FetchedKeyword, ranges: GeneratorRanges): boolean {
  return (
    within(ranges.organicRank, keyword.organicRank) &&
    within(ranges.popularity, keyword.popularity) &&
    within(ranges.totalApps, keyword.totalApps)
  );
}

/** Where a segment's researched keywords are stored in fetchedKeywords. */
export function fetchedKeyOf(segment: GeneratorSegmentSettings['segment']): string | null {
  return segment === 'category' || segment === 'competitor' ? segment : null;
}

/** A segment's candidate terms: typed ones first, then its researched ones within its ranges. */
function candidateTerms(segment: GeneratorSegmentSettings, fetched: FetchedKeywords): string[] {
  const key = fetchedKeyOf(segment.segment);
  const researched = key ? (fetched[key] ?? []) : [];
  return [
    ...segment.keywords,
    ...researched.filter((keyword) => passesRanges(keyword, segment.ranges)).map((k) => k.text),
  ];
}

interface SegmentTerms {
  segment: GeneratorSegmentSettings;
  terms: string[];
}

/**
 * The exact terms of each enabled non-discovery segment, de-duplicated case-insensitively; a term
 * an earlier segment took stays there (each term lives in one segment). Segments left without a
 * term are dropped.
 */
function exactSegments(settings: GeneratorSettings, fetched: FetchedKeywords): SegmentTerms[] {
  const used = new Set<string>();
  const result: SegmentTerms[] = [];
  for (const segment of settings.segments) {
    if (!segment.enabled || segment.segment === 'discovery') continue;
    const terms: string[] = [];
    for (const term of candidateTerms(segment, fetched)) {
      const text = term.trim();
      const key = text.toLowerCase();
      if (!text || used.has(key)) continue;
      used.add(key);
      terms.push(text);
    }
    if (terms.length > 0) result.push({ segment, terms });
  }
  return result;
}

/** Unique names: a taken one gets " 2", " 3", …, cut to Apple's length keeping the suffix. */
class CampaignNamer {
  private readonly taken: Set<string>;

  constructor(taken: Iterable<string>) {
    this.taken = new Set([...taken].map((name) => name.toLowerCase()));
  }

  name(base: string): string {
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '' : ` ${n}`;
      const name = base.slice(0, NAME_MAX - suffix.length) + suffix;
      if (!this.taken.has(name.toLowerCase())) {
        this.taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}

const capped = <T>(items: T[], limit: number) => items.slice(0, limit);
const as = (matchType: GeneratorPlanKeyword['matchType']) => (text: string) => ({
  text,
  matchType,
});

function segmentCampaign(
  settings: GeneratorSettings,
  { segment, terms }: SegmentTerms,
  country: string,
  namer: CampaignNamer,
): GeneratorPlanCampaign {
  const label = segmentLabel(segment.segment, segment.slug);
  const adGroup: GeneratorPlanAdGroup = {
    name: `${label} - Exact`,
    defaultBid: segment.cpt || settings.cpt,
    searchMatch: false,
    keywords: capped(terms, CAMPAIGN_CREATION_LIMITS.keywordsPerAdGroup).map(as('EXACT')),
    negativeKeywords: [],
  };
  return {
    segment: segment.segment,
    slug: segment.slug,
    country,
    name: namer.name(campaignBaseName(settings, label, country)),
    dailyBudget: settings.countryBudgets[country] ?? settings.dailyCap,
    negativeKeywords: [],
    adGroups: [adGroup],
  };
}

function campaignBaseName(settings: GeneratorSettings, label: string, country: string) {
  return `${settings.organisationName} - ${settings.appName} - ${label} - ${country}`;
}

function discoveryCampaign(
  settings: GeneratorSettings,
  discovery: GeneratorSegmentSettings,
  exactTerms: string[],
  country: string,
  namer: CampaignNamer,
): GeneratorPlanCampaign {
  const label = segmentLabel('discovery', null);
  const defaultBid = discovery.cpt || settings.cpt;
  const exactKeys = new Set(exactTerms.map((term) => term.toLowerCase()));
  const ownTerms = [
    ...new Map(
      discovery.keywords
        .map((term) => term.trim())
        .filter((term) => term && !exactKeys.has(term.toLowerCase()))
        .map((term) => [term.toLowerCase(), term]),
    ).values(),
  ];
  const broadTerms = capped(
    [...exactTerms, ...ownTerms],
    CAMPAIGN_CREATION_LIMITS.keywordsPerAdGroup,
  );
  const adGroups: GeneratorPlanAdGroup[] = [];
  if (broadTerms.length > 0)
    adGroups.push({
      name: `${label} - Broad`,
      defaultBid,
      searchMatch: false,
      keywords: broadTerms.map(as('BROAD')),
      negativeKeywords: [],
    });
  adGroups.push({
    name: `${label} - Search Match`,
    defaultBid,
    searchMatch: true,
    keywords: [],
    negativeKeywords: capped(ownTerms, CAMPAIGN_CREATION_LIMITS.negativeKeywords).map(as('EXACT')),
  });
  return {
    segment: 'discovery',
    slug: null,
    country,
    name: namer.name(campaignBaseName(settings, label, country)),
    dailyBudget: settings.countryBudgets[country] ?? settings.dailyCap,
    negativeKeywords: capped(exactTerms, CAMPAIGN_CREATION_LIMITS.negativeKeywords).map(
      as('EXACT'),
    ),
    adGroups,
  };
}

/** Refuses daily budgets adding up to more than the total budget (compared in micros). */
function assertWithinTotalBudget(settings: GeneratorSettings, plan: GeneratorPlan) {
  if (!settings.totalBudget) return;
  const sum = plan.campaigns.reduce((total, c) => total + moneyToMicros(c.dailyBudget), 0);
  if (sum > moneyToMicros(settings.totalBudget))
    throw new AppError('BAD_REQUEST', GENERATOR_MESSAGES.totalBudgetExceeded);
}

export function buildGeneratorPlan(
  settings: GeneratorSettings,
  fetched: FetchedKeywords,
  takenCampaignNames: Iterable<string>,
): GeneratorPlan {
  const namer = new CampaignNamer(takenCampaignNames);
  const segments = exactSegments(settings, fetched);
  const discovery = settings.segments.find((s) => s.segment === 'discovery' && s.enabled);
  const campaigns: GeneratorPlanCampaign[] = [];
  for (const country of settings.countries) {
    const countryCampaigns = segments.map((entry) =>
      segmentCampaign(settings, entry, country, namer),
    );
    campaigns.push(...countryCampaigns);
    if (!discovery) continue;
    const exactTerms = countryCampaigns.flatMap((c) =>
      c.adGroups.flatMap((adGroup) => adGroup.keywords.map((keyword) => keyword.text)),
    );
    campaigns.push(discoveryCampaign(settings, discovery, exactTerms, country, namer));
  }
  if (campaigns.length === 0) throw new AppError('BAD_REQUEST', GENERATOR_MESSAGES.nothingToCreate);
  const plan = { campaigns };
  assertWithinTotalBudget(settings, plan);
  return plan;
}
