/**
 * GoTrue's OAuth 2.1 server client administration (internal/api/oauthserver/handlers.go), for the
 * service role: POST/GET /admin/oauth/clients, GET/PUT/DELETE /admin/oauth/clients/{client_id},
 * POST /admin/oauth/clients/{client_id}/regenerate_secret. The secret is shown once, when made;
 * the database keeps its hash. 404 feature_disabled unless `[auth.oauth_server] enabled`.
 * Each change is an audit entry (GoTrue writes none; ours is the admin change log).
 */
import type { PoolClient } from 'pg';
import { sendJson } from '../../kernel/http.js';
import { adminActor, writeAudit, type AuditAction } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin, type AdminCaller } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { badRequest, notFound } from '../errors.js';
import { registrationParams, updateParams } from '../oauth-server/client-params.js';
import {
  ensureOAuthClientTable,
  findOAuthClient,
  insertOAuthClient,
  listOAuthClients,
  newClientSecret,
  oauthClientJson,
  setClientSecretHash,
  softDeleteOAuthClient,
  updateOAuthClient,
  type OAuthClientRow,
} from '../oauth-server/client-store.js';
import { readJsonObject, type JsonObject } from '../request-body.js';
import { isUuid } from '../validation.js';
import { webAuthnSettings } from './webauthn-settings.js';

async function serverAdmin(call: AuthCall): Promise<AdminCaller> {
  if (!webAuthnSettings(call).oauthServer.enabled)
    throw notFound('feature_disabled', 'OAuth server is disabled');
  const admin = await requireAdmin(call);
  await ensureOAuthClientTable(call.ctx.pools.auth);
  return admin;
}

/** GoTrue's LoadOAuthServerClient. */
async function loadClient(call: AuthCall, clientId: string): Promise<OAuthClientRow> {
  if (clientId === '') throw badRequest('validation_failed', 'client_id is required');
  if (!isUuid(clientId)) throw badRequest('validation_failed', 'invalid client_id format');
  const client = await findOAuthClient(call.ctx.pools.auth, clientId);
  if (!client) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return client;
}

async function body(call: AuthCall): Promise<JsonObject> {
  try {
    return await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  } catch {
    throw badRequest('bad_json', 'Invalid JSON body');
  }
}

async function audited<T>(
  call: AuthCall,
  admin: AdminCaller,
  action: AuditAction,
  clientId: (result: T) => string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return withTransaction(call.ctx.pools.auth, async (client) => {
    const result = await work(client);
    await writeAudit(client, adminActor(admin.role), action, call.ip, { client_id: clientId(result) });
    return result;
  });
}

export async function adminCreateOAuthClient(call: AuthCall): Promise<void> {
  const admin = await serverAdmin(call);
  const params = registrationParams(await body(call));
  const secret = params.clientType === 'confidential' ? newClientSecret() : undefined;
  const row = await audited(
    call,
    admin,
    'oauth_client_created',
    (r: OAuthClientRow) => r.id,
    (client) =>
      insertOAuthClient(client, { ...params, registrationType: 'manual', secretHash: secret?.hash ?? null }),
  );
  sendJson(call.res, 201, oauthClientJson(row, secret?.secret));
}

export async function adminListOAuthClients(call: AuthCall): Promise<void> {
  await serverAdmin(call);
  const clients = (await listOAuthClients(call.ctx.pools.auth)).map((row) => oauthClientJson(row));
  // GoTrue's list response omits an empty `clients` (omitempty).
  sendJson(call.res, 200, clients.length > 0 ? { clients } : {});
}

export async function adminGetOAuthClient(call: AuthCall, clientId: string): Promise<void> {
  await serverAdmin(call);
  sendJson(call.res, 200, oauthClientJson(await loadClient(call, clientId)));
}

export async function adminUpdateOAuthClient(call: AuthCall, clientId: string): Promise<void> {
  const admin = await serverAdmin(call);
  const existing = await loadClient(call, clientId);
  const fields = updateParams(await body(call), existing.client_type);
  const row = await audited(
    call,
    admin,
    'oauth_client_updated',
    (r: OAuthClientRow) => r.id,
    (client) => updateOAuthClient(client, existing.id, fields),
  );
  sendJson(call.res, 200, oauthClientJson(row));
}

export async function adminDeleteOAuthClient(call: AuthCall, clientId: string): Promise<void> {
  const admin = await serverAdmin(call);
  const existing = await loadClient(call, clientId);
  await audited(
    call,
    admin,
    'oauth_client_deleted',
    () => existing.id,
    (client) => softDeleteOAuthClient(client, existing.id),
  );
  call.res.writeHead(204).end();
}

export async function adminRegenerateOAuthClientSecret(call: AuthCall, clientId: string): Promise<void> {
  const admin = await serverAdmin(call);
  const existing = await loadClient(call, clientId);
  if (existing.client_type !== 'confidential')
    throw badRequest('validation_failed', 'Cannot regenerate secret for public client');
  const secret = newClientSecret();
  const row = await audited(
    call,
    admin,
    'oauth_client_updated',
    (r: OAuthClientRow) => r.id,
    (client) => setClientSecretHash(client, existing.id, secret.hash),
  );
  sendJson(call.res, 200, oauthClientJson(row, secret.secret));
}
