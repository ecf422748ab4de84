// POST {metrics, url, timestamp, userAgent} → 202; refusals are JSON errors (400, 405, 413, 429).
import { bearerToken } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/json-response.ts';
import type { WindowRateLimiter } from '../_shared/rate-limit.ts';
import { checkShape, clientAddress, preflight, readJsonBody } from '../_shared/request.ts';
import { performanceReportSchema, type PerformanceReport } from './schema.ts';

export const MAX_BODY_BYTES = 16 * 1024;

export interface FiledReport {
  url: string;
  user_agent: string;
  metrics: PerformanceReport['metrics'];
  reported_at: string;
}

export interface HandlerDeps {
  /** Files the report with the caller's own token (the gateway verified it: verify_jwt). */
  store: (report: FiledReport, token: string) => Promise<void>;
  limiter: WindowRateLimiter;
  allowedOrigins: readonly string[];
  now?: () => number;
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  return async (req) => {
    const cors = corsHeaders(req.headers.get('origin'), deps.allowedOrigins);
    const refused = preflight(req, 'POST', cors);
    if (refused) return refused;
    const retryAfter = deps.limiter.retryAfter(clientAddress(req), now());
    if (retryAfter > 0) {
      return jsonResponse(
        429,
        { error: 'rate_limited', message: 'Too many reports; try again later' },
        { ...cors, 'Retry-After': String(retryAfter) },
      );
    }
    const body = await readJsonBody(req, { maxBytes: MAX_BODY_BYTES, cors, what: 'Reports' });
    if (!body.ok) return body.response;
    const report = checkShape(performanceReportSchema, body.value, cors, {
      error: 'invalid_report',
      message: 'The report does not have the expected shape',
    });
    if (!report.ok) return report.response;
    await deps.store(
      {
        url: report.value.url,
        user_agent: report.value.userAgent,
        metrics: report.value.metrics,
        reported_at: new Date(report.value.timestamp).toISOString(),
      },
      bearerToken(req),
    );
    return jsonResponse(202, { accepted: true }, cors);
  };
}
