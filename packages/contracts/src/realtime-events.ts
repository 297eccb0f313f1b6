// Socket event names and data-request channel opIds of spec 2 §7.4.

export const SOCKET_EVENTS = {
  /** Server → client: sync progress (done, mode, progress, lastSyncAt, error, errCode, bfrInfo). */
  syncProgress: 'syncprogress:event',
  /** Client → server: ask for the state of a sync (teamId, correlation id, syncId). */
  syncCheck: 'syncprogress:check',
  /** Server → client: integration deletion progress. */
  integrationDeletion: 'delInt:process',
  /** Server → client: the user's membership changed (role, read-only); renew the token now. */
  sessionChanged: 'session:changed',
  /** Server → client: a backtest's progress (RuleBacktestProgress), to the member who started it. */
  ruleBacktest: 'ruleBacktest:progress',
  /** Server → client: a background export's progress (ExportJobProgress), to its owner. */
  exportProgress: 'export:progress',
  connect: 'connect',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/**
 * Data-request progress travels on a channel keyed by user id. The spec does not spell the
 * channel name; this prefix keeps it apart from the named events above.
 */
export function dataRequestChannel(userId: string): string {
  return `dataRequest:${userId}`;
}

/** opIds of messages on the data-request channel. */
export const DATA_REQUEST_CHANNEL_OP_IDS = {
  keywordsForApp: 1,
  appsForKeyword: 2,
  /** Meaning not given by the spec; it only affects progress steps. */
  keywordAnalysis3: 3,
  suggestedCompetitors: 4,
  topAppsForCategory: 5,
  generatorCategoryKeywords: 11,
  generatorCompetitorKeywords: 12,
  generatorCampaigns: 21,
  generatorAdGroups: 22,
  generatorKeywords: 23,
  bulkAction: 60,
  keywordAi: 71,
} as const;
export type DataRequestChannelOpId =
  (typeof DATA_REQUEST_CHANNEL_OP_IDS)[keyof typeof DATA_REQUEST_CHANNEL_OP_IDS];

/** Contexts of opId 71 (AI keyword suggestions). */
export const KEYWORD_AI_CONTEXTS = { keywordList: 21, keywordSet: 23, noCredits: 25 } as const;
export type KeywordAiContext = (typeof KEYWORD_AI_CONTEXTS)[keyof typeof KEYWORD_AI_CONTEXTS];

/** Progress added per message; other opIds report progress themselves. */
export const DATA_REQUEST_PROGRESS_STEP: Readonly<Partial<Record<DataRequestChannelOpId, number>>> =
  { 1: 10, 2: 5, 3: 10 };
