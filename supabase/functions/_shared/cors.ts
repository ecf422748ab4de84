// CORS from an allow-list (env ALLOWED_ORIGINS, comma-separated), never `*` with credentials.
export const DEFAULT_ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, x-retry-count, x-requested-with, x-client-version, traceparent, tracestate, baggage';

export function corsHeaders(
  origin: string | null,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (origin === null || !allowedOrigins.includes(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Headers': DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

export function allowedOriginsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}
