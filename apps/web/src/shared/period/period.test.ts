import { describe, expect, it } from 'vitest';
import { customChoice, earliestDay, resolveChoice } from './period';

describe('chosen periods', () => {
  it('resolves a named period and a custom range alike, from the UTC day', () => {
    const now = new Date('2026-03-01T03:00:00Z');
    expect(resolveChoice({ id: 'monthToDate' }, now)).toEqual({
      currdate: { start: '2026-03-01', end: '2026-03-01' },
      prevdate: { start: '2026-02-01', end: '2026-02-01' },
      until: '2026-03-01T03:00:00.000Z',
    });
    expect(
      resolveChoice({ id: 'custom', range: { start: '2026-01-01', end: '2026-01-31' } }, now),
    ).toEqual({
      currdate: { start: '2026-01-01', end: '2026-01-31' },
      prevdate: { start: '2025-12-01', end: '2025-12-31' },
      until: null,
    });
  });
});

describe('custom ranges', () => {
  it('keeps a complete, ordered range of at most 24 months', () => {
    const choice = customChoice('2026-01-05', '2026-01-20');
    expect(choice).toEqual({ id: 'custom', range: { start: '2026-01-05', end: '2026-01-20' } });
    expect(customChoice('2026-01-05', null)).toBeNull();
    expect(customChoice('2026-01-20', '2026-01-05')).toBeNull();
    expect(customChoice(earliestDay('2026-03-01'), '2026-03-01')).not.toBeNull();
    expect(customChoice(earliestDay('2026-02-28'), '2026-03-01')).toBeNull();
  });
});
