// The `fields` the sync asks for must hold everything toMetrics reads: a report projected to
// METRICS_READ converts to the same metrics as the whole report.
import { describe, expect, it } from 'vitest';
import { METRICS_READ, toMetrics } from './report-metrics.js';
import type { WireMetrics } from './types.js';

const money = (amount: string) => ({ amount, currency: 'USD' });

const whole: Required<WireMetrics> = {
  date: '2026-11-01',
  impressions: 1_000,
  taps: 90,
  ttr: 0.09,
  localSpend: money('45.5'),
  cpt: money('0.51'),
  cpm: money('45.5'),
  tapInstalls: 20,
  viewInstalls: 3,
  totalInstalls: 24,
  tapNewDownloads: 15,
  tapRedownloads: 5,
  viewNewDownloads: 2,
  viewRedownloads: 1,
  totalNewDownloads: 17,
  totalRedownloads: 6,
  tapPreOrdersPlaced: 4,
  viewPreOrdersPlaced: 2,
  totalPreOrdersPlaced: 6,
  tapInstallCPI: money('2.28'),
  totalAvgCPI: money('1.9'),
  tapInstallRate: 0.22,
  totalInstallRate: 0.27,
};

describe('report metrics', () => {
  it('reads nothing a report projected to METRICS_READ leaves out', () => {
    const projected: WireMetrics = { date: whole.date };
    for (const field of METRICS_READ) Object.assign(projected, { [field]: whole[field] });
    expect(toMetrics(projected)).toEqual(toMetrics(whole));
    expect(toMetrics(whole)).toMatchObject({ totalInstalls: 24, localSpendMicros: 45_500_000 });
  });
});
