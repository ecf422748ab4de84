/**
 * Sliding-window-by-two-buckets limiter, keyed by client (IP). Cheap enough for the hot path:
 * one map lookup and two counters per request; stale keys are swept once per window.
 */
export class RateLimiter {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();
  private windowStart = Date.now();

  constructor(
    /** Requests allowed per window; 0 disables the limit. */
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request for `key`; false when the key is over its limit (the request is refused). */
  take(key: string, now = Date.now()): boolean {
    if (this.limit <= 0) return true;
    this.rotate(now);
    const elapsed = (now - this.windowStart) / this.windowMs;
    const used = (this.previous.get(key) ?? 0) * (1 - elapsed) + (this.current.get(key) ?? 0);
    if (used >= this.limit) return false;
    this.current.set(key, (this.current.get(key) ?? 0) + 1);
    return true;
  }

  /** Seconds until a refused key may try again (for Retry-After). */
  retryAfterSeconds(now = Date.now()): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
  }

  private rotate(now: number): void {
    if (now - this.windowStart < this.windowMs) return;
    const skipped = now - this.windowStart >= 2 * this.windowMs;
    this.previous = skipped ? new Map() : this.current;
    this.current = new Map();
    this.windowStart = now - ((now - this.windowStart) % this.windowMs);
  }
}
