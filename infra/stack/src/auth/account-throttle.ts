/**
 * Failed password sign-ins counted per account, from every address together (issue 36 item 8):
 * the per-address limit alone let 30 guesses from one address be followed by the right password
 * at once from another. After `[auth.rate_limit] account_sign_in_failures` failures for an email,
 * each next try waits 5 s, then 10, 20, … up to `account_sign_in_max_delay` (5 min by default), so a
 * guesser gets about a dozen tries an hour, while the owner waits at most that long. A try during
 * the wait is refused before the password is checked (so it spends no guess and learns nothing) as
 * GoTrue refuses over a limit: 429 `over_request_rate_limit` with Retry-After. A success clears
 * the count; an hour without a failure forgets it.
 *
 * The counts live in `auth.sign_in_failures` (created by the gateway at first use, so existing
 * installations get it too), keyed by a SHA-256 of the lower-cased email: a restart does not reset
 * a running attack, and the table holds no address book of who was tried. Tries for one account are
 * checked one at a time in this process, so a burst sent in parallel cannot all slip in before the
 * first failure is counted. Unknown emails are counted alike: the wait says nothing about existence.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { AuthRateLimits } from '../config/project-config.js';
import type { GatewayContext } from '../kernel/context.js';
import { AuthApiError } from './errors.js';

/** The first wait, doubled at each further failure. */
export const FIRST_DELAY_SECONDS = 5;
/** A count with no failure for this long is forgotten. */
export const FORGET_AFTER_SECONDS = 3600;

type Settings = Pick<AuthRateLimits, 'accountSignInFailures' | 'accountSignInMaxDelaySeconds'>;

/** Seconds an account must wait after its `failures`-th failure (0: none). */
export function delayAfter(failures: number, settings: Settings): number {
  const free = settings.accountSignInFailures;
  if (free <= 0 || failures < free) return 0;
  const doubled = FIRST_DELAY_SECONDS * 2 ** Math.min(failures - free, 30);
  return Math.min(doubled, settings.accountSignInMaxDelaySeconds);
}

/** Whole seconds still to wait, given the count and the seconds since the last failure. */
export function waitLeft(failures: number, secondsAgo: number, settings: Settings): number {
  if (secondsAgo >= FORGET_AFTER_SECONDS) return 0;
  return Math.max(0, Math.ceil(delayAfter(failures, settings) - secondsAgo));
}

export function throttledError(retryAfterSeconds: number): AuthApiError {
  const error = new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
  error.headers = { 'Retry-After': String(Math.max(1, retryAfterSeconds)) };
  return error;
}

const CREATE_TABLE = `
create table if not exists auth.sign_in_failures (
  account text primary key,
  failures integer not null,
  last_failed_at timestamptz not null
);
comment on table auth.sign_in_failures is
  'Failed password sign-ins per account (SHA-256 of the lower-cased email), for the backoff of [auth.rate_limit] account_sign_in_failures.';`;

/** What the backoff decided about one try, for the security log. */
export interface Throttled {
  failures: number;
  retryAfterSeconds: number;
}

export class AccountThrottle {
  private readonly tails = new Map<string, Promise<void>>();
  private ready: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly settings: Settings,
  ) {}

  /**
   * Runs one password check for `email`, alone for that account. Refuses with 429 while the
   * account waits; counts `attempt`'s invalid_credentials as a failure (then calls `onDelay` when
   * that failure starts a wait) and clears the count when it succeeds.
   */
  async run<T>(email: string, attempt: () => Promise<T>, onDelay?: (t: Throttled) => void): Promise<T> {
    if (this.settings.accountSignInFailures <= 0) return attempt();
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    return this.exclusive(account, async () => {
      await (this.ready ??= this.pool.query(CREATE_TABLE).then(() => undefined));
      const { rows } = await this.pool.query<{ failures: number; ago: number }>(
        `select failures, extract(epoch from now() - last_failed_at)::float8 as ago
           from auth.sign_in_failures where account = $1`,
        [account],
      );
      const wait = rows[0] ? waitLeft(rows[0].failures, rows[0].ago, this.settings) : 0;
      if (wait > 0) throw throttledError(wait);
      try {
        const result = await attempt();
        if (rows[0]) await this.pool.query('delete from auth.sign_in_failures where account = $1', [account]);
        return result;
      } catch (error) {
        if (error instanceof AuthApiError && error.code === 'invalid_credentials') {
          const failures = await this.recordFailure(account);
          const delay = delayAfter(failures, this.settings);
          if (delay > 0) onDelay?.({ failures, retryAfterSeconds: delay });
        }
        throw error;
      }
    });
  }

  private async recordFailure(account: string): Promise<number> {
    const { rows } = await this.pool.query<{ failures: number }>(
      `insert into auth.sign_in_failures as f (account, failures, last_failed_at) values ($1, 1, now())
       on conflict (account) do update set
         failures = case when f.last_failed_at < now() - make_interval(secs => $2) then 1 else f.failures + 1 end,
         last_failed_at = now()
       returning failures`,
      [account, FORGET_AFTER_SECONDS],
    );
    // Now and then, drop counts nobody has added to for an hour (they would be forgotten anyway).
    if (Math.random() < 0.01)
      await this.pool.query(
        'delete from auth.sign_in_failures where last_failed_at < now() - make_interval(secs => $1)',
        [FORGET_AFTER_SECONDS],
      );
    return rows[0]!.failures;
  }

  /** Chains the tries of one account, so each sees the count the previous one left. */
  private async exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

const byGateway = new WeakMap<GatewayContext, AccountThrottle>();

export function accountThrottle(ctx: GatewayContext): AccountThrottle {
  let throttle = byGateway.get(ctx);
  if (!throttle) {
    throttle = new AccountThrottle(ctx.pools.auth, ctx.config.auth.rateLimit);
    byGateway.set(ctx, throttle);
  }
  return throttle;
}
