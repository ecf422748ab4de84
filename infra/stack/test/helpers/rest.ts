/**
 * Helpers for the REST conformance tests: supabase-js clients per role (a real user created with
 * the service-role key and signed in through /auth/v1), and a raw fetch for what supabase-js
 * never sends (Range headers, malformed bodies, forged tokens).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, client, serviceClient } from './clients.js';
import { stackEnv } from './stack-env.js';

export { anonClient, serviceClient };

export interface SignedInUser {
  client: SupabaseClient;
  userId: string;
  accessToken: string;
}

export async function signedInUser(): Promise<SignedInUser> {
  const email = `rest-${randomUUID()}@example.test`;
  const password = 'rest-password-1';
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const userClient = client(stackEnv().anonKey);
  const { data, error } = await userClient.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client: userClient, userId: data.user.id, accessToken: data.session.access_token };
}

export interface RestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** A request to /rest/v1 with the anon key unless `apikey` says otherwise (null: none). */
export async function restFetch(
  path: string,
  init: RequestInit & { apikey?: string | null } = {},
): Promise<RestResponse> {
  const { apikey = stackEnv().anonKey, headers, ...rest } = init;
  const merged = new Headers(headers);
  if (apikey !== null && !merged.has('apikey')) merged.set('apikey', apikey);
  const response = await fetch(`${stackEnv().apiUrl}/rest/v1${path}`, { ...rest, headers: merged });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON (CSV, empty)
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** A value unique to one test, for rows that tests running in parallel must not share. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
