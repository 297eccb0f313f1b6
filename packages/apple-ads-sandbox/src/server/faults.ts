// Fault switches: the failure modes a client must survive, toggled through the admin endpoint
// (outside /v1) or in-process. Counters are consumed one request at a time.

export interface FaultSettings {
  /** Added to every /v1 response. */
  latencyMs: number;
  /** The next N /v1 requests answer 429 with Retry-After. */
  rateLimitBurst: number;
  /** The next N /v1 requests answer 500. */
  serverErrors: number;
  /** The next N writes are applied, then the connection is dropped without an answer. */
  ambiguousWrites: number;
  /** Retry-After seconds sent with injected 429s. */
  retryAfterSeconds: number;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  rateLimitBurst: 0,
  serverErrors: 0,
  ambiguousWrites: 0,
  retryAfterSeconds: 1,
};

export function mergeFaults(current: FaultSettings, patch: Partial<FaultSettings>): FaultSettings {
  const next = { ...current };
  for (const key of Object.keys(NO_FAULTS) as (keyof FaultSettings)[]) {
    const value = patch[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) next[key] = value;
  }
  return next;
}
