// The sandbox's in-memory state: entities in wire shape, their delivery-relevant versions over
// time (so a change affects delivery only from its instant on), API users and the change log.
import { buildCatalogue, type CatalogueApp } from './catalogue.js';
import type {
  Ad,
  AdAccount,
  AdGroup,
  AdvertiserResource,
  ApiUser,
  Asset,
  Brand,
  Campaign,
  ChangeEvent,
  Creative,
  Keyword,
  Location,
  LocationGroup,
  NegativeKeyword,
  Org,
  ProductPage,
  SharedBudget,
} from './entities.js';
import { amountToCents } from './money.js';
import { appleTimestamp, parseAppleTimestamp } from './calendar.js';

export interface CampaignVersion {
  at: number;
  active: boolean;
  budgetCents: number;
  countries: string[];
  startMs: number;
  endMs: number;
}

export interface AdGroupVersion {
  at: number;
  active: boolean;
  defaultBidCents: number;
  /** keywordcreate.md: a keyword's bid is "not used" by a MAX_CONVERSIONS ad group. */
  keywordBids: boolean;
  /** Share of the searching audience the targeting reaches (device, gender, age). */
  coverage: number;
  startMs: number;
  endMs: number;
}

export interface AdVersion {
  at: number;
  active: boolean;
}

export interface KeywordVersion {
  at: number;
  active: boolean;
  bidCents: number | null;
}

export type EntityKind = 'campaign' | 'adGroup' | 'keyword' | 'negativeKeyword' | 'ad' | 'creative';

export class SandboxStore {
  readonly catalogue: CatalogueApp[];
  readonly appsByAdamId = new Map<number, CatalogueApp>();
  readonly orgId: number;
  readonly adAccounts = new Map<number, AdAccount>();
  readonly accountApps = new Map<number, number[]>();
  readonly campaigns = new Map<number, Campaign>();
  readonly adGroups = new Map<number, AdGroup>();
  readonly keywords = new Map<number, Keyword>();
  readonly negativeKeywords = new Map<number, NegativeKeyword>();
  readonly ads = new Map<number, Ad>();
  readonly creatives = new Map<number, Creative>();
  readonly productPages = new Map<string, ProductPage>();
  readonly sharedBudgets = new Map<number, SharedBudget>();
  readonly brands = new Map<string, Brand>();
  /** Apple Maps places of the org's brands, by id. */
  readonly locations = new Map<string, Location>();
  readonly locationGroups = new Map<string, LocationGroup>();
  /** Uploaded brand images, by UUID; deleting keeps them (soft delete). */
  readonly assets = new Map<string, Asset>();
  /** Brands and content providers the org can delegate to its ad accounts. */
  readonly advertiserResources: AdvertiserResource[] = [];
  readonly campaignVersions = new Map<number, CampaignVersion[]>();
  readonly adGroupVersions = new Map<number, AdGroupVersion[]>();
  readonly keywordVersions = new Map<number, KeywordVersion[]>();
  /** Whether each ad serves, over time: placements without keywords serve only through an ad. */
  readonly adVersions = new Map<number, AdVersion[]>();
  readonly adGroupIdsByCampaign = new Map<number, number[]>();
  readonly keywordIdsByAdGroup = new Map<number, number[]>();
  readonly adIdsByAdGroup = new Map<number, number[]>();
  /** Relevance (0-1) of each keyword to the promoted app; drives tap-through and conversion. */
  readonly keywordRelevance = new Map<number, number>();
  readonly apiUsers = new Map<string, ApiUser>();
  readonly changeLog: ChangeEvent[] = [];
  readonly recommendationStates = new Map<string, 'APPLIED' | 'DISMISSED'>();
  private seededOrg: Org | undefined;
  /** Bumped on every write; report caches key on it. */
  revision = 0;
  /** Every change made while serving one request shares a transaction (change history). */
  private transactionId = 0;
  private nextEntityId = 500_000_001;
  private nextUserId = 7_000_001;

  constructor(
    readonly seed: number,
    readonly now: () => number,
  ) {
    this.catalogue = buildCatalogue(seed);
    for (const app of this.catalogue) this.appsByAdamId.set(app.adamId, app);
    this.orgId = 3_000_000 + (seed % 1_000_000);
  }

  /** The org every account belongs to; the scenario sets it before anything is served. */
  get org(): Org {
    if (!this.seededOrg) throw new Error('the scenario has not seeded the org');
    return this.seededOrg;
  }

  set org(org: Org) {
    this.seededOrg = org;
  }

  nextId(): number {
    return this.nextEntityId++;
  }

  nextApiUserId(): number {
    return this.nextUserId++;
  }

  timestamp(): string {
    return appleTimestamp(this.now());
  }

