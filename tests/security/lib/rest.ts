/**
 * REST calls of the side-channel checks: as the service role (to plant TLP:RED rows no persona may
 * read, and to remove them afterwards) or as a persona, always answering status and parsed body.
 */
import { apiHeaders, httpRequest, type HttpResponse } from './http.js';
import type { StackTarget } from './target.js';

export interface RestCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  prefer?: string;
  /** A persona's access token; the service role when absent. */
  as?: string;
}

export function rest(target: StackTarget, path: string, call: RestCall = {}): Promise<HttpResponse> {
  const headers = apiHeaders(target.anonKey, call.as ?? target.serviceRoleKey, {
    ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(call.prefer ? { Prefer: call.prefer } : {}),
  });
  if (!call.as) headers.apikey = target.serviceRoleKey;
  return httpRequest(`${target.apiUrl}/rest/v1/${path}`, {
    method: call.method ?? 'GET',
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

/** The rows a GET answers, failing loudly on anything but 200. */
export async function rows<T = Record<string, unknown>>(
  target: StackTarget,
  path: string,
  as?: string,
): Promise<T[]> {
  const res = await rest(target, path, as ? { as } : {});
  if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as T[];
}

/** Inserts as the service role and answers the rows written. */
export async function plant<T = Record<string, unknown>>(
  target: StackTarget,
  table: string,
  body: unknown,
): Promise<T[]> {
  const res = await rest(target, table, { method: 'POST', body, prefer: 'return=representation' });
  if (res.status !== 201) throw new Error(`plant ${table}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as T[];
}

/** Deletes as the service role (cleanup: a check removes what it created). */
export async function remove(target: StackTarget, path: string): Promise<void> {
  const res = await rest(target, path, { method: 'DELETE' });
  if (res.status >= 300) throw new Error(`DELETE ${path}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
}
