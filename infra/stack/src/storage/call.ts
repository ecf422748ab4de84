/**
 * One storage request: its parts, the caller (resolved once, lazily: public and signed routes never
 * need one) and the two ways it reaches Postgres. `asCaller` runs as the caller's role with the
 * settings supabase/storage sets (so storage.objects policies decide), `asService` as service_role
 * for what storage itself reads as superuser (bucket limits, public and signed downloads).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { GatewayContext, ServiceRoute } from '../kernel/context.js';
import { runAsRole, type RoleScope } from '../kernel/db.js';
import { headerMap, readBody, PayloadTooLargeError } from '../kernel/http.js';
import { bearerToken } from '../kernel/http.js';
import type { RequestIdentity } from '../kernel/request-identity.js';
import type { IdentityCache } from '../kernel/identity-cache.js';
import type { BlobStore } from './blob-store.js';
import { errors } from './errors.js';

const SEARCH_PATH = ['storage', 'public', 'extensions'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StorageCall {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: GatewayContext;
  route: ServiceRoute;
  method: string;
  /** Path below /storage/v1 as sent, split on "/" (escapes intact). */
  segments: string[];
  query: URLSearchParams;
  store: BlobStore;
  identities: IdentityCache;
  identity?: RequestIdentity;
}

/** The caller from Authorization (user JWT or key) or the apikey; no credentials at all is refused. */
export async function callerOf(call: StorageCall): Promise<RequestIdentity> {
  if (call.identity) return call.identity;
  if (bearerToken(call.req) === undefined && call.route.apiKey === undefined) {
    // storage-api verifies the empty token with jose and answers jose's error, as the CLI shows it.
    throw errors.accessDenied('Invalid Compact JWS');
  }
  call.identity = await call.identities.resolve(call.req, call.ctx.secrets, call.route.apiKey);
  return call.identity;
}

export function ownerOf(caller: RequestIdentity): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

function scopeFor(
  call: StorageCall,
  identity: Pick<RequestIdentity, 'role' | 'claims' | 'token'>,
  operation: string,
  readOnly: boolean,
): RoleScope {
  const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : '';
  return {
    role: identity.role,
    claims: identity.claims,
    method: call.method,
    path: `/storage/v1${call.route.path}`,
    headers: headerMap(call.req, call.ctx.config.stack.webTrustedProxies),
    readOnly,
    searchPath: SEARCH_PATH,
    settings: {
      'request.jwt': identity.token ?? '',
      'request.jwt.claim.sub': sub,
      'request.jwt.claim.role': identity.role,
      'storage.operation': operation,
      'storage.allow_delete_query': 'true',
      TimeZone: 'UTC',
    },
  };
}

export interface DbOptions {
  readOnly?: boolean;
  /** Run the statements and roll back: a permission test before the body is read. */
  rollback?: boolean;
}

export async function asCaller(
  call: StorageCall,
  caller: RequestIdentity,
  operation: string,
  statements: string[],
  options: DbOptions = {},
): Promise<pg.QueryResult[]> {
  const scope = scopeFor(call, caller, operation, options.readOnly ?? false);
  return runAsRole(call.ctx.pools.api, call.ctx.roleSettings, scope, statements, {
    rollback: options.rollback,
  });
}

const SERVICE = { role: 'service_role', claims: { role: 'service_role' } };

export async function asService(
  call: StorageCall,
  operation: string,
  statements: string[],
  options: DbOptions = {},
): Promise<pg.QueryResult[]> {
  const scope = scopeFor(call, SERVICE, operation, options.readOnly ?? false);
  return runAsRole(call.ctx.pools.api, call.ctx.roleSettings, scope, statements, {
    rollback: options.rollback,
  });
}

/** A JSON object body (bucket and object commands), capped at the gateway's body limit. */
export async function jsonBody(call: StorageCall): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(call.req, call.ctx.config.stack.maxBodyBytes);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw errors.entityTooLarge('request body');
    throw error;
  }
  if (raw.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.invalidRequest('Body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function sendJsonText(res: ServerResponse, text: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
