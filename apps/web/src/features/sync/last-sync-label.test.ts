import { describe, expect, it } from 'vitest';
import { lastSyncLabel } from './last-sync-label';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('last-sync time', () => {
  it('is relative under 60 minutes', () => {
    expect(lastSyncLabel('2026-03-01T11:55:00Z', NOW, 'en')).toBe('5 minutes ago');
    expect(lastSyncLabel('2026-03-01T11:01:00Z', NOW, 'en')).toBe('59 minutes ago');
  });

  it('is the date and time in UTC from 60 minutes on', () => {
    expect(lastSyncLabel('2026-03-01T11:00:00Z', NOW, 'en')).toBe('Mar 1, 2026, 11:00 AM UTC');
  });
});
