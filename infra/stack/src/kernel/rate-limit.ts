/**
 * An exact sliding-window limiter, keyed by client: a key never has more than `limit` requests
 * accepted within any `windowMs`. Each key keeps the times of its last `limit` accepted requests
 * in a ring (grown as it is used, so a quiet key costs a few numbers), which makes a check one map
 * lookup and one comparison with the oldest of them.
 *
 * Why not the cheaper two-bucket estimate: it weighs the previous window by the time elapsed, so
 * a client over its limit gets a request through every few milliseconds once a window turns, and
 * a burst that straddles the turn is allowed well past the limit. A limit that is a security
 * control should hold exactly; 100 numbers per active client is a small price.
 */
interface Log {
  /** Times of accepted requests; once full, a ring whose oldest entry is at `head`. */
  times: number[];
  head: number;
  newest: number;
}

export class RateLimiter {
  private readonly logs = new Map<string, Log>();
  private sweptAt = 0;

  constructor(
    /** Requests allowed per window; 0 disables the limit. */
    readonly limit: number,
    readonly windowMs: number,
    /** The clock; monotonic, so a wall-clock step neither frees nor locks out a client. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Counts one request for `key`; false when the key is over its limit (the request is refused). */
  take(key: string): boolean {
    if (this.limit <= 0) return true;
    const now = this.clock();
    this.sweep(now);
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], head: 0, newest: now };
      this.logs.set(key, log);
    }
    if (log.times.length < this.limit) {
      log.times.push(now);
    } else {
      if (now - log.times[log.head]! < this.windowMs) return false;
      log.times[log.head] = now;
      log.head = (log.head + 1) % this.limit;
    }
    log.newest = now;
    return true;
  }

  /** Whole seconds until `key` may send again (for Retry-After); at least 1. */
  retryAfterSeconds(key: string): number {
    const log = this.logs.get(key);
    if (!log || log.times.length < this.limit) return 1;
    const freeAt = log.times[log.head]! + this.windowMs;
    return Math.max(1, Math.ceil((freeAt - this.clock()) / 1000));
  }

  /** Clients tracked now (for tests and metrics). */
  get trackedKeys(): number {
    return this.logs.size;
  }

  /** Once per window, forgets keys with nothing accepted inside the window. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [key, log] of this.logs) if (now - log.newest >= this.windowMs) this.logs.delete(key);
  }
}
