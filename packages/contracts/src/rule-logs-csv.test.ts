import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { reportCsvLines } from './report-export';
import {
  formatChangeValues,
  ruleLogLineTexts,
  RULE_LOGS_CSV_COLUMNS,
  type RuleLogCsvLine,
} from './rule-logs-csv';

describe('rule logs CSV', () => {
  it('writes amounts stored in micros as money and other values as they are', () => {
    expect(formatChangeValues({ bidMicros: 1_234_567, status: 'PAUSED' })).toBe(
      'bid: 1.23; status: PAUSED',
    );
    expect(formatChangeValues({ dailyBudgetMicros: 1_500_000_000_000 })).toBe(
      'dailyBudget: 1,500,000.00',
    );
    expect(formatChangeValues({ keyword: { text: 'a', matchType: 'EXACT' } })).toBe(
      'keyword: {"text":"a","matchType":"EXACT"}',
    );
    expect(formatChangeValues(null)).toBe('');
  });

  it('quotes commas and quotes, keeps formulas as text and leaves change cells empty for events', () => {
    const lines: RuleLogCsvLine[] = [
      {
        entry: {
          at: '2026-04-01T08:30:00.000Z',
          ruleName: 'Cut waste',
          status: 'SUCCESS',
          trigger: 'SCHEDULED',
          dryRun: false,
          message: null,
        },
        change: {
          level: 'keyword',
          entityName: '+games, "free"',
          action: 'CHANGE_BID',
          before: { bidMicros: 2_000_000 },
          after: { bidMicros: 1_000_000 },
          status: 'APPLIED',
          capped: true,
          message: null,
          conversion: {
            ruleCurrency: 'USD',
            currency: 'EUR',
            factor: 0.8,
            rateDay: '2026-04-01',
            values: [
              { source: 'condition', name: 'spend', ruleMicros: 35_000_000, micros: 28_000_000 },
            ],
          },
        },
      },
      {
        entry: {
          at: '2026-04-02T08:30:00.000Z',
          ruleName: 'Cut waste',
          status: 'ENABLED',
          trigger: null,
          dryRun: false,
          message: null,
        },
        change: null,
      },
    ];
    // The shared table writer writes these texts through reportCsvLines.
    const csv = reportCsvLines([[...RULE_LOGS_CSV_COLUMNS], ...lines.map(ruleLogLineTexts)]);
    expect(csv.split('\r\n')[1]).toContain(`"'+games, ""free"""`);
    const [header, change, event] = Papa.parse<string[]>(csv).data;
    expect(header).toEqual([...RULE_LOGS_CSV_COLUMNS]);
    expect(change).toEqual([
      '2026-04-01T08:30:00.000Z',
      'Cut waste',
      'SUCCESS',
      'SCHEDULED',
      'no',
      'keyword',
      `'+games, "free"`,
      'CHANGE_BID',
      'bid: 2.00',
      'bid: 1.00',
      'APPLIED',
      'yes',
      '',
      'USD to EUR at 0.8 (2026-04-01): spend 35.00 USD ≈ 28.00 EUR',
    ]);
    expect(event).toEqual([
      '2026-04-02T08:30:00.000Z',
      'Cut waste',
      'ENABLED',
      '',
      'no',
      ...Array(9).fill(''),
    ]);
  });
});
