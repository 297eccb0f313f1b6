// Table constants (spec 1 §9); scheduled reports have their own module (scheduled-reports.ts).

/** The rows-per-page option that shows every row. */
export const ROWS_PER_PAGE_ALL = 'all';
/** Page sizes the spec leaves open; "all" is the spec's own option. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100, ROWS_PER_PAGE_ALL] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];
