// Scenarios seed the store with ad accounts and the Brand / Category / Competitor / Discovery
// structure practitioners use, with the negatives that keep those campaigns apart.
import { COUNTRY_VOLUME, MODIFIERS, categoryOf, type CatalogueApp } from './catalogue.js';
import { DAY_MS, localDayOf, localDayStartMs, appleTimestamp } from './calendar.js';
import type { AdAccount } from './entities.js';
import {
  newAd,
  newAdAccount,
  newAdGroup,
  newAdvertiserResource,
  newBrand,
  newBrandLocations,
  newCampaign,
  newCreative,
  newKeyword,
  newNegativeKeyword,
} from './factories.js';
import { hash, pick, unit, uuidFrom } from './hash.js';
import type { SandboxStore } from './store.js';

export type ScenarioName = 'empty' | 'new' | 'demo' | 'mature' | 'agency';
export const SCENARIOS: readonly ScenarioName[] = ['empty', 'new', 'demo', 'mature', 'agency'];

interface AccountPlan {
  name: string;
  currency: string;
  timezone: string;
  appCount: number;
  /** Storefronts per promoted app; each (app, country) gets the four campaign types. */
  marketsPerApp: string[][];
  adGroupsPerCampaign: number;
  keywordsPerAdGroup: number;
  ageDays: number;
}

const SECONDARY: AccountPlan = {
  name: 'Tapwise Demo EU',
  currency: 'EUR',
  timezone: 'Europe/Berlin',
  appCount: 1,
  marketsPerApp: [['DE']],
  adGroupsPerCampaign: 2,
  keywordsPerAdGroup: 5,
  ageDays: 400,
};

/** The storefronts of the market model, by search volume order (US first). */
const MARKETS = Object.keys(COUNTRY_VOLUME);

/**
 * An agency's ad account: its clients' apps each run in the account's home storefront first and
 * then in more of the twelve, the biggest client in all of them (`marketCounts`, one per app).
 */
function agencyAccount(
  name: string,
  currency: string,
  timezone: string,
  home: string,
  marketCounts: number[],
): AccountPlan {
  const markets = [home, ...MARKETS.filter((country) => country !== home)];
  return {
    name,
    currency,
    timezone,
    appCount: marketCounts.length,
    marketsPerApp: marketCounts.map((count) => markets.slice(0, count)),
    adGroupsPerCampaign: 10,
    keywordsPerAdGroup: 20,
    ageDays: 730,
  };
}

/**
 * Five accounts of eight apps (one app per category in an account, and the catalogue has nine
 * categories): 250 (app, storefront) pairs, so 1,000 campaigns, 10,000 ad groups, 200,000 keywords.
 */
const AGENCY_MARKET_COUNTS = [12, 8, 7, 6, 5, 5, 4, 3];

const PLANS: Record<ScenarioName, AccountPlan[]> = {
  empty: [
    {
      name: 'Tapwise Demo',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      appCount: 2,
      marketsPerApp: [],
      adGroupsPerCampaign: 0,
      keywordsPerAdGroup: 0,
      ageDays: 0,
    },
  ],
  new: [
    {
      name: 'Tapwise Demo',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      appCount: 1,
      marketsPerApp: [['US']],
      adGroupsPerCampaign: 3,
      keywordsPerAdGroup: 8,
      ageDays: 14,
    },
  ],
  demo: [
    {
      name: 'Tapwise Demo',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      appCount: 2,
      marketsPerApp: [
        ['US', 'GB', 'CA'],
        ['US', 'GB'],
      ],
      adGroupsPerCampaign: 5,
      keywordsPerAdGroup: 20,
      ageDays: 730,
    },
    SECONDARY,
  ],
  mature: [
    {
      name: 'Tapwise Demo',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      appCount: 4,
      marketsPerApp: [
        ['US', 'GB', 'CA', 'DE', 'FR', 'AU', 'JP'],
        ['US', 'GB', 'CA', 'DE', 'FR', 'AU'],
        ['US', 'GB', 'CA', 'DE', 'FR', 'AU'],
        ['US', 'GB', 'CA', 'DE', 'FR', 'AU'],
      ],
      adGroupsPerCampaign: 10,
      keywordsPerAdGroup: 20,
      ageDays: 730,
    },
    SECONDARY,
  ],
  agency: [
    agencyAccount('Tapwise Agency US', 'USD', 'America/New_York', 'US', AGENCY_MARKET_COUNTS),
    agencyAccount('Tapwise Agency EU', 'EUR', 'Europe/Berlin', 'DE', AGENCY_MARKET_COUNTS),
    agencyAccount('Tapwise Agency UK', 'GBP', 'Europe/London', 'GB', AGENCY_MARKET_COUNTS),
    agencyAccount('Tapwise Agency APAC', 'AUD', 'Australia/Sydney', 'AU', AGENCY_MARKET_COUNTS),
    // Japanese clients billed in dollars: the economics are in cents, which yen do not have.
    agencyAccount('Tapwise Agency Japan', 'USD', 'Asia/Tokyo', 'JP', AGENCY_MARKET_COUNTS),
  ],
};

