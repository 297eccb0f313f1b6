// Scheduled-report and table constants (spec 1 §9, spec 2 §3.7).

export const REPORT_REPEAT_TYPES = ['NO_REPEAT', 'CUSTOM', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportRepeatType = (typeof REPORT_REPEAT_TYPES)[number];

/** The rows-per-page option that shows every row. */
export const ROWS_PER_PAGE_ALL = 'all';
/** Page sizes the spec leaves open; "all" is the spec's own option. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100, ROWS_PER_PAGE_ALL] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];
