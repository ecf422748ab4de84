/**
 * API keys as the Supabase gateway (Kong key-auth) checks them: exact match against the
 * installation's four keys, from the `apikey` header or query parameter.
 */
import type { IncomingMessage } from 'node:http';
import type { StackSecrets } from '../config/secrets.js';

export type ApiRole = 'anon' | 'service_role';

export interface ApiKey {
  value: string;
  role: ApiRole;
  /** Opaque `sb_publishable_` / `sb_secret_` keys; they never act as a user JWT. */
  opaque: boolean;
}

export function extractApiKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader ?? url.searchParams.get('apikey') ?? undefined;
}

export function identifyApiKey(value: string, secrets: StackSecrets): ApiKey | undefined {
  if (value === secrets.anonKey) return { value, role: 'anon', opaque: false };
  if (value === secrets.serviceRoleKey) return { value, role: 'service_role', opaque: false };
  if (value === secrets.publishableKey) return { value, role: 'anon', opaque: true };
  if (value === secrets.secretKey) return { value, role: 'service_role', opaque: true };
  return undefined;
}

export function isOpaqueKey(value: string): boolean {
  return value.startsWith('sb_publishable_') || value.startsWith('sb_secret_');
}

export const MISSING_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};

export const INVALID_API_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};
