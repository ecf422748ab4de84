/**
 * The user and identity objects exactly as GoTrue serialises them (`models.User`, `models.Identity`
 * JSON tags): field order, `""` for a missing email/phone, optional timestamps left out when null,
 * and the identity `id`/`identity_id` swap kept for backward compatibility.
 */
import { factorJson, type FactorRow } from './mfa/factor-json.js';

export type JsonMap = Record<string, unknown>;

/** The columns of auth.users this service reads (see USER_COLUMNS in user-store.ts). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonMap | null;
  raw_user_meta_data: JsonMap | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean | null;
  is_sso_user: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonMap | null;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

/** A user together with its identities, which every user response embeds. */
export interface UserRecord {
  row: UserRow;
  identities: IdentityRow[];
  /** The user's MFA factors, every status (GoTrue's `factors`, left out when there are none). */
  factors?: FactorRow[];
}

// Go's zero time, which GoTrue prints for a NOT NULL timestamp that a seed left empty.
const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

function time(value: Date | null): string | undefined {
  return value === null ? undefined : value.toISOString();
}

function requiredTime(value: Date | null): string {
  return time(value) ?? GO_ZERO_TIME;
}

/** Adds `key: value` only when the value is present (Go `omitempty`). */
function withOptional(target: JsonMap, key: string, value: unknown): void {
  if (value !== undefined && value !== null && value !== '') target[key] = value;
}

export function identityJson(identity: IdentityRow): JsonMap {
  const json: JsonMap = { identity_id: identity.id, id: identity.provider_id, user_id: identity.user_id };
  if (identity.identity_data && Object.keys(identity.identity_data).length > 0)
    json.identity_data = identity.identity_data;
  json.provider = identity.provider;
  withOptional(json, 'last_sign_in_at', time(identity.last_sign_in_at));
  json.created_at = requiredTime(identity.created_at);
  json.updated_at = requiredTime(identity.updated_at);
  withOptional(json, 'email', identity.email);
  return json;
}

export function userJson({ row, identities, factors }: UserRecord): JsonMap {
  const json: JsonMap = { id: row.id, aud: row.aud ?? '', role: row.role ?? '', email: row.email ?? '' };
  withOptional(json, 'email_confirmed_at', time(row.email_confirmed_at));
  withOptional(json, 'invited_at', time(row.invited_at));
  json.phone = row.phone ?? '';
  withOptional(json, 'phone_confirmed_at', time(row.phone_confirmed_at));
  withOptional(json, 'confirmation_sent_at', time(row.confirmation_sent_at));
  withOptional(json, 'confirmed_at', time(row.confirmed_at));
  withOptional(json, 'recovery_sent_at', time(row.recovery_sent_at));
  withOptional(json, 'new_email', row.email_change);
  withOptional(json, 'email_change_sent_at', time(row.email_change_sent_at));
  withOptional(json, 'new_phone', row.phone_change);
  withOptional(json, 'phone_change_sent_at', time(row.phone_change_sent_at));
  withOptional(json, 'reauthentication_sent_at', time(row.reauthentication_sent_at));
  withOptional(json, 'last_sign_in_at', time(row.last_sign_in_at));
  json.app_metadata = row.raw_app_meta_data ?? {};
  json.user_metadata = row.raw_user_meta_data ?? {};
  if (factors && factors.length > 0) json.factors = factors.map(factorJson);
  json.identities = identities.map(identityJson);
  json.created_at = requiredTime(row.created_at);
  json.updated_at = requiredTime(row.updated_at);
  withOptional(json, 'banned_until', time(row.banned_until));
  withOptional(json, 'deleted_at', time(row.deleted_at));
  json.is_anonymous = row.is_anonymous ?? false;
  return json;
}

export function isConfirmed(row: UserRow): boolean {
  return row.email_confirmed_at !== null;
}

export function isBanned(row: UserRow, now = new Date()): boolean {
  return row.banned_until !== null && row.banned_until.getTime() > now.getTime();
}

export function hasPassword(row: UserRow): boolean {
  return (row.encrypted_password ?? '') !== '';
}
