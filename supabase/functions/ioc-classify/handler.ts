// POST {"text": "..."} → 200 {count, truncated, indicators: [{type, value, defanged}]}.
// Refusals are JSON errors: 400 (not JSON / wrong shape), 405, 413, 415; OPTIONS answers CORS.
import { z } from 'zod';
import { corsHeaders } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/json-response.ts';
import { checkShape, preflight, readJsonBody } from '../_shared/request.ts';
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
    const refused = preflight(req, 'POST', cors);
    if (refused) return refused;
    const body = await readJsonBody(req, {
      maxBytes: MAX_BODY_BYTES,
      cors,
      requireJsonType: '{"text": "..."}',
    });
    if (!body.ok) return body.response;
    const parsed = checkShape(requestSchema, body.value, cors, { error: 'invalid_request' });
    if (!parsed.ok) return parsed.response;
    const { indicators, truncated } = extractIndicators(parsed.value.text);
    return jsonResponse(200, { count: indicators.length, truncated, indicators }, cors);
  };
}
