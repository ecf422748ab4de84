/**
 * Changing a user's email the way GoTrue's ConfirmEmailChange / admin update do: the users row, the
 * email identity (created when the user had none, e.g. an anonymous user) and the provider list in
 * app_metadata move together.
 */
import type { Db } from './db.js';
import { confirmEmail, mergeAppMetadata } from './user-store.js';

export interface EmailChange {
  userId: string;
  email: string;
  /** Recorded as the identity's `email_verified`; also confirms the user when true. */
  verified: boolean;
}

export async function applyEmailChange(db: Db, change: EmailChange): Promise<void> {
  const { userId, email, verified } = change;
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
        email_change_sent_at = null, email_change_confirm_status = 0, updated_at = now()
      where id = $1`,
    [userId, email],
  );
  const updated = await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
        updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email, verified],
  );
  if ((updated.rowCount ?? 0) === 0) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean,
         'phone_verified', false), 'email', now(), now(), now())`,
      [userId, email, verified],
    );
  }
  if (verified) {
    await db.query(`update auth.users set is_anonymous = false where id = $1`, [userId]);
    const { rows } = await db.query<{ confirmed: boolean }>(
      `select email_confirmed_at is not null as confirmed from auth.users where id = $1`,
      [userId],
    );
    if (!rows[0]?.confirmed) await confirmEmail(db, userId);
  }
  await refreshProviders(db, userId);
}

/** app_metadata.providers from the user's identities, `provider` the first of them. */
export async function refreshProviders(db: Db, userId: string): Promise<void> {
  const { rows } = await db.query<{ provider: string }>(
    `select provider from auth.identities where user_id = $1 group by provider order by min(created_at), provider`,
    [userId],
  );
  if (rows.length === 0) return;
  const providers = rows.map((r) => r.provider);
  await mergeAppMetadata(db, userId, { provider: providers[0], providers });
}
