import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chartPresetInput,
  dateRangeSchema,
  daysInRange,
  exportReportInput,
  isoDate,
  OVERVIEW_MAX_PERIOD_DAYS,
  overviewPresetInput,
  overviewQuerySchema,
  overviewSeriesQuerySchema,
  previousPeriod,
  REPORT_DATASETS,
  topEntitiesQuerySchema,
} from './overview';
import { issueMessages, issuesAt } from './validation/testing';

const DAY_MS = 86_400_000;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Any day from 2000 to 2040. */
const anyDay = fc.integer({ min: dayOf('2000-01-01'), max: dayOf('2040-12-31') });
const anyRange = fc
  .tuple(anyDay, fc.integer({ min: 1, max: OVERVIEW_MAX_PERIOD_DAYS }))
  .map(([start, length]) => ({ start: isoOf(start), end: isoOf(start + length - 1) }));

const scope = { adAccountId: 4_000_001, adamId: 1_234_567_890 };
const period = { start: '2026-01-01', end: '2026-01-30' };

describe('dates', () => {
  it('accepts real calendar days written YYYY-MM-DD', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '1999-12-31', '1970-01-01'])
      expect(issueMessages(isoDate, day), day).toEqual([]);
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const day of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-05',
      '05/01/2026',
      '2026-01-05T00:00:00Z',
      '0000-01-01',
      '1969-12-31',
      '',
    ])
      expect(issueMessages(isoDate, day), day).toEqual(['validation.dateInvalid']);
  });

  it('counts the days of a range inclusively, across leap days', () => {
    expect(daysInRange({ start: '2026-03-05', end: '2026-03-05' })).toBe(1);
    expect(daysInRange({ start: '2024-02-01', end: '2024-03-01' })).toBe(30);
    expect(daysInRange({ start: '2025-01-01', end: '2025-12-31' })).toBe(365);
  });

  it('refuses a range that ends before it starts, on the end field', () => {
    expect(issuesAt(dateRangeSchema, { start: '2026-01-02', end: '2026-01-01' })).toEqual([
      { path: ['end'], message: 'validation.dateRangeOrder' },
    ]);
  });

  it('accepts up to 24 months of history in one period and refuses more', () => {
    const start = dayOf('2024-01-01');
    const longest = { start: isoOf(start), end: isoOf(start + OVERVIEW_MAX_PERIOD_DAYS - 1) };
    expect(issueMessages(dateRangeSchema, longest)).toEqual([]);
    const tooLong = { start: longest.start, end: isoOf(start + OVERVIEW_MAX_PERIOD_DAYS) };
    expect(issuesAt(dateRangeSchema, tooLong)).toEqual([
      { path: ['end'], message: 'validation.dateRangeTooLong' },
    ]);
  });
});

describe('previousPeriod', () => {
  it('is the period of equal length ending the day before, across month and year ends', () => {
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    expect(previousPeriod({ start: '2026-01-01', end: '2026-01-07' })).toEqual({
      start: '2025-12-25',
      end: '2025-12-31',
    });
    expect(previousPeriod({ start: '2024-03-01', end: '2024-03-30' })).toEqual({
      start: '2024-01-31',
      end: '2024-02-29',
    });
  });

  it('has the same length and ends the day before for any range (property)', () => {
    fc.assert(
      fc.property(anyRange, (range) => {
        const previous = previousPeriod(range);
        expect(daysInRange(previous)).toBe(daysInRange(range));
        expect(dayOf(previous.end) + 1).toBe(dayOf(range.start));
        expect(dateRangeSchema.safeParse(previous).success).toBe(true);
      }),
    );
  });
});

