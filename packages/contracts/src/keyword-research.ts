// Keyword-research and overview constants (spec 2 §2, §3.2 and §7.3): lookups, data-request kinds.
import { z } from 'zod';
import type { CategoryType } from './categories';
import { KEYWORD_MAX_LENGTH } from './limits';
import { DATA_REQUEST_PROGRESS_STEP, type DataRequestChannelOpId } from './realtime-events';

/** Metadata lookups default to the US store, English, iPhone. */
export const DEFAULT_METADATA_LOOKUP = {
  location: 'us',
  language: 'en',
  device: 'iphone',
} as const;

/** searchForApps always asks for this many results (its `num` argument). */
export const KEYWORD_SEARCH_RESULT_COUNT = 100;

/** getOwnAppsFromDB's `at` argument defaults to 1. */
export const OWN_APPS_DEFAULT_AT = 1;
/** Apps with this adamId are placeholders and never listed as own apps. */
export const EXCLUDED_OWN_APP_ADAM_ID = 0;

/** Gender codes the overview queries send: MF to getOverviewForApp, PH to getDeviceOverviewForApp. */
export const OVERVIEW_GENDER_CODES = ['MF', 'PH'] as const;
export type OverviewGenderCode = (typeof OVERVIEW_GENDER_CODES)[number];
export const OVERVIEW_GENDER_CODE_BY_QUERY = {
  getOverviewForApp: 'MF',
  getDeviceOverviewForApp: 'PH',
} as const satisfies Record<string, OverviewGenderCode>;

export const DATA_REQUEST_KINDS = [
  'keywordsForApp',
  'appsForKeyword',
  'suggestedCompetitors',
  'topAppsForCategory',
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** opId stored on a data request per kind; opId 3 also occurs in progress messages, meaning unknown. */
export const DATA_REQUEST_OP_IDS = {
  keywordsForApp: 1,
  appsForKeyword: 2,
  suggestedCompetitors: 4,
  topAppsForCategory: 5,
} as const satisfies Record<DataRequestKind, number>;
export type DataRequestOpId = (typeof DATA_REQUEST_OP_IDS)[DataRequestKind];

/** Tab of /keyword-auction-insights that opens a data request of each kind. */
export const DATA_REQUEST_TABS = {
  keywordsForApp: 0,
  appsForKeyword: 1,
  suggestedCompetitors: 2,
  topAppsForCategory: 3,
} as const satisfies Record<DataRequestKind, number>;

/** States a data request is shown in. */
export const DATA_REQUEST_DISPLAY_STATES = [
  'Remaining',
  'Fetching',
  'Fetched',
  'Complete',
] as const;
export type DataRequestDisplayState = (typeof DATA_REQUEST_DISPLAY_STATES)[number];

// ---------------------------------------------------------------------------------------------
// Keyword research inputs, rows and data-request progress (spec 2 §3.1, §3.2, §7.3, §7.4).

/**
 * Storefronts keyword research reads: the countries and regions where Apple Ads runs, as the
 * lower-case codes the App Store's own addresses use.
 */
export const RESEARCH_STOREFRONTS = [
  'ae', 'ar', 'at', 'au', 'az', 'be', 'bg', 'bh', 'br', 'ca', 'ch', 'cl', 'co', 'cr', 'cz', 'de',
  'dk', 'do', 'dz', 'ec', 'eg', 'es', 'fi', 'fr', 'gb', 'gr', 'gt', 'hk', 'hn', 'hr', 'hu', 'id',
  'ie', 'il', 'in', 'it', 'jo', 'jp', 'kh', 'kr', 'kw', 'kz', 'lb', 'lk', 'lt', 'lu', 'lv', 'ma',
  'mo', 'mx', 'my', 'ng', 'nl', 'no', 'nz', 'om', 'pa', 'pe', 'ph', 'pk', 'pl', 'pt', 'py', 'qa',
  'ro', 'rs', 'sa', 'se', 'sg', 'si', 'sk', 'sv', 'th', 'tr', 'tw', 'tz', 'ua', 'us', 'uy', 'uz',
  'vn', 'za',
] as const; // prettier-ignore
export type ResearchStorefront = (typeof RESEARCH_STOREFRONTS)[number];

export const RESEARCH_DEVICES = ['iphone', 'ipad'] as const;
export type ResearchDevice = (typeof RESEARCH_DEVICES)[number];

/** The most keywords one "keywords for app" request may ask for (its CountPref). */
export const DATA_REQUEST_MAX_COUNT = 200;
/** The most result rows one page of a data request holds: the page asks a whole table at once. */
export const DATA_REQUEST_MAX_PAGE_SIZE = 1000;
/** CountPref when the request does not say. */
export const DATA_REQUEST_DEFAULT_COUNT = 100;
/** A data request's task text (app name or keyword) is cut to this many characters. */
export const DATA_REQUEST_TASK_TEXT_MAX = 75;
/** Data-request results younger than this are served from the database (fromDB) again. */
export const DATA_REQUEST_REUSE_HOURS = 24;

const storefrontSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (code): code is ResearchStorefront =>
      (RESEARCH_STOREFRONTS as readonly string[]).includes(code),
    'validation.storefrontUnsupported',
  );
const languageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'validation.languageInvalid');
const deviceSchema = z.enum(RESEARCH_DEVICES, 'validation.deviceInvalid');

/** Where a research question is asked: storefront, language and device (us, en, iphone by default). */
export const researchLocaleSchema = z.object({
  location: storefrontSchema.default(DEFAULT_METADATA_LOOKUP.location),
  language: languageSchema.default(DEFAULT_METADATA_LOOKUP.language),
  device: deviceSchema.default(DEFAULT_METADATA_LOOKUP.device),
});
export type ResearchLocale = z.infer<typeof researchLocaleSchema>;

