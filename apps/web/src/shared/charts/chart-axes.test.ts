import { describe, expect, it } from 'vitest';
import { canAddChartMetric, chartAxes } from './chart-axes';

describe('chart axes', () => {
  it('puts metrics of one unit on one axis, the first chosen unit on the left', () => {
    expect(chartAxes(['taps', 'spend', 'installs', 'avgCpa'])).toEqual([
      { unit: 'count', metrics: ['taps', 'installs'] },
      { unit: 'money', metrics: ['spend', 'avgCpa'] },
    ]);
  });

  it('offers a third and fourth metric, but no third unit and no fifth line', () => {
    expect(canAddChartMetric(['spend', 'taps'], 'installs')).toBe(true);
    expect(canAddChartMetric(['spend', 'taps', 'installs'], 'avgCpt')).toBe(true);
    expect(canAddChartMetric(['spend', 'taps'], 'ttr')).toBe(false);
    expect(canAddChartMetric(['spend', 'taps', 'installs', 'avgCpt'], 'impressions')).toBe(false);
    expect(canAddChartMetric(['spend', 'taps'], 'taps')).toBe(true);
  });
});
