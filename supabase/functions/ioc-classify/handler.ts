// POST {"text": "..."} → 200 {count, truncated, indicators: [{type, value, defanged}]}.
// Refusals are JSON errors: 400 (not JSON / wrong shape), 405, 413, 415; OPTIONS answers CORS.
import { z } from 'zod';
import { corsHeaders } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/json-response.ts';
import { extractIndicators } from './extract.ts';

export const MAX_BODY_BYTES = 256 * 1024;
export const MAX_TEXT_CHARS = 100_000;

export const requestSchema = z
  .object({
    text: z
      .string({
        error: (issue) => (issue.input === undefined ? 'text is required' : 'text must be a string'),
      })
      .min(1, 'text must not be empty')
      .max(MAX_TEXT_CHARS, `text is limited to ${MAX_TEXT_CHARS} characters`),
  })
  .strict();

export function createHandler(deps: {
  allowedOrigins: readonly string[];
}): (req: Request) => Promise<Response> {
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
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return jsonResponse(
        415,
        { error: 'unsupported_media_type', message: 'Send the text as JSON: {"text": "..."}' },
        cors,
      );
    }
    if (Number(req.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) {
      return jsonResponse(
        413,
        { error: 'payload_too_large', message: `Requests are limited to ${MAX_BODY_BYTES} bytes` },
        cors,
      );
    }
    const raw = await req.text();
    if (new TextEncoder().encode(raw).length > MAX_BODY_BYTES) {
      return jsonResponse(
        413,
        { error: 'payload_too_large', message: `Requests are limited to ${MAX_BODY_BYTES} bytes` },
        cors,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return jsonResponse(400, { error: 'invalid_json', message: 'The body is not valid JSON' }, cors);
    }
    const parsed = requestSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return jsonResponse(
        400,
        {
          error: 'invalid_request',
          message: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
          issues,
        },
        cors,
      );
    }
    const { indicators, truncated } = extractIndicators(parsed.data.text);
    return jsonResponse(200, { count: indicators.length, truncated, indicators }, cors);
  };
}
