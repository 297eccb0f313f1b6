// The App Store as the sandbox sees it: apps with categories and ratings, and keyword
// vocabularies per category. Generated from the seed; nothing here depends on wall-clock time.
import { hash, hashString, pick, unit } from './hash.js';

export interface CatalogueApp {
  adamId: number;
  name: string;
  developer: string;
  primaryGenreId: number;
  primaryGenreName: string;
  gameGenreId: number | null;
  rating: number;
  ratingCount: number;
  genre: string;
}

export interface CategorySeed {
  id: number;
  name: string;
  /** The search-term-popularity genre of the insights API. */
  genre: string;
  heads: readonly string[];
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    id: 6000,
    name: 'Business',
    genre: 'BUSINESS',
    heads: [
      'invoice',
      'crm',
      'scanner',
      'expense tracker',
      'time tracker',
      'meeting notes',
      'receipt scanner',
      'pdf editor',
    ],
  },
  {
    id: 6007,
    name: 'Productivity',
    genre: 'PRODUCTIVITY_UTILITIES',
    heads: [
      'task manager',
      'todo list',
      'notes',
      'planner',
      'calendar',
      'habit tracker',
      'reminders',
      'focus timer',
      'checklist',
      'journal',
    ],
  },
  {
    id: 6008,
    name: 'Photo & Video',
    genre: 'PHOTO_VIDEO',
    heads: [
      'photo editor',
      'video editor',
      'collage maker',
      'filters',
      'background remover',
      'camera',
      'slideshow',
      'retouch',
    ],
  },
  {
    id: 6013,
    name: 'Health & Fitness',
    genre: 'HEALTH_FITNESS',
    heads: [
      'workout',
      'step counter',
      'meditation',
      'yoga',
      'calorie counter',
      'running',
      'sleep tracker',
      'fasting',
    ],
  },
  {
    id: 6014,
    name: 'Games',
    genre: 'GAMES',
    heads: [
      'puzzle game',
      'word game',
      'solitaire',
      'racing game',
      'strategy game',
      'match 3',
      'sudoku',
      'chess',
    ],
  },
  {
    id: 6015,
    name: 'Finance',
    genre: 'FINANCE',
    heads: [
      'budget',
      'expense tracker',
      'stock trading',
      'crypto wallet',
      'money manager',
      'bill tracker',
      'savings',
      'tax',
    ],
  },
  {
    id: 6017,
    name: 'Education',
    genre: 'EDUCATION',
    heads: [
      'learn spanish',
      'language learning',
      'math solver',
      'flashcards',
      'kids learning',
      'typing',
      'vocabulary',
      'coding',
    ],
  },
  {
    id: 6023,
    name: 'Food & Drink',
    genre: 'FOOD_DRINK',
    heads: [
      'recipes',
      'meal planner',
      'food delivery',
      'grocery list',
      'diet',
      'cocktails',
      'baking',
      'vegan recipes',
    ],
  },
  {
    id: 6003,
    name: 'Travel',
    genre: 'TRAVEL',
    heads: [
      'flights',
      'hotel booking',
      'trip planner',
      'travel guide',
      'offline maps',
      'packing list',
      'currency converter',
      'vacation rental',
    ],
  },
];

/** App Store game genres (7001-7019) used for apps in the Games category, by Apple's names. */
export const GAME_GENRE_NAMES: Readonly<Record<number, string>> = {
  7001: 'Action',
  7002: 'Adventure',
  7003: 'Casual',
  7004: 'Board',
  7005: 'Card',
  7009: 'Family',
  7012: 'Puzzle',
  7013: 'Racing',
  7015: 'Simulation',
  7017: 'Strategy',
  7019: 'Word',
};
const GAME_GENRES: readonly number[] = Object.keys(GAME_GENRE_NAMES).map(Number);

