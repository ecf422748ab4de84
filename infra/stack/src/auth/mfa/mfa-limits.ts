/**
 * GoTrue's per-IP limit on /factors/{id}/challenge and /factors/{id}/verify
 * (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15 a minute by default), one counter per endpoint
 * as GoTrue keeps two limiters: guessing a six-digit code stays out of reach.
 */
import type { GatewayContext } from '../../kernel/context.js';
import { RateLimiter } from '../../kernel/rate-limit.js';
import { AuthApiError } from '../errors.js';

export const MFA_REQUESTS_PER_MINUTE = 15;

interface Limiters {
  challenge: RateLimiter;
  verify: RateLimiter;
}

const byGateway = new WeakMap<GatewayContext, Limiters>();

export function takeMfaBudget(ctx: GatewayContext, endpoint: keyof Limiters, ip: string): void {
  let limiters = byGateway.get(ctx);
  if (!limiters) {
    limiters = {
      challenge: new RateLimiter(MFA_REQUESTS_PER_MINUTE, 60_000),
      verify: new RateLimiter(MFA_REQUESTS_PER_MINUTE, 60_000),
    };
    byGateway.set(ctx, limiters);
  }
  if (!limiters[endpoint].take(ip))
    throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
}
