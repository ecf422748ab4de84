/**
 * Postgres errors to HTTP, as PostgREST's `pgErrorStatus` maps them, including `RAISE SQLSTATE
 * 'PTxyz'` (status xyz) and `RAISE SQLSTATE 'PGRST'` (status, headers and body from JSON).
 */
import { RestError, maxAffectedViolation, singularityError } from './errors.js';

export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** Names our own statements use to abort a transaction that must not commit (see sql/guards.ts). */
export const GUARD_PREFIX = 'pgrst_guard.';

function pgStatus(code: string, message: string, authenticated: boolean): number {
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (['25', '2D', '38', '39', '3B', '40'].some((p) => code.startsWith(p))) return 500;
  if (code.startsWith('28')) return 403;
  if (code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  if (code === '57P01') return 503;
  if (['54', '55', '57', '58', 'F0', 'HV', 'XX'].some((p) => code.startsWith(p))) return 500;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0')) return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

function guardError(error: PgErrorLike): RestError | undefined {
  if (error.code !== '42704') return undefined;
  const match = /"pgrst_guard\.(singular|max_affected)_(\d+)"/.exec(error.message);
  if (!match) return undefined;
  const rows = Number(match[2]);
  return match[1] === 'singular' ? singularityError(rows) : maxAffectedViolation(rows);
}

function customRaise(error: PgErrorLike): RestError {
  const parseFailure = (details: string, hint: string): RestError =>
    new RestError(
      500,
      'PGRST121',
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    );
  const messageHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  let body: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
  try {
    body = JSON.parse(error.message) as typeof body;
  } catch {
    return parseFailure(`Invalid JSON value for MESSAGE: '${error.message}'`, messageHint);
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof body.code !== 'string' ||
    typeof body.message !== 'string'
  ) {
    return parseFailure(`Invalid JSON value for MESSAGE: '${error.message}'`, messageHint);
  }
  if (error.detail === undefined) return parseFailure('DETAIL is missing in the RAISE statement', detailHint);
  let detail: { status?: unknown; headers?: unknown };
  try {
    detail = JSON.parse(error.detail) as typeof detail;
  } catch {
    return parseFailure(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint);
  }
  if (typeof detail?.status !== 'number' || typeof detail.headers !== 'object' || detail.headers === null) {
    return parseFailure(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(detail.headers)) headers[name] = String(value);
  return new RestError(
    detail.status,
    body.code,
    body.message,
    typeof body.details === 'string' ? body.details : null,
    typeof body.hint === 'string' ? body.hint : null,
    headers,
  );
}

/** `authenticated` means the request's role differs from the anonymous role (PostgREST's rule). */
export function pgErrorToRest(error: PgErrorLike, authenticated: boolean): RestError {
  const guard = guardError(error);
  if (guard) return guard;
  const code = error.code ?? 'PGRSTX00';
  if (code === 'PGRST') return customRaise(error);
  const status = pgStatus(code, error.message, authenticated);
  return new RestError(
    status,
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}