const NAME_STARTS = [
  'Swift',
  'Bright',
  'Nova',
  'Pixel',
  'Zen',
  'Echo',
  'Lumen',
  'Orbit',
  'Maple',
  'Cobalt',
  'Tidy',
  'Atlas',
  'Kite',
  'Fable',
  'Vivid',
  'Prism',
];
const NAME_ENDS = [
  'ly',
  'Hub',
  'Pro',
  'Go',
  'Box',
  'Flow',
  'Mate',
  'Lab',
  'Kit',
  'Pal',
  'Nest',
  'Wise',
];
const DEVELOPERS = [
  'Northwind Apps',
  'Blue Harbor Ltd',
  'Cedar Software',
  'Kestrel Studios',
  'Mosaic Labs',
  'Quill & Co',
  'Riverbend Inc',
  'Summit Mobile',
];

export const MODIFIERS: readonly string[] = [
  'best',
  'free',
  'app',
  'simple',
  'easy',
  'top',
  'new',
  'pro',
  'offline',
  'daily',
  'smart',
  'quick',
  'online',
  'for iphone',
  'for ipad',
  'premium',
  'cute',
  'minimal',
  'family',
  'widget',
];

/** The storefronts every catalogue app is published in (app details, eligibility, locales). */
export const APP_STOREFRONTS: readonly string[] = ['US', 'GB', 'CA', 'DE', 'FR', 'AU', 'JP'];

export const CATALOGUE_SIZE = 240;

/** The catalogue: deterministic apps; adamIds are stable per seed. */
export function buildCatalogue(seed: number): CatalogueApp[] {
  const apps: CatalogueApp[] = [];
  const names = new Set<string>();
  for (let index = 0; apps.length < CATALOGUE_SIZE; index++) {
    const category = pick(CATEGORIES, unit(seed, 11, index));
    const base = `${pick(NAME_STARTS, unit(seed, 12, index))}${pick(NAME_ENDS, unit(seed, 13, index))}`;
    const suffix = pick(category.heads, unit(seed, 14, index)).split(' ')[0] ?? '';
    const name = `${base} ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
    if (names.has(name)) continue;
    names.add(name);
    const isGame = category.id === 6014;
    apps.push({
      adamId: 1_000_000_000 + (hash(seed, 15, index) % 900_000_000),
      name,
      developer: pick(DEVELOPERS, unit(seed, 16, index)),
      primaryGenreId: category.id,
      primaryGenreName: category.name,
      gameGenreId: isGame ? pick(GAME_GENRES, unit(seed, 17, index)) : null,
      rating: Math.round((3.2 + 1.7 * unit(seed, 18, index)) * 10) / 10,
      ratingCount: Math.floor(50 + 200_000 * unit(seed, 19, index) ** 3),
      genre: category.genre,
    });
  }
  return apps;
}

/**
 * The search terms the market knows for a category: its heads alone and with one modifier.
 * Insights and suggestions draw from it, and scenario keywords come from the same words.
 */
export function categoryVocabulary(category: CategorySeed): string[] {
  const terms = new Set<string>(category.heads);
  for (const head of category.heads)
    for (const modifier of MODIFIERS) terms.add(`${modifier} ${head}`);
  return [...terms];
}

export function categoryOf(app: CatalogueApp): CategorySeed {
  return (
    CATEGORIES.find((category) => category.id === app.primaryGenreId) ??
    (CATEGORIES[0] as CategorySeed)
  );
}

/**
 * Search popularity 1-100 of a term in a country: head terms are popular, longer terms are
 * long-tail. It does not depend on the seed so insights and reports agree across runs.
 */
export function termPopularity(term: string, country: string): number {
  const words = term.split(' ').length;
  const base = 90 - 22 * (words - 1) + 20 * unit(hashString(term)) - 10;
  const countryShift = 8 * (unit(hashString(term), hashString(country)) - 0.5);
  return Math.max(1, Math.min(100, Math.round(base + countryShift)));
}

export function popularity1to5(popularity: number): number {
  return Math.max(1, Math.min(5, Math.ceil(popularity / 20)));
}

/** How much search volume a storefront carries relative to the US. */
export const COUNTRY_VOLUME: Readonly<Record<string, number>> = {
  US: 1,
  GB: 0.32,
  CA: 0.22,
  DE: 0.3,
  FR: 0.26,
  AU: 0.16,
  JP: 0.4,
  KR: 0.14,
  ES: 0.15,
  IT: 0.14,
  MX: 0.12,
  BR: 0.18,
};

export function countryVolume(country: string): number {
  return COUNTRY_VOLUME[country] ?? 0.08;
}