const CAMPAIGN_TYPES = ['Brand', 'Category', 'Competitor', 'Discovery'] as const;

export interface ScenarioAccountSize {
  currency: string;
  timezone: string;
  apps: number;
  markets: string[];
  campaigns: number;
  adGroups: number;
  keywords: number;
}

/** What seeding a scenario creates per ad account, worked out from its plan without seeding it. */
export function scenarioSize(scenario: ScenarioName): ScenarioAccountSize[] {
  return PLANS[scenario].map((plan) => {
    const campaigns =
      CAMPAIGN_TYPES.length *
      plan.marketsPerApp.slice(0, plan.appCount).reduce((sum, markets) => sum + markets.length, 0);
    return {
      currency: plan.currency,
      timezone: plan.timezone,
      apps: plan.appCount,
      markets: [...new Set(plan.marketsPerApp.flat())],
      campaigns,
      adGroups: campaigns * plan.adGroupsPerCampaign,
      keywords: campaigns * plan.adGroupsPerCampaign * plan.keywordsPerAdGroup,
    };
  });
}
type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** Bid and budget ranges per campaign type, in cents. */
const ECONOMICS: Record<
  CampaignType,
  { bid: [number, number]; budget: [number, number]; relevance: [number, number] }
> = {
  Brand: { bid: [80, 160], budget: [5_000, 15_000], relevance: [0.85, 1] },
  Category: { bid: [120, 380], budget: [15_000, 60_000], relevance: [0.45, 0.8] },
  Competitor: { bid: [120, 300], budget: [8_000, 30_000], relevance: [0.2, 0.45] },
  Discovery: { bid: [60, 180], budget: [6_000, 20_000], relevance: [0.35, 0.7] },
};

export function seedScenario(store: SandboxStore, scenario: ScenarioName): void {
  const plans = PLANS[scenario];
  const primary = plans[0];
  if (!primary) throw new Error(`scenario ${scenario} has no account`);
  store.org = {
    id: store.orgId,
    name: primary.name,
    currency: primary.currency,
    timezone: primary.timezone,
    paymentModel: 'PAYG',
    systemStatus: 'ACTIVE',
    systemStatusReasons: [],
  };
  // The org's brand, for Apple Maps accounts; content providers come with the apps.
  const brand = newAdvertiserResource(store.seed, 'BUSINESS_BRAND', primary.name);
  store.advertiserResources.push(brand);
  const brandCreatedMs = store.now() - 365 * DAY_MS;
  store.brands.set(brand.resourceId, newBrand(brand, 'US', brandCreatedMs));
  for (const location of newBrandLocations(store.seed, brand, brandCreatedMs))
    store.locations.set(location.id, location);
  const usedApps = new Set<number>();
  plans.forEach((plan, accountIndex) => seedAccount(store, plan, accountIndex, usedApps));
}

