// A fixed-window budget per API user, reported in RateLimit-* headers on every response.

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly now: () => number,
  ) {}

  /** Consumes one unit; `allowed` is false past the budget. */
  take(key: string): RateLimitState & { allowed: boolean } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowSeconds * 1000) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
    }
    const resetSeconds = Math.max(
      0,
      Math.ceil((window.start + this.windowSeconds * 1000 - now) / 1000),
    );
    if (window.used >= this.limit)
      return { allowed: false, limit: this.limit, remaining: 0, resetSeconds };
    window.used++;
    return { allowed: true, limit: this.limit, remaining: this.limit - window.used, resetSeconds };
  }
}
