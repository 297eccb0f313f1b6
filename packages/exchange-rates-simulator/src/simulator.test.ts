import { parseEcbFeed } from '@tapwise/exchange-rates';
import { describe, expect, it } from 'vitest';
import { renderEcbDocument, simulatedFeed, simulatedPublications } from './ecb-documents.js';
import { SIMULATED_LEVELS, simulatedPublication, simulatedRate } from './rates-model.js';

describe('the simulated rates', () => {
  it('are the same on every run and stay near their level', () => {
    expect(simulatedRate('USD', '2025-11-18')).toBe(simulatedRate('USD', '2025-11-18'));
    for (const [currency, level] of Object.entries(SIMULATED_LEVELS)) {
      const rate = simulatedRate(currency, '2025-11-18');
      expect(Math.abs(rate / level - 1)).toBeLessThan(0.06);
    }
  });

  it('move from day to day', () => {
    expect(simulatedRate('USD', '2025-11-18')).not.toBe(simulatedRate('USD', '2025-11-19'));
  });

  it('are published on TARGET working days only', () => {
    expect(simulatedPublication('2025-11-22')).toBeNull();
    expect(simulatedPublication('2025-12-25')).toBeNull();
    const days = simulatedPublications('2025-12-22', '2026-01-02').map((p) => p.date);
    expect(days).toEqual([
      '2025-12-22',
      '2025-12-23',
      '2025-12-24',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-02',
    ]);
  });

  it('read back from the ECB document they are written as', () => {
    const publications = simulatedPublications('2025-11-17', '2025-11-21');
    expect(parseEcbFeed(renderEcbDocument(publications))).toEqual(publications);
  });

  it('fill each file as the ECB does at an instant', () => {
    const now = new Date('2025-11-18T10:00:00Z');
    expect(simulatedFeed('eurofxref-daily.xml', now).map((p) => p.date)).toEqual(['2025-11-17']);
    const last90 = simulatedFeed('eurofxref-hist-90d.xml', now);
    expect(last90[0]!.date >= '2025-08-19').toBe(true);
    expect(last90.at(-1)!.date).toBe('2025-11-17');
  });
});
