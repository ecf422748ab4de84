/**
 * The per-IP limits of `[auth.rate_limit]`, each counted over GoTrue's 5-minute window, one
 * limiter per gateway so a config change takes effect at restart.
 */
import type { AuthRateLimits } from '../config/project-config.js';
import type { GatewayContext } from '../kernel/context.js';
import { RateLimiter } from '../kernel/rate-limit.js';
import { AuthApiError } from './errors.js';

export const AUTH_RATE_WINDOW_MS = 5 * 60 * 1000;

export type LimitBucket = keyof Pick<
  AuthRateLimits,
  'signInSignUps' | 'tokenRefresh' | 'tokenVerifications' | 'anonymousUsers'
>;

export class AuthLimits {
  private readonly limiters = new Map<LimitBucket, RateLimiter>();

  constructor(private readonly limits: AuthRateLimits) {}

  /** Counts one request from `ip`; throws 429 over_request_rate_limit once the bucket is full. */
  take(bucket: LimitBucket, ip: string): void {
    let limiter = this.limiters.get(bucket);
    if (!limiter) {
      limiter = new RateLimiter(this.limits[bucket], AUTH_RATE_WINDOW_MS);
      this.limiters.set(bucket, limiter);
    }
    if (!limiter.take(ip))
      throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

const byGateway = new WeakMap<GatewayContext, AuthLimits>();

export function authLimits(ctx: GatewayContext): AuthLimits {
  let limits = byGateway.get(ctx);
  if (!limits) {
    limits = new AuthLimits(ctx.config.auth.rateLimit);
    byGateway.set(ctx, limits);
  }
  return limits;
}
