/**
 * GoTrue's error responses. supabase-js always asks for API version 2024-01-01, and reads the
 * `code` field only when the response carries `X-Supabase-Api-Version`, so every error goes out
 * in that shape with that header (and `x-sb-error-code`, which GoTrue adds for logs and proxies).
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../kernel/http.js';

export const API_VERSION = '2024-01-01';

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthApiError';
  }

  /** Response headers beside the body (Retry-After of a 429). */
  headers: Record<string, string> = {};
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthApiError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);

export function weakPassword(message: string, reasons: string[]): AuthApiError {
  return new AuthApiError(422, 'weak_password', message, { weak_password: { reasons } });
}

export const INVALID_CREDENTIALS = 'Invalid login credentials';

export function authErrorBody(error: AuthApiError): Record<string, unknown> {
  return { code: error.code, message: error.message, ...error.extra };
}

export function sendAuthError(res: ServerResponse, error: AuthApiError): void {
  sendJson(res, error.status, authErrorBody(error), {
    'X-Supabase-Api-Version': API_VERSION,
    'x-sb-error-code': error.code,
    ...error.headers,
  });
}