function seedAccount(
  store: SandboxStore,
  plan: AccountPlan,
  accountIndex: number,
  usedApps: Set<number>,
): void {
  const seed = store.seed;
  const now = store.now();
  const today = localDayOf(plan.timezone, now);
  const startMs = localDayStartMs(plan.timezone, today - plan.ageDays);
  const apps = chooseApps(store, plan.appCount, accountIndex, usedApps);
  // Each account is delegated the content providers (developers) of the apps it promotes.
  const delegations = [...new Set(apps.map((app) => app.developer))].map((developer) => {
    const provider = newAdvertiserResource(store.seed, 'CONTENT_PROVIDER', developer);
    if (!store.advertiserResources.some((known) => known.resourceId === provider.resourceId))
      store.advertiserResources.push(provider);
    return provider;
  });
  const account = newAdAccount(
    4_000_001 + accountIndex,
    {
      org: store.org,
      name: plan.name,
      productFeatures: ['APPSTORE_APP_MANUAL'],
      delegations,
      currency: plan.currency,
      timezone: plan.timezone,
    },
    startMs - 30 * DAY_MS,
  );
  store.adAccounts.set(account.id, account);
  store.accountApps.set(
    account.id,
    apps.map((app) => app.adamId),
  );

  apps.forEach((app, appIndex) => {
    const defaultCreative = newCreative(
      store.nextId(),
      {
        adAccountId: account.id,
        name: `${app.name} default product page`,
        adamId: app.adamId,
        productPageId: null,
      },
      startMs,
    );
    store.creatives.set(defaultCreative.id, defaultCreative);
    const customCreativeIds: number[] = [];
    for (let pageIndex = 0; pageIndex < 2; pageIndex++) {
      const pageId = uuidFrom(seed, app.adamId, pageIndex);
      const created = appleTimestamp(startMs);
      store.productPages.set(pageId, {
        id: pageId,
        adamId: app.adamId,
        name: `${app.name} – ${pageIndex === 0 ? 'Features' : 'Seasonal'}`,
        state: 'PUBLISHED',
        creationTime: created,
        modificationTime: created,
      });
      const creative = newCreative(
        store.nextId(),
        {
          adAccountId: account.id,
          name: `${app.name} custom page ${pageIndex + 1}`,
          adamId: app.adamId,
          productPageId: pageId,
        },
        startMs,
      );
      store.creatives.set(creative.id, creative);
      customCreativeIds.push(creative.id);
    }
    const markets = plan.marketsPerApp[appIndex] ?? [];
    for (const country of markets) {
      const competitors = store.catalogue.filter(
        (other) => other.primaryGenreId === app.primaryGenreId && other.adamId !== app.adamId,
      );
      const texts: Partial<Record<CampaignType, string[]>> = {};
      for (const type of CAMPAIGN_TYPES) {
        texts[type] = seedCampaign(store, {
          plan,
          account,
          app,
          country,
          type,
          startMs,
          defaultCreativeId: defaultCreative.id,
          customCreativeIds,
          competitors,
        });
      }
      seedNegatives(store, account.id, app, country, texts, startMs);
    }
  });
}

function chooseApps(
  store: SandboxStore,
  count: number,
  accountIndex: number,
  used: Set<number>,
): CatalogueApp[] {
  const chosen: CatalogueApp[] = [];
  // Spread the promoted apps across categories so each account has distinct keyword spaces.
  for (let i = 0; chosen.length < count && i < store.catalogue.length; i++) {
    const app =
      store.catalogue[(hash(store.seed, 77, accountIndex) + i * 37) % store.catalogue.length];
    if (
      !app ||
      used.has(app.adamId) ||
      chosen.some((other) => other.primaryGenreId === app.primaryGenreId)
    )
      continue;
    used.add(app.adamId);
    chosen.push(app);
  }
  return chosen;
}

interface CampaignSeed {
  plan: AccountPlan;
  account: AdAccount;
  app: CatalogueApp;
  country: string;
  type: CampaignType;
  startMs: number;
  defaultCreativeId: number;
  customCreativeIds: number[];
  competitors: CatalogueApp[];
}

function seedCampaign(store: SandboxStore, input: CampaignSeed): string[] {
  const { plan, account, app, country, type, startMs } = input;
  const seed = store.seed;
  const economics = ECONOMICS[type];
  const campaignId = store.nextId();
  const budgetCents = roundTo(between(economics.budget, unit(seed, campaignId, 1)), 100);
  const campaign = newCampaign(
    campaignId,
    {
      adAccountId: account.id,
      name: `${app.name} – ${type} – ${country}`,
      adamId: app.adamId,
      countries: [country],
      budgetCents,
      currency: account.currency,
      startMs,
      // One campaign in twenty-five is paused, as accounts usually carry a few.
      status: unit(seed, campaignId, 2) < 0.04 ? 'PAUSED' : 'ENABLED',
    },
    startMs,
  );
  store.putCampaign(campaign, startMs);
  const texts: string[] = [];
  const vocabulary = termsFor(
    type,
    app,
    input.competitors,
    plan.adGroupsPerCampaign * plan.keywordsPerAdGroup,
    seed,
  );
  for (let groupIndex = 0; groupIndex < plan.adGroupsPerCampaign; groupIndex++) {
    const adGroupId = store.nextId();
    const searchMatch = type === 'Discovery' && groupIndex === 0;
    const adGroup = newAdGroup(
      adGroupId,
      {
        campaign,
        name: searchMatch ? 'Search Match' : `${type} ${groupIndex + 1}`,
        defaultBidCents: roundTo(between(economics.bid, unit(seed, adGroupId, 1)), 5),
        automatedKeywordsOptIn: searchMatch,
        status: unit(seed, adGroupId, 2) < 0.04 ? 'PAUSED' : 'ENABLED',
        startMs,
      },
      startMs,
    );
    store.putAdGroup(adGroup, startMs);
    const ad = newAd(
      store.nextId(),
      { adGroup, creativeId: input.defaultCreativeId, name: `${adGroup.name} – default` },
      startMs,
    );
    store.putAd(ad, startMs);
    if (type === 'Category' && input.customCreativeIds[0] !== undefined) {
      store.putAd(
        newAd(
          store.nextId(),
          {
            adGroup,
            creativeId:
              input.customCreativeIds[groupIndex % input.customCreativeIds.length] ??
              input.customCreativeIds[0],
            name: `${adGroup.name} – custom page`,
          },
          startMs,
        ),
        startMs,
      );
    }
    for (let k = 0; k < plan.keywordsPerAdGroup; k++) {
      const text =
        vocabulary[groupIndex * plan.keywordsPerAdGroup + k] ?? `${app.name.toLowerCase()} ${k}`;
      texts.push(text);
      const keywordId = store.nextId();
      const bidCents =
        unit(seed, keywordId, 1) < 0.15
          ? null
          : roundTo(between(economics.bid, unit(seed, keywordId, 2)), 5);
      const keyword = newKeyword(
        keywordId,
        {
          adGroup,
          text,
          matchType: type === 'Discovery' ? 'BROAD' : 'EXACT',
          bidCents,
          currency: account.currency,
          status: unit(seed, keywordId, 3) < 0.05 ? 'PAUSED' : 'ENABLED',
        },
        startMs,
      );
      store.putKeyword(keyword, startMs, between(economics.relevance, unit(seed, keywordId, 4)));
    }
  }
  return texts;
}