/** An App Store app id (Apple's adamId): digits only. */
export const appStoreIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,11}$/, 'validation.appIdInvalid');

/** A search term for research: not empty, at most 80 characters like a keyword. */
export const researchTermSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(KEYWORD_MAX_LENGTH, 'validation.keywordTooLong');

/** An app as keyword research shows it (spec 2 §3.1 App). */
export interface ResearchApp {
  application_id: string;
  title: string;
  icon: string;
  genres: string[];
  rating: number | null;
  developer: string;
  version: string | null;
  price: number;
  currency: string;
  rating_count: number;
  /** 0-100: how strongly the app shows across the storefront's searches (its share of top places). */
  power: number | null;
  in_apps: boolean | null;
}

/** The company's own facts about a keyword text (what it already bids on), over the window. */
export interface OwnKeywordFacts {
  /** Keywords of the company with this text (any match type, not deleted). */
  keywordIds: string[];
  localSpend: string;
  currency: string;
  impressions: number;
  taps: number;
  installs: number;
}

/** A keyword as keyword research shows it (spec 2 §3.1 Keyword ranking). */
export interface KeywordRanking {
  keyword: string;
  appid: string | null;
  /** Position in the list it belongs to (1-based). */
  rank: number;
  /** Apple Ads search popularity 1-100 in the storefront; null when Apple has none. */
  popularity: number | null;
  /** How many apps the storefront's search returns for the term (the App Store caps it at 200). */
  totalApps: number | null;
  /** The app's position in the storefront's search results for the term; null when not in them. */
  organicRank: number | null;
  totalDownloads: number | null;
  /** Estimated daily searches in the storefront, derived from popularity. */
  volume: number | null;
  /** The app's share of voice for the term: its share of impressions (v1 impression share), 0-100. */
  percent_sov: number | null;
  noOfKeywords: number | null;
  category: string | null;
  own: OwnKeywordFacts | null;
}

/** Result rows of the app kinds of data request: an app with its place in the list. */
export interface AppForKeyword {
  /** Position in the storefront's search results for the request's keyword. */
  rank: number;
  /** The app is one of the company's own. */
  own: boolean;
  app: ResearchApp;
}
export interface SuggestedCompetitor {
  rank: number;
  /** Of the request app's keywords, how many this app ranks for in the top 10. */
  noOfKeywords: number;
  /** Its share of those keywords' top-10 places, 0-100. */
  percent_sov: number;
  app: ResearchApp;
}
export interface TopCategoryApp {
  rank: number;
  category: string;
  app: ResearchApp;
}

export const DATA_REQUEST_STATUSES = ['RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** A data request (spec 2 §3.2), as getDataRequests answers it. */
export interface DataRequest {
  id: string;
  opId: DataRequestOpId;
  status: DataRequestStatus;
  completed: boolean;
  progress: number;
  totalCount: number;
  currentCount: number;
  missedCount: number;
  CountPref: number;
  keyword: string | null;
  appId: string | null;
  appName: string | null;
  icon: string | null;
  location: string;
  language: string;
  device: string;
  catId: number | null;
  catType: CategoryType | null;
  clientId: string | null;
  startTime: string;
  endTime: string | null;
  currentTime: string;
  /** Why a failed request stopped, for the user; null otherwise. */
  error: string | null;
}

/** A progress message on the data-request channel (spec 2 §7.4) for one request. */
export interface DataRequestProgressMessage {
  opId: DataRequestChannelOpId;
  /** The data request's id. */
  context: string;
  keyword: string | null;
  appId: string | null;
  categoryId: number | null;
  type: CategoryType | null;
  bulkActionId: null;
  data: {
    currentCount: number;
    totalCount: number;
    progress: number;
    completed: boolean;
    status: DataRequestStatus;
  };
}

export type DataRequestProgress = Pick<
  DataRequest,
  'totalCount' | 'currentCount' | 'progress' | 'completed'
>;

/**
 * One progress message's effect (spec 1 §4, spec 2 §7.4): kinds with a step (5 for opId 2, 10 for
 * opIds 1 and 3) fetch that many more; at the total the count is capped, progress is 100 and the
 * request is done. Other opIds carry their own count, given as `reported`.
 */
export function advanceDataRequest(
  state: DataRequestProgress,
  opId: number,
  reported?: number,
): DataRequestProgress {
  if (state.completed) return state;
  const step = DATA_REQUEST_PROGRESS_STEP[opId as DataRequestChannelOpId];
  const fetched = step === undefined ? (reported ?? state.currentCount) : state.currentCount + step;
  if (state.totalCount <= 0 || fetched >= state.totalCount)
    return {
      totalCount: state.totalCount,
      currentCount: state.totalCount,
      progress: 100,
      completed: true,
    };
  return {
    totalCount: state.totalCount,
    currentCount: fetched,
    progress: Math.floor((fetched / state.totalCount) * 100),
    completed: false,
  };
}

/** The overall progress the data-request button shows: the average of unfinished ones, 100 when none. */
export function overallDataRequestProgress(requests: readonly DataRequestProgress[]): number {
  const unfinished = requests.filter((request) => !request.completed);
  if (unfinished.length === 0) return 100;
  return Math.floor(
    unfinished.reduce((sum, request) => sum + request.progress, 0) / unfinished.length,
  );
}

/** The task text a data request shows: its app name or keyword, cut to 75 characters. */
export function dataRequestTaskText(text: string): string {
  return text.length <= DATA_REQUEST_TASK_TEXT_MAX
    ? text
    : `${text.slice(0, DATA_REQUEST_TASK_TEXT_MAX - 1)}…`;
}
