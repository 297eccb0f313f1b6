// Test data for organic ranking: tracked keywords and rank history built from a few values.
import type { RankPoint, TrackedKeywordRow } from '@tapwise/contracts';

let sequence = 0;

export function buildTrackedKeyword(overrides: Partial<TrackedKeywordRow> = {}): TrackedKeywordRow {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    adamId: '1500000001',
    appName: 'Puzzle Quest',
    location: 'us',
    language: 'en',
    device: 'iphone',
    term: `keyword ${sequence}`,
    organicRank: 12,
    previousRank: 15,
    change: 3,
    popularity: 48,
    totalApps: 200,
    lastCheckedAt: '2026-03-02T03:00:00.000Z',
    ...overrides,
  };
}

export function buildRankPoint(day: string, overrides: Partial<RankPoint> = {}): RankPoint {
  return {
    day,
    organicRank: 10,
    popularity: 40,
    localSpend: '12.50',
    taps: 7,
    installs: 2,
    ...overrides,
  };
}
