/**
 * Tells the administrators when an account's failed sign-ins start a wait (account-throttle.ts):
 * a `sign_in_throttled` security event (the project's private.record_sign_in_throttled, granted to
 * the auth service's login alone) and a line in the gateway log. A database without that function
 * (a project that is not this platform) still gets the log line; the sign-in answer never waits
 * for either.
 */
import type { GatewayContext } from '../kernel/context.js';
import type { Throttled } from './account-throttle.js';

export async function recordSignInThrottled(
  ctx: GatewayContext,
  email: string,
  address: string,
  throttled: Throttled,
): Promise<void> {
  ctx.log('warn', 'sign-in throttled for an account', {
    address,
    failures: throttled.failures,
    retryAfterSeconds: throttled.retryAfterSeconds,
  });
  try {
    await ctx.pools.auth.query('select private.record_sign_in_throttled($1, $2, $3, $4)', [
      email,
      address,
      throttled.failures,
      throttled.retryAfterSeconds,
    ]);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 42883/3F000: no such function or schema (another project); anything else is worth a line.
    if (code !== '42883' && code !== '3F000')
      ctx.log('error', 'could not record a sign_in_throttled security event', {
        error: (error as Error).message,
      });
  }
}
