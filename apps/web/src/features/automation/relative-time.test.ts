import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-02T12:00:00Z');

describe('relative time', () => {
  it('picks the largest whole unit, past and future', () => {
    expect(relativeTime('2026-03-02T11:58:00Z', NOW, 'en')).toBe('2 minutes ago');
    expect(relativeTime('2026-03-02T09:00:00Z', NOW, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-02-27T12:00:00Z', NOW, 'en')).toBe('3 days ago');
    expect(relativeTime('2026-03-02T13:00:00Z', NOW, 'en')).toBe('in 1 hour');
    expect(relativeTime('2026-03-03T12:00:00Z', NOW, 'en')).toBe('tomorrow');
  });

  it('calls under a minute now, in the given language', () => {
    expect(relativeTime('2026-03-02T11:59:40Z', NOW, 'en')).toBe('this minute');
    expect(relativeTime('2026-03-02T09:00:00Z', NOW, 'de')).toBe('vor 3 Stunden');
  });
});
