// App Store categories and game genres (spec 2 §3.1), keyed by Apple's genre ids.

export interface AppCategory {
  readonly id: number;
  readonly name: string;
}

/**
 * The spec gives the range 6000-6024 and 24 names. Apple's genre ids skip 6019, so the names map
 * to 6000-6018 and 6020-6024 (Games is 6014, the default game category).
 */
export const APP_CATEGORIES = [
  { id: 6000, name: 'Business' },
  { id: 6001, name: 'Weather' },
  { id: 6002, name: 'Utilities' },
  { id: 6003, name: 'Travel' },
  { id: 6004, name: 'Sports' },
  { id: 6005, name: 'Social Networking' },
  { id: 6006, name: 'Reference' },
  { id: 6007, name: 'Productivity' },
  { id: 6008, name: 'Photo & Video' },
  { id: 6009, name: 'News' },
  { id: 6010, name: 'Navigation' },
  { id: 6011, name: 'Music' },
  { id: 6012, name: 'Lifestyle' },
  { id: 6013, name: 'Health & Fitness' },
  { id: 6014, name: 'Games' },
  { id: 6015, name: 'Finance' },
  { id: 6016, name: 'Entertainment' },
  { id: 6017, name: 'Education' },
  { id: 6018, name: 'Books' },
  { id: 6020, name: 'Medical' },
  { id: 6021, name: 'Newsstand' },
  { id: 6022, name: 'Catalogs' },
  { id: 6023, name: 'Food & Drink' },
  { id: 6024, name: 'Shopping' },
] as const satisfies readonly AppCategory[];
export type AppCategoryId = (typeof APP_CATEGORIES)[number]['id'];

/**
 * Game genres 7001-7019 by Apple's ids. The spec names none; these are Apple's names. 7007 Dice,
 * 7008 Educational and 7010 Kids are retired by Apple but still appear in older data.
 */
export const GAME_GENRES = [
  { id: 7001, name: 'Action' },
  { id: 7002, name: 'Adventure' },
  { id: 7003, name: 'Casual' },
  { id: 7004, name: 'Board' },
  { id: 7005, name: 'Card' },
  { id: 7006, name: 'Casino' },
  { id: 7007, name: 'Dice' },
  { id: 7008, name: 'Educational' },
  { id: 7009, name: 'Family' },
  { id: 7010, name: 'Kids' },
  { id: 7011, name: 'Music' },
  { id: 7012, name: 'Puzzle' },
  { id: 7013, name: 'Racing' },
  { id: 7014, name: 'Role Playing' },
  { id: 7015, name: 'Simulation' },
  { id: 7016, name: 'Sports' },
  { id: 7017, name: 'Strategy' },
  { id: 7018, name: 'Trivia' },
  { id: 7019, name: 'Word' },
] as const satisfies readonly AppCategory[];
export type GameGenreId = (typeof GAME_GENRES)[number]['id'];

/** "All categories" in category pickers and top-app requests. */
export const ALL_CATEGORIES_ID = 0;
export const DEFAULT_GAME_CATEGORY_ID = 6014 satisfies AppCategoryId;

export type CategoryId = AppCategoryId | GameGenreId | typeof ALL_CATEGORIES_ID;

/** Top charts are requested for free or paid apps. */
export const CATEGORY_TYPES = ['free', 'paid'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

const categoryNames = new Map<number, string>(
  [...APP_CATEGORIES, ...GAME_GENRES].map(({ id, name }) => [id, name]),
);
categoryNames.set(ALL_CATEGORIES_ID, 'All');

/** English name of a category or game genre id; undefined for ids outside the spec's ranges. */
export function categoryName(id: number): string | undefined {
  return categoryNames.get(id);
}
