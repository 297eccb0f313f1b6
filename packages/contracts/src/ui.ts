// Interface constants of spec 1 §8-9 shared by the web app and its tests.
export const APP_VERSION = 'v1.0.159';

export const TOAST_DURATION_MS = {
  success: 3_000,
  error: 6_000,
  firstSync: 15_000,
} as const;

/** Chunk load failure gives up after this long (spec 1 §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Layout breakpoints in pixels, widest first (spec 1 §9). */
export const BREAKPOINTS_PX = [
  1980, 1680, 1570, 1365, 1280, 993, 959, 741, 601, 600, 575, 467,
] as const;

export const LAYOUT_PX = {
  collapsedSidebarWidth: 94,
  keywordListMaxHeight: 142,
  errorDialogWidth: 350,
  exportPanelWidth: 300,
  signupCardMaxWidth: 512,
} as const;

/** Socket.io client settings of spec 2 §7.4. */
export const REALTIME = { transports: ['websocket'], reconnectionDelayMs: 500 } as const;

/** Money and numbers are shown in en-US format, currency with exactly two decimals. */
export const NUMBER_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
