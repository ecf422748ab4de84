// POST {metrics, url, timestamp, userAgent} → 202; refusals are JSON errors (400, 405, 413, 429).
import { corsHeaders } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/json-response.ts';
import type { WindowRateLimiter } from '../_shared/rate-limit.ts';
import { isCritical, performanceReportSchema, type PerformanceReport } from './schema.ts';

export const MAX_BODY_BYTES = 16 * 1024;

export interface StoredReport {
  url: string;
  user_agent: string;
  metrics: PerformanceReport['metrics'];
  critical: boolean;
  reported_at: string;
  user_id: string | null;
}

export interface HandlerDeps {
  store: (report: StoredReport) => Promise<void>;
  /** The signed-in user's id from the Authorization JWT, verified by the caller's stack. */
  userIdOf: (req: Request) => string | null;
  limiter: WindowRateLimiter;
  allowedOrigins: readonly string[];
  now?: () => number;
}

/** The last X-Forwarded-For entry is the one our own edge added; earlier ones are the client's claim. */
function clientKey(req: Request): string {
  return (
    req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || req.headers.get('x-real-ip') || 'unknown'
  );
}

async function readLimited(req: Request): Promise<string | null> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return null;
  const text = await req.text();
  return new TextEncoder().encode(text).length > MAX_BODY_BYTES ? null : text;
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  return async (req) => {
    const cors = corsHeaders(req.headers.get('origin'), deps.allowedOrigins);
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (req.method !== 'POST') {
      return jsonResponse(
        405,
        { error: 'method_not_allowed', message: 'Use POST' },
        { ...cors, Allow: 'POST, OPTIONS' },
      );
    }
    const retryAfter = deps.limiter.retryAfter(clientKey(req), now());
    if (retryAfter > 0) {
      return jsonResponse(
        429,
        { error: 'rate_limited', message: 'Too many reports; try again later' },
        {
          ...cors,
          'Retry-After': String(retryAfter),
        },
      );
    }
    const text = await readLimited(req);
    if (text === null) {
      return jsonResponse(
        413,
        { error: 'payload_too_large', message: `Reports are limited to ${MAX_BODY_BYTES} bytes` },
        cors,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return jsonResponse(400, { error: 'invalid_json', message: 'The body is not valid JSON' }, cors);
    }
    const parsed = performanceReportSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return jsonResponse(
        400,
        { error: 'invalid_report', message: 'The report does not have the expected shape', issues },
        cors,
      );
    }
    const report = parsed.data;
    await deps.store({
      url: report.url,
      user_agent: report.userAgent,
      metrics: report.metrics,
      critical: isCritical(report),
      reported_at: new Date(report.timestamp).toISOString(),
      user_id: deps.userIdOf(req),
    });
    return jsonResponse(202, { accepted: true }, cors);
  };
}
