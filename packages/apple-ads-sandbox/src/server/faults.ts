// Fault switches: the failure modes a client must survive, toggled through the admin endpoint
// (outside /v1) or in-process. Counters are consumed one request at a time. The App Store's are
// and the language model's are
// apart from Apple Ads': one surface's outage leaves the other answering.

export interface FaultSettings {
  /** Added to every /v1 response. */
  latencyMs: number;
  /** The next N /v1 requests answer 429 with Retry-After. */
  rateLimitBurst: number;
  /** The next N /v1 requests answer 500. */
  serverErrors: number;
  /** The next N writes are applied, then the connection is dropped without an answer. */
  ambiguousWrites: number;
  /** Retry-After seconds sent with injected 429s (Apple Ads and App Store). */
  retryAfterSeconds: number;
  /** The next N /app-store requests answer 503 (a large N is a lasting outage). */
  appStoreOutage: number;
  /** The next N /app-store requests answer 429 with Retry-After. */
  appStoreRateLimitBurst: number;
  /** Added to every /openai/v1 response: a model slower than the client's timeout times out. */
  modelLatencyMs: number;
  /** The next N chat completions answer prose instead of the JSON asked for. */
  modelGarbage: number;
  /** The next N chat completions suggest only invented terms, which no App Store search finds. */
  modelInventedTerms: number;
  /** The next N /openai/v1 requests answer 500. */
  modelServerErrors: number;
  /** The next N /openai/v1 requests answer 429 with Retry-After. */
  modelRateLimitBurst: number;
  /** The next N /kochava requests answer 500. */
  kochavaServerErrors: number;
  /** The next N Kochava report progress polls answer "queued" before "completed". */
  kochavaPendingPolls: number;
  /** The next N Slack chat.postMessage calls answer 429 with Retry-After (retryAfterSeconds). */
  slackRateLimitBurst: number;
  /** The next N Slack chat.postMessage calls answer 500. */
  slackServerErrors: number;
  /** The next N Chargebee API calls (/chargebee/api/v2) answer 500. */
  chargebeeServerErrors: number;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  rateLimitBurst: 0,
  serverErrors: 0,
  ambiguousWrites: 0,
  retryAfterSeconds: 1,
  appStoreOutage: 0,
  appStoreRateLimitBurst: 0,
  modelLatencyMs: 0,
  modelGarbage: 0,
  modelInventedTerms: 0,
  modelServerErrors: 0,
  modelRateLimitBurst: 0,
  kochavaServerErrors: 0,
  kochavaPendingPolls: 0,
  slackRateLimitBurst: 0,
  slackServerErrors: 0,
  chargebeeServerErrors: 0,
};

export function mergeFaults(current: FaultSettings, patch: Partial<FaultSettings>): FaultSettings {
  const next = { ...current };
  for (const key of Object.keys(NO_FAULTS) as (keyof FaultSettings)[]) {
    const value = patch[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) next[key] = value;
  }
  return next;
}