/** Keyword texts for a campaign type: brand terms, category heads with modifiers, rival names. */
function termsFor(
  type: CampaignType,
  app: CatalogueApp,
  competitors: CatalogueApp[],
  count: number,
  seed: number,
): string[] {
  const heads = categoryOf(app).heads;
  const brand = app.name.toLowerCase();
  const brandWord = brand.split(' ')[0] ?? brand;
  const out = new Set<string>();
  for (let i = 0; out.size < count && i < count * 20; i++) {
    const modifier = MODIFIERS[i % MODIFIERS.length] ?? '';
    const second = MODIFIERS[Math.floor(i / MODIFIERS.length) % MODIFIERS.length] ?? '';
    const head = heads[Math.floor(i / MODIFIERS.length) % heads.length] ?? '';
    const rival =
      competitors.length > 0 ? pick(competitors, unit(seed, 31, i)).name.toLowerCase() : 'rival';
    let text: string;
    switch (type) {
      case 'Brand':
        text =
          i === 0
            ? brand
            : i === 1
              ? brandWord
              : `${brandWord} ${i < MODIFIERS.length ? modifier : `${head}`}`;
        break;
      case 'Category':
        text = i < heads.length ? (heads[i] as string) : `${modifier} ${head}`;
        break;
      case 'Competitor':
        text = i < competitors.length ? rival : `${rival} ${modifier}`;
        break;
      case 'Discovery':
        text = i < heads.length ? (heads[i] as string) : `${head} ${modifier}`;
        break;
    }
    if (i >= MODIFIERS.length * heads.length) text = `${text} ${second}`;
    out.add(text.trim());
  }
  return [...out];
}

function seedNegatives(
  store: SandboxStore,
  adAccountId: number,
  app: CatalogueApp,
  country: string,
  texts: Partial<Record<CampaignType, string[]>>,
  startMs: number,
): void {
  const campaigns = [...store.campaigns.values()].filter(
    (c) =>
      c.adAccountId === adAccountId &&
      c.promotedObjectId === String(app.adamId) &&
      c.targeting.countryOrRegion.include?.[0] === country,
  );
  const byType = (type: CampaignType) => campaigns.find((c) => c.name.includes(`– ${type} –`));
  const add = (campaignId: number | undefined, text: string) => {
    if (campaignId === undefined) return;
    const negative = newNegativeKeyword(
      store.nextId(),
      { adAccountId, campaignId, adGroupId: null, text, matchType: 'EXACT' },
      startMs,
    );
    store.negativeKeywords.set(negative.id, negative);
  };
  // Category and Competitor exclude the brand; Discovery excludes what exact campaigns own.
  for (const brandText of (texts.Brand ?? []).slice(0, 5)) {
    add(byType('Category')?.id, brandText);
    add(byType('Competitor')?.id, brandText);
  }
  for (const owned of [
    ...(texts.Brand ?? []),
    ...(texts.Category ?? []),
    ...(texts.Competitor ?? []),
  ].slice(0, 40)) {
    add(byType('Discovery')?.id, owned);
  }
}

function between(range: [number, number], fraction: number): number {
  return range[0] + (range[1] - range[0]) * fraction;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}