describe('overview queries', () => {
  it('accepts an app of an ad account with a period and an optional comparison period', () => {
    expect(issueMessages(overviewQuerySchema, { ...scope, currdate: period })).toEqual([]);
    expect(
      issueMessages(overviewQuerySchema, {
        ...scope,
        currdate: period,
        prevdate: previousPeriod(period),
      }),
    ).toEqual([]);
  });

  it('refuses missing or non-positive ids and a wrong comparison period', () => {
    expect(overviewQuerySchema.safeParse({ ...scope, adamId: 0, currdate: period }).success).toBe(
      false,
    );
    expect(overviewQuerySchema.safeParse({ adamId: 1, currdate: period }).success).toBe(false);
    expect(
      issuesAt(overviewQuerySchema, {
        ...scope,
        currdate: period,
        prevdate: { start: '2026-01-10', end: '2026-01-01' },
      }),
    ).toEqual([{ path: ['prevdate', 'end'], message: 'validation.dateRangeOrder' }]);
  });

  it('takes the series granularities DAY, WEEK and MONTH only', () => {
    for (const granularity of ['DAY', 'WEEK', 'MONTH'])
      expect(
        overviewSeriesQuerySchema.safeParse({ ...scope, currdate: period, granularity }).success,
      ).toBe(true);
    expect(
      overviewSeriesQuerySchema.safeParse({ ...scope, currdate: period, granularity: 'HOUR' })
        .success,
    ).toBe(false);
  });

  it('ranks the top lists by a metric of the registry, descending unless told otherwise', () => {
    const parsed = topEntitiesQuerySchema.parse({ ...scope, param: 'avgCpa', period });
    expect(parsed.sortDesc).toBe(true);
    expect(
      topEntitiesQuerySchema.parse({ ...scope, param: 'taps', period, sortDesc: false }).sortDesc,
    ).toBe(false);
    // Goal metrics rank too (the server refuses them without a goalId); unknown names never.
    expect(topEntitiesQuerySchema.safeParse({ ...scope, param: 'goals', period }).success).toBe(
      true,
    );
    expect(topEntitiesQuerySchema.safeParse({ ...scope, param: 'revenue', period }).success).toBe(
      false,
    );
  });
});

describe('presets', () => {
  it('keeps a chart preset of 1 to 4 metrics with a trimmed name of at most 60 characters', () => {
    expect(
      chartPresetInput.parse({
        name: '  Weekly spend ',
        metrics: ['spend', 'taps'],
        granularity: 'WEEK',
      }),
    ).toEqual({ name: 'Weekly spend', metrics: ['spend', 'taps'], granularity: 'WEEK' });
    expect(
      issueMessages(chartPresetInput, { name: '   ', metrics: ['spend'], granularity: 'DAY' }),
    ).toEqual(['validation.required']);
    expect(
      issueMessages(chartPresetInput, {
        name: 'x'.repeat(61),
        metrics: ['spend'],
        granularity: 'DAY',
      }),
    ).toEqual(['validation.presetNameTooLong']);
    expect(chartPresetInput.safeParse({ name: 'a', metrics: [], granularity: 'DAY' }).success).toBe(
      false,
    );
    expect(
      chartPresetInput.safeParse({
        name: 'a',
        metrics: ['spend', 'taps', 'ttr', 'cpi', 'installs'],
        granularity: 'DAY',
      }).success,
    ).toBe(false);
    expect(
      chartPresetInput.safeParse({ name: 'a', metrics: ['bids'], granularity: 'DAY' }).success,
    ).toBe(false);
  });

  it('keeps an overview preset of a period, with or without an app', () => {
    expect(overviewPresetInput.parse({ name: 'Last month', period: 'lastMonth' })).toEqual({
      name: 'Last month',
      period: 'lastMonth',
    });
    expect(
      overviewPresetInput.safeParse({ name: 'Mine', period: 'last7Days', ...scope }).success,
    ).toBe(true);
    expect(overviewPresetInput.safeParse({ name: 'Mine', period: '' }).success).toBe(false);
  });
});

describe('exportReport', () => {
  const filter = { ...scope, currdate: period };

  it('accepts a filter, a receiver and at least one known dataset', () => {
    expect(
      issueMessages(exportReportInput, {
        filter,
        receiverMail: 'lead@acme.test',
        reportDatasets: [...REPORT_DATASETS],
      }),
    ).toEqual([]);
  });

  it('refuses a bad e-mail address, no dataset and an unknown dataset', () => {
    expect(
      issueMessages(exportReportInput, {
        filter,
        receiverMail: 'lead',
        reportDatasets: ['totals'],
      }),
    ).toEqual(['validation.emailInvalid']);
    expect(
      issueMessages(exportReportInput, { filter, receiverMail: 'a@b.co', reportDatasets: [] }),
    ).toEqual(['validation.required']);
    expect(
      exportReportInput.safeParse({ filter, receiverMail: 'a@b.co', reportDatasets: ['goals'] })
        .success,
    ).toBe(false);
  });
});
