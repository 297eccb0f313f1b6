// Date presets, overview periods and the time windows of spec 1 §2 and §9.

/** Date-range presets offered by every date picker, in the order the spec lists them. */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'todayAndYesterday',
  'weekToDate',
  'lastWeek',
  'last7Days',
  'monthToDate',
  'lastMonth',
  'last30Days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** English labels; the web translates them by preset id. */
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  todayAndYesterday: 'Today and Yesterday',
  weekToDate: 'Week to Date',
  lastWeek: 'Last Week',
  last7Days: 'Last 7 Days',
  monthToDate: 'Month to Date',
  lastMonth: 'Last Month',
  last30Days: 'Last 30 Days',
};

/** Overview periods; each is compared with the period of the same length before it. */
export const OVERVIEW_PERIODS = ['lastDay', 'last7Days', 'last30Days'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const OVERVIEW_PERIOD_DAYS: Record<OverviewPeriod, number> = {
  lastDay: 1,
  last7Days: 7,
  last30Days: 30,
};

/** Keyword impression share is estimated over this many trailing days. */
export const IMPRESSION_SHARE_WINDOW_DAYS = 30;
/** Partner (MMP) events take at least this long to be recognised. */
export const PARTNER_EVENT_MIN_DELAY_HOURS = 24;
/** Recommended wait before the keyword journey has data; a zero result warns with it. */
export const KEYWORD_JOURNEY_WAIT_DAYS = 7;
/** Historical sync imports at most this many months. */
export const HISTORY_SYNC_LIMIT_MONTHS = 24;
/** Times younger than this are shown relatively ("12 minutes ago"), older ones as dates. */
export const RELATIVE_TIME_THRESHOLD_MINUTES = 60;
