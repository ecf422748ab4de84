/** auth.audit_log_entries rows with GoTrue's payload (`models.NewAuditLogEntry`). */
import type { Db } from './db.js';
import type { JsonMap, UserRow } from './user-json.js';
import { NIL_UUID } from './user-store.js';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'user_signedup'
  | 'user_invited'
  | 'user_deleted'
  | 'user_modified'
  | 'user_repeated_signup'
  | 'user_confirmation_requested'
  | 'user_recovery_requested'
  | 'user_updated_password'
  | 'token_revoked'
  | 'token_refreshed'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_deleted'
  | 'passkey_created'
  | 'passkey_updated'
  | 'passkey_deleted'
  | 'oauth_client_created'
  | 'oauth_client_updated'
  | 'oauth_client_deleted';

const LOG_TYPE: Record<AuditAction, string> = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  user_modified: 'user',
  user_repeated_signup: 'user',
  user_confirmation_requested: 'user',
  user_recovery_requested: 'user',
  user_updated_password: 'user',
  token_revoked: 'token',
  token_refreshed: 'token',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
  passkey_created: 'user',
  passkey_updated: 'user',
  passkey_deleted: 'user',
  // GoTrue keeps no audit entry for client administration; ours is the admin change log.
  oauth_client_created: 'oauth_client',
  oauth_client_updated: 'oauth_client',
  oauth_client_deleted: 'oauth_client',
};

export interface AuditActor {
  id: string;
  email: string;
  phone: string;
  viaSso: boolean;
  fullName?: unknown;
}

export function actorFromUser(row: UserRow): AuditActor {
  return {
    id: row.id,
    email: row.email ?? '',
    phone: row.phone ?? '',
    viaSso: row.is_sso_user ?? false,
    fullName: row.raw_user_meta_data?.full_name,
  };
}

/** The admin "user" GoTrue records for service-role calls: nil id, the role as its name. */
export function adminActor(role: string): AuditActor {
  return { id: NIL_UUID, email: role, phone: '', viaSso: false };
}

export function auditPayload(actor: AuditActor, action: AuditAction, traits?: JsonMap): JsonMap {
  const payload: JsonMap = {
    actor_id: actor.id,
    actor_via_sso: actor.viaSso,
    actor_username: actor.phone !== '' ? actor.phone : actor.email,
    action,
    log_type: LOG_TYPE[action],
  };
  if (actor.fullName !== undefined) payload.actor_name = actor.fullName;
  if (traits) payload.traits = traits;
  return payload;
}

export async function writeAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  ip: string,
  traits?: JsonMap,
): Promise<void> {
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, gen_random_uuid(), $2::json, now(), $3)`,
    [NIL_UUID, JSON.stringify(auditPayload(actor, action, traits)), ip.slice(0, 64)],
  );
}
