import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { METRIC_KEYS, ZERO_COUNTS, type MetricCounts } from './metrics';
import type { BreakdownRow, OverviewReport, TopEntityRow } from './overview';
import { SUPPORTED_LOCALES } from './locales';
import { OVERVIEW_CSV_LABELS_BY_LOCALE } from './overview-csv-labels';
import {
  buildOverviewCsv,
  formatMetricValue,
  formatMicrosAmount,
  OVERVIEW_CSV_LABELS,
  overviewCsvFileName,
} from './overview-csv';

let sequence = 0;

function countsOf(values: Partial<MetricCounts> = {}): MetricCounts {
  sequence++;
  return {
    impressions: 12_000 + sequence,
    taps: 600,
    tapInstalls: 150,
    viewInstalls: 30,
    totalInstalls: 180,
    tapNewDownloads: 120,
    tapRedownloads: 30,
    viewNewDownloads: 25,
    viewRedownloads: 5,
    localSpendMicros: 1_234_567_890,
    ...values,
  };
}

function entityRow(values: Partial<TopEntityRow> = {}): TopEntityRow {
  sequence++;
  return {
    id: 900_000 + sequence,
    name: `keyword ${sequence}`,
    campaignId: 100 + sequence,
    campaignName: `Campaign ${sequence}`,
    adGroupId: 500 + sequence,
    counts: countsOf(),
    ...values,
  };
}

function breakdownRow(value: string): BreakdownRow {
  return { value, counts: countsOf(), previous: countsOf({ localSpendMicros: 1_000_000_000 }) };
}

function reportOf(values: Partial<OverviewReport> = {}): OverviewReport {
  return {
    appName: 'Puzzle Quest',
    granularity: 'DAY',
    totals: {
      currdate: { start: '2026-01-01', end: '2026-01-02' },
      prevdate: { start: '2025-12-30', end: '2025-12-31' },
      currency: 'EUR',
      current: countsOf({ localSpendMicros: 1_234_567_890, taps: 600, impressions: 12_000 }),
      previous: countsOf({ localSpendMicros: 1_000_000_000, taps: 500, impressions: 10_000 }),
      dailyFrom: '2025-10-04',
      comparedUntil: null,
    },
    series: [
      { date: '2026-01-01', counts: countsOf() },
      { date: '2026-01-02', counts: { ...ZERO_COUNTS } },
    ],
    topKeywords: [entityRow({ matchType: 'EXACT' }), entityRow({ matchType: 'BROAD' })],
    topAdGroups: [entityRow({ name: 'Brand US' })],
    breakdowns: {
      gender: [breakdownRow('M'), breakdownRow('F')],
      deviceClass: [breakdownRow('IPHONE'), breakdownRow('IPAD')],
      placement: [breakdownRow('APPSTORE_SEARCH_RESULTS')],
      ageRange: [breakdownRow('18-24')],
      countryOrRegion: [breakdownRow('US'), breakdownRow('DE')],
    },
    ...values,
  };
}

const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: false }).data;

/** The rows of one section, from its heading row to the next empty line. */
function section(csv: string, title: string): string[][] {
  const rows = parse(csv);
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  if (start < 0) throw new Error(`no section ${title}`);
  const end = rows.findIndex((row, index) => index > start && row.length === 1 && row[0] === '');
  return rows.slice(start + 1, end < 0 ? undefined : end);
}

