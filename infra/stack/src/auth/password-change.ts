/**
 * One-time passwords (the project's migration 20261130040000_require_password_change): a user whose
 * app_metadata says `password_change_required` gets access tokens for the role
 * `password_change_pending`, which the database grants nothing, until they choose a password on PUT
 * /user. Only the auth service decides this, so a token cannot claim its way out of it.
 */
import type { Db } from './db.js';
import type { UserRecord } from './user-json.js';

export const PASSWORD_CHANGE_FLAG = 'password_change_required';
export const PASSWORD_CHANGE_ROLE = 'password_change_pending';

/** The role an access token of this user carries. */
export function tokenRole(row: UserRecord['row']): string {
  const role = row.role ?? '';
  const mustChange = row.raw_app_meta_data?.[PASSWORD_CHANGE_FLAG] === true;
  // Only ordinary users are held back; a service account with its own role keeps it.
  return mustChange && role === 'authenticated' ? PASSWORD_CHANGE_ROLE : role;
}

/** The user chose their own password: the next token (refresh) carries `authenticated` again. */
export async function clearPasswordChangeRequired(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data - $2, updated_at = now()
      where id = $1 and raw_app_meta_data ? $2`,
    [userId, PASSWORD_CHANGE_FLAG],
  );
}