  putCampaign(campaign: Campaign, at: number): void {
    this.campaigns.set(campaign.id, campaign);
    if (!this.adGroupIdsByCampaign.has(campaign.id)) this.adGroupIdsByCampaign.set(campaign.id, []);
    pushVersion(this.campaignVersions, campaign.id, {
      at,
      active: campaign.status === 'ENABLED' && !campaign.deleted,
      budgetCents: amountToCents(campaign.dailyBudget.value.amount) ?? 0,
      countries: campaign.targeting.countryOrRegion.include ?? [],
      startMs: parseAppleTimestamp(campaign.startTime),
      endMs: campaign.endTime ? parseAppleTimestamp(campaign.endTime) : Number.POSITIVE_INFINITY,
    });
    this.revision++;
  }

  putAdGroup(adGroup: AdGroup, at: number): void {
    const isNew = !this.adGroups.has(adGroup.id);
    this.adGroups.set(adGroup.id, adGroup);
    if (isNew) {
      this.adGroupIdsByCampaign.get(adGroup.campaignId)?.push(adGroup.id);
      this.keywordIdsByAdGroup.set(adGroup.id, []);
      this.adIdsByAdGroup.set(adGroup.id, []);
    }
    pushVersion(this.adGroupVersions, adGroup.id, {
      at,
      active: adGroup.status === 'ENABLED' && !adGroup.deleted,
      defaultBidCents: amountToCents(adGroup.bidStrategy.bid?.amount ?? '0') ?? 0,
      keywordBids: adGroup.bidStrategy.bidStrategyType !== 'MAX_CONVERSIONS',
      coverage: targetingCoverage(adGroup.targeting),
      startMs: parseAppleTimestamp(adGroup.startTime),
      endMs: adGroup.endTime ? parseAppleTimestamp(adGroup.endTime) : Number.POSITIVE_INFINITY,
    });
    this.revision++;
  }

  putKeyword(keyword: Keyword, at: number, relevance?: number): void {
    if (!this.keywords.has(keyword.id)) {
      this.keywordIdsByAdGroup.get(keyword.adGroupId)?.push(keyword.id);
      this.keywordRelevance.set(keyword.id, relevance ?? 0.5);
    }
    this.keywords.set(keyword.id, keyword);
    pushVersion(this.keywordVersions, keyword.id, {
      at,
      active: keyword.status === 'ENABLED' && !keyword.deleted,
      bidCents: keyword.bid ? amountToCents(keyword.bid.amount) : null,
    });
    this.revision++;
  }

  putAd(ad: Ad, at: number): void {
    if (!this.ads.has(ad.id)) this.adIdsByAdGroup.get(ad.adGroupId)?.push(ad.id);
    this.ads.set(ad.id, ad);
    pushVersion(this.adVersions, ad.id, { at, active: ad.status === 'ENABLED' && !ad.deleted });
    this.revision++;
  }

  /** Starts the transaction the next recorded changes belong to; the server calls it per request. */
  beginTransaction(): void {
    this.transactionId++;
  }

  recordChange(event: Omit<ChangeEvent, 'id' | 'time' | 'transactionId'>): void {
    this.changeLog.push({
      ...event,
      id: this.changeLog.length + 1,
      transactionId: 900_000_000 + this.transactionId,
      time: this.timestamp(),
    });
  }

  accountOf(adAccountId: number): AdAccount {
    const account = this.adAccounts.get(adAccountId);
    if (!account) throw new Error(`unknown ad account ${adAccountId}`);
    return account;
  }
}

function pushVersion<V extends { at: number }>(
  map: Map<number, V[]>,
  id: number,
  version: V,
): void {
  const versions = map.get(id);
  if (!versions) {
    map.set(id, [version]);
    return;
  }
  // Versions at the same instant replace each other; later ones append.
  const last = versions[versions.length - 1];
  if (last && last.at >= version.at) versions[versions.length - 1] = { ...version, at: last.at };
  else versions.push(version);
}

/** The version in effect at an instant, or undefined before the entity existed. */
export function versionAt<V extends { at: number }>(
  versions: readonly V[] | undefined,
  at: number,
): V | undefined {
  if (!versions) return undefined;
  let found: V | undefined;
  for (const version of versions) {
    if (version.at <= at) found = version;
    else break;
  }
  return found;
}

const DEVICE_SHARE: Readonly<Record<string, number>> = { IPHONE: 0.82, IPAD: 0.18 };
const GENDER_SHARE: Readonly<Record<string, number>> = { M: 0.5, F: 0.5 };

export function targetingCoverage(targeting: AdGroup['targeting']): number {
  let coverage = 1;
  const devices = targeting.deviceClass?.include;
  if (devices && devices.length > 0)
    coverage *= devices.reduce((sum, d) => sum + (DEVICE_SHARE[d] ?? 0), 0);
  const genders = targeting.gender?.include;
  if (genders && genders.length > 0)
    coverage *= genders.reduce((sum, g) => sum + (GENDER_SHARE[g] ?? 0), 0);
  const minAge = Number(targeting.minAge?.include?.[0] ?? 18);
  const maxAge = Number(targeting.maxAge?.include?.[0] ?? 65);
  coverage *= Math.max(0.05, Math.min(1, (Math.min(maxAge, 65) - Math.max(minAge, 18) + 1) / 48));
  return Math.max(0, Math.min(1, coverage));
}
