// Test data for the ads manager: report rows and pages built from a few fields, the app list, and
// a fake server answering the page's operations.
import {
  ZERO_COUNTS,
  type MetricCounts,
  type ReportLevel,
  type ReportPage,
  type ReportQuery,
  type ReportRow,
} from '@tapwise/contracts';
import { fakeGraphql } from '../../test/fake-graphql';
import type { AppWithOrg } from './ads-manager-api';

export const ACCOUNT_ID = 4_100_001;
export const ADAM_ID = 1_500_000_001;

export const APP: AppWithOrg = {
  adamId: ADAM_ID,
  name: 'Puzzle Quest',
  adAccountId: ACCOUNT_ID,
  adAccountName: 'Acme Games',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

export function buildCounts(overrides: Partial<MetricCounts> = {}): MetricCounts {
  return {
    ...ZERO_COUNTS,
    impressions: 1_000,
    taps: 50,
    tapInstalls: 10,
    totalInstalls: 12,
    localSpendMicros: 25_000_000,
    ...overrides,
  };
}

export function buildRow(
  level: ReportLevel,
  id: number,
  overrides: Partial<ReportRow> = {},
): ReportRow {
  return {
    level,
    id: String(id),
    name: `${level} ${id}`,
    status: 'ENABLED',
    displayStatus: 'RUNNING',
    deleted: false,
    modificationTime: '2026-02-01T10:00:00.000',
    adAccountId: ACCOUNT_ID,
    campaignId: level === 'campaigns' ? null : 77,
    adGroupId: null,
    details: { currency: 'USD', adamId: ADAM_ID, appName: APP.name },
    counts: buildCounts(),
    ...overrides,
  };
}

export function buildPage(rows: ReportRow[], overrides: Partial<ReportPage> = {}): ReportPage {
  return {
    rows,
    total: rows.length,
    totals: {
      byCurrency: [
        {
          currency: 'USD',
          counts: buildCounts({ localSpendMicros: 1_234_560_000, impressions: 98_765 }),
        },
      ],
      converted: null,
    },
    statusCounts: { all: rows.length, live: rows.length, paused: 0, deleted: 0, draft: 0 },
    ...overrides,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/** Answers the page's lookups, views and series; `reports` answers the report operations. */
export function adsManagerServer(answers: Record<string, Answer>) {
  return fakeGraphql({
    getIntegrationInfo: () => ({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
      historyLimited: false,
      integrationId: 'int-1',
    }),
    getAppsWithOrg: () => [APP],
    getCampaignsByOrg: () => [
      { id: 77, adAccountId: ACCOUNT_ID, adamId: ADAM_ID, name: 'Brand campaign' },
    ],
    getAdGroupsByCampaigns: () => [
      { id: 88, adAccountId: ACCOUNT_ID, campaignId: 77, name: 'Exact brand' },
    ],
    adsManagerSeries: () => [],
    fetchCustomView: () => [],
    fetchTablePresets: () => [],
    getAllStrategies: () => [],
    ...answers,
  });
}

export const queryOf = (variables: Record<string, unknown>) => variables.query as ReportQuery;
