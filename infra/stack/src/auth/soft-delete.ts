/**
 * GoTrue's soft delete: the row stays (foreign keys keep working) but email, phone and provider
 * ids are replaced by one-way hashes, metadata and secrets are cleared and every session ends.
 */
import { createHash } from 'node:crypto';
import type { Db } from './db.js';
import type { UserRow } from './user-json.js';

export function obfuscate(userId: string, value: string): string {
  return createHash('sha256')
    .update(userId + value)
    .digest('base64url');
}

/** Phones are shorter columns in older schemas, so GoTrue keeps 15 characters. */
export function obfuscatePhone(userId: string, phone: string): string {
  return obfuscate(userId, phone).slice(0, 15);
}

export async function softDeleteUser(db: Db, user: UserRow): Promise<void> {
  const id = user.id;
  await db.query(
    `update auth.users set email = $2, phone = $3, email_change = $4, phone_change = $5, encrypted_password = null,
        confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
        phone_change_token = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(), updated_at = now()
      where id = $1`,
    [
      id,
      obfuscate(id, user.email ?? ''),
      obfuscatePhone(id, user.phone ?? ''),
      obfuscate(id, user.email_change ?? ''),
      obfuscatePhone(id, user.phone_change ?? ''),
    ],
  );
  const { rows } = await db.query<{ id: string; provider: string; provider_id: string }>(
    `select id, provider, provider_id from auth.identities where user_id = $1`,
    [id],
  );
  for (const identity of rows) {
    await db.query(
      `update auth.identities set identity_data = '{}', provider_id = $2, updated_at = now() where id = $1`,
      [identity.id, obfuscate(id, `${identity.provider}:${identity.provider_id}`)],
    );
  }
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [id]);
  await db.query(`delete from auth.mfa_factors where user_id = $1`, [id]);
  await db.query(`delete from auth.sessions where user_id = $1`, [id]);
  await db.query(`delete from auth.refresh_tokens where user_id = $1`, [id]);
}
