/**
 * Requests as the app's supabase-js client sends them: the API key in `apikey`, the caller's token
 * (or the key) as `Authorization: Bearer`, JSON bodies, PostgREST's `Prefer` where the client sets
 * it. Each request is tagged with a `name` so thresholds and the summary can tell endpoints apart.
 */
import http from 'k6/http';
import type { RefinedResponse, ResponseType } from 'k6/http';
import { ANON_KEY, BASE_URL, SERVICE_ROLE_KEY } from './env.ts';
import { withinUserBudget } from './user-budget.ts';

export type Answer = RefinedResponse<ResponseType | undefined>;

export function apiHeaders(token?: string): Record<string, string> {
  return { apikey: ANON_KEY, Authorization: `Bearer ${token ?? ANON_KEY}`, 'X-Client-Info': 'k6-load' };
}

export function serviceHeaders(): Record<string, string> {
  return { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
}

export interface Call {
  name: string;
  token?: string;
  headers?: Record<string, string>;
  /** Statuses that are not failures for this call (default 200–399). */
  expected?: number[];
  timeout?: string;
}

export async function send(method: string, path: string, body: unknown, call: Call): Promise<Answer> {
  const json = body !== undefined && typeof body !== 'string';
  if (call.token) await withinUserBudget();
  return http.asyncRequest(
    method,
    `${BASE_URL}${path}`,
    json ? JSON.stringify(body) : (body as string | undefined),
    {
      headers: {
        ...apiHeaders(call.token),
        ...(json ? { 'Content-Type': 'application/json' } : {}),
        ...call.headers,
      },
      tags: { name: call.name },
      timeout: call.timeout ?? '30s',
      ...(call.expected ? { responseCallback: http.expectedStatuses(...call.expected) } : {}),
    },
  );
}

/** `supabase.rpc(fn, args)`: POST /rest/v1/rpc/fn with the arguments as JSON. */
export function rpc(fn: string, args: Record<string, unknown>, call: Call): Promise<Answer> {
  return send('POST', `/rest/v1/rpc/${fn}`, args, call);
}

/** A PostgREST read: GET /rest/v1/<table>?<query>. */
export function select(table: string, query: string, call: Call): Promise<Answer> {
  return send('GET', `/rest/v1/${table}?${query}`, undefined, call);
}

export function jsonArray(answer: Answer): unknown[] {
  try {
    const parsed = answer.json();
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
