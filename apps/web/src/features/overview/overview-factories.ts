// Test data for the overview: counts, totals, rows and apps built from a few numbers.
import {
  ZERO_COUNTS,
  comparisonRange,
  type BreakdownRow,
  type DateRange,
  type MetricCounts,
  type OverviewReport,
  type OverviewTotals,
  type SeriesPoint,
  type TopEntityRow,
} from '@tapwise/contracts';
import type { OwnApp } from './overview-api';

export function buildCounts(overrides: Partial<MetricCounts> = {}): MetricCounts {
  const base = {
    ...ZERO_COUNTS,
    impressions: 10_000,
    taps: 500,
    tapInstalls: 100,
    viewInstalls: 20,
    totalInstalls: 120,
    tapNewDownloads: 80,
    tapRedownloads: 20,
    viewNewDownloads: 15,
    viewRedownloads: 5,
    localSpendMicros: 250_000_000,
  };
  return { ...base, ...overrides };
}

export function buildApp(overrides: Partial<OwnApp> = {}): OwnApp {
  return {
    adAccountId: 4_100_001,
    adamId: 1_500_000_001,
    name: 'Puzzle Quest',
    adAccountName: 'Acme Games',
    currency: 'USD',
    timeZone: 'UTC',
    ...overrides,
  };
}

export function buildTotals(
  currdate: DateRange,
  overrides: Partial<OverviewTotals> = {},
): OverviewTotals {
  return {
    currdate,
    prevdate: comparisonRange(currdate, 'custom'),
    currency: 'USD',
    current: buildCounts(),
    previous: buildCounts({ localSpendMicros: 200_000_000, taps: 400 }),
    dailyFrom: '2020-01-01',
    comparedUntil: null,
    ...overrides,
  };
}

export function buildEntityRow(id: number, overrides: Partial<TopEntityRow> = {}): TopEntityRow {
  return {
    id,
    name: `keyword ${id}`,
    campaignId: 9_000 + id,
    campaignName: `Campaign ${id}`,
    adGroupId: 8_000 + id,
    matchType: 'EXACT',
    counts: buildCounts({ localSpendMicros: id * 1_000_000 }),
    ...overrides,
  };
}

export function buildBreakdownRow(value: string, spendMicros: number): BreakdownRow {
  return {
    value,
    counts: buildCounts({ localSpendMicros: spendMicros }),
    previous: buildCounts({ localSpendMicros: spendMicros / 2 }),
  };
}

export function buildSeries(range: DateRange): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (let day = Date.parse(range.start); day <= Date.parse(range.end); day += 86_400_000) {
    points.push({ date: new Date(day).toISOString().slice(0, 10), counts: buildCounts() });
  }
  return points;
}

export function buildReport(currdate: DateRange): OverviewReport {
  return {
    appName: 'Puzzle Quest: Deluxe',
    totals: buildTotals(currdate),
    granularity: 'DAY',
    series: buildSeries(currdate),
    topKeywords: [buildEntityRow(1), buildEntityRow(2)],
    topAdGroups: [buildEntityRow(3, { name: 'Brand', matchType: undefined })],
    breakdowns: {
      gender: [buildBreakdownRow('M', 150_000_000), buildBreakdownRow('F', 100_000_000)],
      deviceClass: [buildBreakdownRow('IPHONE', 200_000_000)],
      placement: [buildBreakdownRow('APPSTORE_SEARCH_RESULTS', 200_000_000)],
      ageRange: [buildBreakdownRow('18-24', 50_000_000)],
      countryOrRegion: [buildBreakdownRow('US', 200_000_000), buildBreakdownRow('DE', 50_000_000)],
    },
  };
}