describe('buildOverviewCsv', () => {
  it('opens with the app, both periods, the currency and where daily history starts', () => {
    const rows = parse(buildOverviewCsv(reportOf()));
    expect(rows.slice(0, 7)).toEqual([
      ['Overview report'],
      ['App', 'Puzzle Quest'],
      ['Period', '2026-01-01', '2026-01-02'],
      ['Compared with', '2025-12-30', '2025-12-31'],
      ['Currency', 'EUR'],
      ['Granularity', 'DAY'],
      ['Kept per day from', '2025-10-04'],
    ]);
  });

  it('writes every section in order, each after an empty line', () => {
    const rows = parse(buildOverviewCsv(reportOf()));
    const titles = rows.filter((_, index) => index > 0 && rows[index - 1]!.join('') === '');
    expect(titles.map((row) => row[0])).toEqual([
      'Totals',
      'Series',
      'Top keywords',
      'Top ad groups',
      'Gender',
      'Device',
      'Placement',
      'Age',
      'Country or region',
    ]);
  });

  it('writes totals with the previous period, the change and the change in percent', () => {
    const totals = section(buildOverviewCsv(reportOf()), 'Totals');
    expect(totals[0]).toEqual(['Metric', 'Current', 'Previous', 'Change', 'Change %']);
    expect(totals).toHaveLength(1 + METRIC_KEYS.length);
    const byMetric = Object.fromEntries(totals.slice(1).map((row) => [row[0], row.slice(1)]));
    expect(byMetric['Spend (EUR)']).toEqual(['1,234.57', '1,000.00', '234.57', '23.46%']);
    expect(byMetric['Taps']).toEqual(['600', '500', '100', '20.00%']);
    expect(byMetric['Impressions']).toEqual(['12,000', '10,000', '2,000', '20.00%']);
    expect(byMetric['TTR']).toEqual(['5.00%', '5.00%', '0.00%', '0.00%']);
    expect(byMetric['Avg CPT (EUR)']).toEqual(['2.06', '2.00', '0.06', '2.88%']);
  });

  it('leaves undefined metrics and changes from zero empty', () => {
    const csv = buildOverviewCsv(
      reportOf({
        totals: { ...reportOf().totals, current: { ...ZERO_COUNTS }, previous: { ...ZERO_COUNTS } },
      }),
    );
    const byMetric = Object.fromEntries(
      section(csv, 'Totals')
        .slice(1)
        .map((row) => [row[0], row.slice(1)]),
    );
    expect(byMetric['Avg CPA (EUR)']).toEqual(['', '', '', '']);
    expect(byMetric['Installs']).toEqual(['0', '0', '0', '']);
    const series = section(csv, 'Series');
    expect(series[2]![0]).toBe('2026-01-02');
    expect(series[2]![METRIC_KEYS.indexOf('ttr') + 1]).toBe('');
  });

  it('names each keyword with its match type and campaign, and each ad group with its campaign', () => {
    const report = reportOf();
    const csv = buildOverviewCsv(report);
    const keywords = section(csv, 'Top keywords');
    expect(keywords[0]!.slice(0, 4)).toEqual(['Keyword', 'Match type', 'Campaign', 'Spend (EUR)']);
    expect(keywords.slice(1).map((row) => row.slice(0, 3))).toEqual(
      report.topKeywords.map((row) => [row.name, row.matchType, row.campaignName]),
    );
    const adGroups = section(csv, 'Top ad groups');
    expect(adGroups[1]!.slice(0, 3)).toEqual([
      'Brand US',
      report.topAdGroups[0]!.campaignName,
      '1,234.57',
    ]);
  });

  it('gives each breakdown value its metrics for both periods', () => {
    const countries = section(buildOverviewCsv(reportOf()), 'Country or region');
    expect(countries[0]).toHaveLength(1 + 2 * METRIC_KEYS.length);
    expect(countries[0]![1 + METRIC_KEYS.length]).toBe('Spend (EUR) (previous period)');
    expect(countries.slice(1).map((row) => [row[0], row[1], row[1 + METRIC_KEYS.length]])).toEqual([
      ['US', '1,234.57', '1,000.00'],
      ['DE', '1,234.57', '1,000.00'],
    ]);
  });

  it('quotes names with separators and keeps names that look like formulas as text', () => {
    const csv = buildOverviewCsv(
      reportOf({
        topKeywords: [
          entityRow({ name: 'photo, "pro" editor', matchType: 'EXACT' }),
          entityRow({ name: '=HYPERLINK("http://x")', matchType: 'BROAD' }),
          entityRow({ name: '-cheap', matchType: 'BROAD' }),
        ],
      }),
    );
    const names = section(csv, 'Top keywords')
      .slice(1)
      .map((row) => row[0]);
    expect(names).toEqual(['photo, "pro" editor', `'=HYPERLINK("http://x")`, "'-cheap"]);
  });

  it('writes only the datasets asked for', () => {
    const rows = parse(buildOverviewCsv(reportOf(), undefined, ['totals', 'countryOrRegion']));
    const titles = rows.filter((_, index) => index > 0 && rows[index - 1]!.join('') === '');
    expect(titles.map((row) => row[0])).toEqual(['Totals', 'Country or region']);
  });

  it('uses translated headings and falls back to English for the rest', () => {
    const csv = buildOverviewCsv(reportOf(), {
      title: 'Übersicht',
      sections: { totals: 'Summen' },
      metrics: { spend: 'Ausgaben' },
    });
    expect(parse(csv)[0]).toEqual(['Übersicht']);
    const totals = section(csv, 'Summen');
    expect(totals[1]![0]).toBe('Ausgaben (EUR)');
    expect(totals[2]![0]).toBe(OVERVIEW_CSV_LABELS.metrics.impressions);
    expect(() => section(csv, 'Series')).not.toThrow();
  });
});

