/**
 * CORS as the browser app needs it: the headers supabase-js reads must be exposed (Content-Range for
 * counts, X-Supabase-Api-Version for auth error codes, x-relay-error for functions), preflights
 * answered at the edge, origins limited to the configured allow-list.
 *
 * Edge functions answer their own preflights, as they must on hosted Supabase, where the request
 * reaches the function: a function that forgets OPTIONS fails here as it would there, not only after
 * deployment. The allow-list still applies to them: a preflight from another origin stops here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Content-Profile',
  'Date',
  'ETag',
  'Content-Disposition',
  'Last-Modified',
  'Location',
  'Range-Unit',
  'Preference-Applied',
  'Retry-After',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'x-relay-error',
  'x-sb-error-code',
].join(', ');

const DEFAULT_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'x-retry-count',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-region',
  'traceparent',
  'tracestate',
  'baggage',
  'x-requested-with',
  'x-client-version',
].join(', ');

const METHODS = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';

export function allowedOrigin(origin: string | undefined, allowList: string[]): string | undefined {
  if (origin === undefined) return allowList.includes('*') ? '*' : undefined;
  if (allowList.includes('*')) return '*';
  return allowList.includes(origin) ? origin : undefined;
}

/**
 * Adds CORS headers to every response; answers a preflight and returns true if it did. With
 * `forwardPreflight`, a preflight from an allowed origin is left to the service.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowList: string[],
  forwardPreflight = false,
): boolean {
  const origin = allowedOrigin(req.headers.origin, allowList);
  if (origin !== undefined) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (origin !== '*') res.setHeader('Vary', 'Origin');
  }
  if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
  if (origin !== undefined && forwardPreflight) return false;
  if (origin !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
    );
    res.setHeader('Access-Control-Max-Age', '86400');
  }
  res.writeHead(origin === undefined ? 403 : 204);
  res.end();
  return true;
}
