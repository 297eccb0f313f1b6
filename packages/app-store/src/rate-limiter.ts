// Spaces requests evenly (60 s / requestsPerMinute apart) so the client stays within Apple's
// guidance for the Search API. Callers wait for their slot in arrival order; nobody is refused.

export interface RateLimiter {
  /** Resolves when the caller may send its request. */
  acquire(): Promise<void>;
}

export interface RateLimiterOptions {
  /** 0 or Infinity: no limit. */
  requestsPerMinute: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { requestsPerMinute, now, sleep } = options;
  if (!(requestsPerMinute > 0) || requestsPerMinute === Infinity)
    return { acquire: () => Promise.resolve() };
  const intervalMs = 60_000 / requestsPerMinute;
  let nextSlotAt = -Infinity;
  return {
    async acquire() {
      // The slot is reserved synchronously, so concurrent callers queue instead of racing.
      const at = now();
      const slot = Math.max(at, nextSlotAt);
      nextSlotAt = slot + intervalMs;
      if (slot > at) await sleep(slot - at);
    },
  };
}
