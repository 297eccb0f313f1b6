// Test support: a company's Apple Ads account with one app, a campaign, an ad group and a keyword,
// and report facts written through the sync's own repository, for cases a sandbox sync cannot
// stage (facts of any grain on any day, restated windows, other tenants).
import { METRIC_COUNT_FIELDS, type MetricCounts } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { replaceFacts, saveEntities, type FactKind } from '../ads-data/ads-data.repository';
import type { ReportGrain } from '../ads-data/report-facts.tables';
import {
  findIntegration,
  insertAdAccounts,
  insertIntegration,
} from '../integrations/integrations.repository';

let sequence = 0;
const nextId = () => 700_000_000 + ++sequence;

export interface SeededApp {
  teamId: string;
  adAccountId: number;
  adamId: number;
  campaignId: number;
  adGroupId: number;
  keywordId: number;
  name: string;
}

/**
 * An ad account (USD, Los Angeles unless told) holding one app, in the company's integration
 * (created with the first).
 */
export async function seedAppleAdsApp(
  db: Database,
  teamId: string,
  options: { currency?: string; timeZone?: string; appName?: string; accountName?: string } = {},
): Promise<SeededApp> {
  const adAccountId = nextId();
  const account = {
    adAccountId,
    orgId: adAccountId,
    name: options.accountName ?? `Account ${adAccountId}`,
    currency: options.currency ?? 'USD',
    timeZone: options.timeZone ?? 'America/Los_Angeles',
    paymentModel: 'PAYG',
    roleNames: ['API Account Manager'],
  };
  // A company has one integration: a second app of the company comes with another ad account.
  const existing = await findIntegration(db, teamId);
  if (existing) await insertAdAccounts(db, teamId, existing.id, [account]);
  else
    await insertIntegration(
      db,
      teamId,
      {
        clientId: `SEARCHADS.factory-${adAccountId}`,
        appleTeamId: `SEARCHADS.factory-${adAccountId}`,
        keyId: 'factory',
        privateKeySealed: 'not a sealed key',
        baseUrl: 'http://127.0.0.1:9/v1',
        tokenUrl: 'http://127.0.0.1:9/token',
        roleName: 'API Account Manager',
        readOnly: false,
        firstSyncDone: true,
      },
      [account],
    );
  const app = {
    teamId,
    adAccountId,
    adamId: nextId(),
    campaignId: nextId(),
    adGroupId: nextId(),
    keywordId: nextId(),
    name: options.appName ?? `App ${sequence}`,
  };
  await saveEntities(db, teamId, 'apps', [{ adAccountId, adamId: app.adamId, name: app.name }]);
  await seedCampaign(db, teamId, {
    adAccountId,
    id: app.campaignId,
    adamId: app.adamId,
    name: `${app.name} – Brand – US`,
    currency: options.currency ?? 'USD',
  });
  await seedAdGroup(db, teamId, {
    adAccountId,
    id: app.adGroupId,
    campaignId: app.campaignId,
    name: 'Brand exact',
  });
  await saveEntities(db, teamId, 'keywords', [
    {
      adAccountId,
      id: app.keywordId,
      campaignId: app.campaignId,
      adGroupId: app.adGroupId,
      text: `${app.name.toLowerCase()} app`,
      matchType: 'EXACT',
      bidMicros: 1_000_000,
      ...lifecycle,
    },
  ]);
  return app;
}

const lifecycle = { status: 'ENABLED', deleted: false, modificationTime: null };

/** A running campaign of an app in the US. */
export async function seedCampaign(
  db: Database,
  teamId: string,
  campaign: { adAccountId: number; id: number; adamId: number; name: string; currency?: string },
): Promise<void> {
  await saveEntities(db, teamId, 'campaigns', [
    {
      ...campaign,
      ...lifecycle,
      displayStatus: 'RUNNING',
      servingStateReasons: [],
      dailyBudgetMicros: 50_000_000,
      currency: campaign.currency ?? 'USD',
      countriesOrRegions: ['US'],
      supplySources: ['APPSTORE_SEARCH_RESULTS'],
      startTime: null,
      endTime: null,
    },
  ]);
}

/** A running ad group with a default bid of 1.00. */
export async function seedAdGroup(
  db: Database,
  teamId: string,
  adGroup: { adAccountId: number; id: number; campaignId: number; name: string },
): Promise<void> {
  await saveEntities(db, teamId, 'adGroups', [
    {
      ...adGroup,
      ...lifecycle,
      displayStatus: 'RUNNING',
      defaultBidMicros: 1_000_000,
      automatedKeywordsOptIn: false,
      targetingDimensions: {},
      startTime: null,
      endTime: null,
    },
  ]);
}

/** Counts where every field is `value` (spend in whole currency units of `value`). */
export function uniformCounts(value: number): MetricCounts {
  const counts = {} as MetricCounts;
  for (const field of METRIC_COUNT_FIELDS)
    counts[field] = field === 'localSpendMicros' ? value * 1_000_000 : value;
  return counts;
}

export interface FactEntry {
  grain: ReportGrain;
  date: string;
  counts: MetricCounts;
  /** Breakdown facts only. */
  value?: string;
}

/**
 * Writes facts of the app's campaign, ad group and keyword (the same counts at every level, as
 * one keyword makes up the whole app), or of one breakdown dimension.
 */
export async function writeFacts(
  db: Database,
  app: SeededApp,
  entries: readonly FactEntry[],
  dimension?: 'gender' | 'deviceClass' | 'ageRange' | 'countryOrRegion',
): Promise<void> {
  const base = { adAccountId: app.adAccountId, adamId: app.adamId, campaignId: app.campaignId };
  const kinds: FactKind[] = dimension
    ? ['campaignBreakdowns']
    : ['campaigns', 'adgroups', 'keywords'];
  for (const grain of new Set(entries.map((entry) => entry.grain))) {
    const ofGrain = entries.filter((entry) => entry.grain === grain);
    const dates = ofGrain.map((entry) => entry.date).sort();
    for (const kind of kinds) {
      const rows = ofGrain.map((entry) => ({
        ...base,
        grain,
        date: entry.date,
        ...entry.counts,
        ...(kind === 'adgroups' || kind === 'keywords' ? { adGroupId: app.adGroupId } : {}),
        ...(kind === 'keywords' ? { keywordId: app.keywordId } : {}),
        ...(dimension ? { dimension, value: entry.value ?? 'UNKNOWN' } : {}),
      }));
      await replaceFacts(
        db,
        app.teamId,
        kind,
        {
          adAccountId: app.adAccountId,
          campaignIds: [app.campaignId],
          grain,
          from: dates[0]!,
          to: dates.at(-1)!,
          ...(dimension ? { dimension } : {}),
        },
        rows as never,
      );
    }
  }
}