describe('overviewCsvFileName', () => {
  it('names the file after the app and the period, in letters and digits', () => {
    const period = { start: '2026-02-01', end: '2026-02-28' };
    expect(overviewCsvFileName('Puzzle Quest: Deluxe!', period)).toBe(
      'tapwise-overview-puzzle-quest-deluxe-2026-02-01-2026-02-28.csv',
    );
    expect(overviewCsvFileName('Café Écrit', period)).toBe(
      'tapwise-overview-cafe-ecrit-2026-02-01-2026-02-28.csv',
    );
    expect(overviewCsvFileName('パズル', period)).toBe(
      'tapwise-overview-パズル-2026-02-01-2026-02-28.csv',
    );
    expect(overviewCsvFileName('***', period)).toBe(
      'tapwise-overview-app-2026-02-01-2026-02-28.csv',
    );
  });
});

describe('CSV headings', () => {
  it('exist in every interface language, none empty, with the {metric} placeholder kept', () => {
    const keysOf = (labels: object): string[] =>
      Object.entries(labels).flatMap(([key, value]) =>
        typeof value === 'string' ? [key] : keysOf(value).map((inner) => `${key}.${inner}`),
      );
    const englishKeys = keysOf(OVERVIEW_CSV_LABELS).sort();
    for (const locale of SUPPORTED_LOCALES) {
      const labels = OVERVIEW_CSV_LABELS_BY_LOCALE[locale];
      expect(keysOf(labels).sort(), locale).toEqual(englishKeys);
      const texts: string[] = JSON.stringify(labels).match(/"[^"]*"/g) ?? [];
      expect(texts.includes('""'), locale).toBe(false);
      expect(labels.previousPeriodOf, locale).toContain('{metric}');
      if (locale !== 'en') expect(labels.title, locale).not.toBe(OVERVIEW_CSV_LABELS.title);
    }
  });
});

describe('number formats', () => {
  it('writes currency amounts from micros with exactly 2 decimals, rounding half away from zero', () => {
    expect(formatMicrosAmount(0)).toBe('0.00');
    expect(formatMicrosAmount(1_005_000)).toBe('1.01');
    expect(formatMicrosAmount(1_004_999)).toBe('1.00');
    expect(formatMicrosAmount(-1_005_000)).toBe('-1.01');
    expect(formatMicrosAmount(-4_999)).toBe('0.00');
    expect(formatMicrosAmount(1_234_567_890_123)).toBe('1,234,567.89');
  });

  it('writes counts with en-US grouping and ratios as percentages with 2 decimals', () => {
    expect(formatMetricValue('impressions', 1_234_567)).toBe('1,234,567');
    expect(formatMetricValue('ttr', 0.04256)).toBe('4.26%');
    expect(formatMetricValue('conversionRate', 1)).toBe('100.00%');
    expect(formatMetricValue('avgCpm', null)).toBe('');
  });

  it('keeps every amount within half a cent of its micros (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (micros) => {
        const amount = formatMicrosAmount(micros);
        expect(amount).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        const cents = Number(amount.replace(/[,.]/g, ''));
        expect(Math.abs(cents * 10_000 - micros)).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});
