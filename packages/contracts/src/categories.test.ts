import { describe, expect, it } from 'vitest';
import { APP_CATEGORIES, DEFAULT_GAME_CATEGORY_ID, GAME_GENRES, categoryName } from './categories';

describe('categories', () => {
  it('holds the 24 named categories within 6000-6024, skipping 6019 as Apple does', () => {
    const ids = APP_CATEGORIES.map(({ id }) => id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(ids.every((id) => id >= 6000 && id <= 6024)).toBe(true);
    expect(ids).not.toContain(6019);
  });

  it('names the default game category Games', () => {
    expect(DEFAULT_GAME_CATEGORY_ID).toBe(6014);
    expect(categoryName(DEFAULT_GAME_CATEGORY_ID)).toBe('Games');
  });

  it('covers every game genre id from 7001 to 7019', () => {
    expect(GAME_GENRES.map(({ id }) => id)).toEqual(
      Array.from({ length: 19 }, (_, index) => 7001 + index),
    );
  });

  it('names All as 0 and knows nothing outside the ranges', () => {
    expect(categoryName(0)).toBe('All');
    expect(categoryName(6008)).toBe('Photo & Video');
    expect(categoryName(6019)).toBeUndefined();
    expect(categoryName(7020)).toBeUndefined();
  });
});
