/**
 * The GoTrue-compatible auth service mounted at /auth/v1. Every failure leaves in GoTrue's
 * 2024-01-01 error shape; only an unreachable database or a bug gives a 5xx (which supabase-js
 * retries), never a client mistake, and never a stack trace.
 */
import type { ServerResponse } from 'node:http';
import type { GatewayContext, Service } from '../kernel/context.js';
import { extractApiKey, INVALID_API_KEY } from '../kernel/api-keys.js';
import { isConnectionError } from '../kernel/db.js';
import { sendJson } from '../kernel/http.js';
import { JwtError } from '../kernel/jwt.js';
import { makeAuthCall } from './auth-call.js';
import { isConcurrencyFailure } from './db.js';
import { AuthApiError, sendAuthError } from './errors.js';
import { OPEN_PATHS, normalisePath, resolveRoute } from './routes.js';

function toAuthError(error: unknown, ctx: GatewayContext, url: string): AuthApiError {
  if (error instanceof AuthApiError) return error;
  if (error instanceof JwtError)
    return new AuthApiError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${error.message}`,
    );
  const pgError = error as { code?: string; constraint?: string };
  // A concurrent request won the race between our existence check and the insert.
  if (pgError.code === '23505') {
    return pgError.constraint?.includes('email')
      ? new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered')
      : new AuthApiError(409, 'conflict', 'The resource was changed by a concurrent request; try again');
  }
  if (isConcurrencyFailure(error)) {
    return new AuthApiError(409, 'conflict', 'Too many concurrent requests on the same session; try again');
  }
  if (isConnectionError(error)) {
    ctx.log('warn', 'auth: database unavailable', { url, error: (error as Error).message });
    return new AuthApiError(503, 'unexpected_failure', 'Database unavailable, please retry');
  }
  ctx.log('error', 'auth: unexpected failure', { url, error: (error as Error).stack ?? String(error) });
  return new AuthApiError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}

function fail(res: ServerResponse, error: AuthApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendAuthError(res, error);
}

/**
 * API keys on /auth/v1 as the Supabase CLI's gateway has them (its kong.yml template puts no
 * key-auth on any /auth/v1 route; GoTrue itself reads no API key): a request without a key is
 * served, as anon unless its Authorization says otherwise, so admin routes still need a
 * service-role token. A key that is sent but is none of ours is refused as before (hosted
 * Supabase's answer), except on the routes links and redirects open, which ignore keys.
 */
export function refusesKey(path: string, rawKey: string | undefined, known: boolean): boolean {
  return rawKey !== undefined && !known && !OPEN_PATHS.has(normalisePath(path));
}

export const authService: Service = {
  name: 'auth',
  prefix: '/auth/v1',
  requiresApiKey: () => false,
  async handle(req, res, ctx, route) {
    if (refusesKey(route.path, extractApiKey(req, route.url), route.apiKey !== undefined))
      return sendJson(res, 401, INVALID_API_KEY);
    const call = makeAuthCall(req, res, ctx, route);
    try {
      const { handler, id, subId } = resolveRoute(req.method ?? 'GET', route.path);
      await handler(call, id, subId);
    } catch (error) {
      fail(res, toAuthError(error, ctx, route.path));
    }
  },
};
