/**
 * Reads and writes of auth.users and auth.identities, in the shapes GoTrue leaves behind (so
 * rows made here and rows made by GoTrue or by SQL seeds are interchangeable).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import { listFactors, listFactorsOf } from './mfa/factor-store.js';
import type { IdentityRow, JsonMap, UserRecord, UserRow } from './user-json.js';

/** GoTrue writes the nil uuid as instance_id everywhere. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_AUDIENCE = 'authenticated';
export const DEFAULT_ROLE = 'authenticated';

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone,
  phone_confirmed_at, confirmation_sent_at, confirmed_at, recovery_sent_at, email_change, email_change_sent_at,
  phone_change, phone_change_sent_at, reauthentication_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous, is_sso_user`;

const IDENTITY_COLUMNS = `id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email`;

/** jsonb merge where a JSON null in the update removes the key (GoTrue's UpdateUserMetaData). */
export function mergeJsonSql(column: string, param: string): string {
  return `(coalesce(${column}, '{}'::jsonb) || ${param}::jsonb) - coalesce(
    (select array_agg(key) from jsonb_each(${param}::jsonb) where jsonb_typeof(value) = 'null'), '{}'::text[])`;
}

export async function findUserRowById(db: Db, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function loadIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await findUserRowById(db, id);
  return row
    ? { row, identities: await loadIdentities(db, id), factors: await listFactors(db, id) }
    : undefined;
}

/** Several users with their identities in two queries, in the order of `ids`. */
export async function findUsersByIds(db: Db, ids: string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = any($1::uuid[])`,
    [ids],
  );
  const { rows: identities } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [ids],
  );
  const factors = await listFactorsOf(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            row,
            identities: identities.filter((i) => i.user_id === id),
            factors: factors.filter((f) => f.user_id === id),
          },
        ]
      : [];
  });
}

export async function withIdentities(db: Db, row: UserRow): Promise<UserRecord> {
  return { row, identities: await loadIdentities(db, row.id), factors: await listFactors(db, row.id) };
}

export async function findUserByEmail(
  db: Db,
  email: string,
  aud = DEFAULT_AUDIENCE,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and aud = $2 and is_sso_user = false
      order by created_at limit 1`,
    [email, aud],
  );
  return rows[0];
}

/** The user already holding `email` through an identity or the users table (IsDuplicatedEmail). */
export async function findUserHoldingEmail(
  db: Db,
  email: string,
  aud: string,
  exceptUserId?: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
      where u.aud = $2 and u.id is distinct from $3::uuid
        and (u.id in (select user_id from auth.identities where email = lower($1))
             or (lower(u.email) = lower($1) and u.is_sso_user = false))
      order by u.created_at limit 1`,
    [email, aud, exceptUserId ?? null],
  );
  return rows[0];
}

export async function phoneTaken(db: Db, phone: string, aud: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from auth.users where phone = $1 and aud = $2`, [phone, aud]);
  return (rowCount ?? 0) > 0;
}

export interface NewUser {
  id?: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encryptedPassword: string | null;
  appMetadata: JsonMap;
  userMetadata: JsonMap;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  isAnonymous: boolean;
  /** Seconds from now; undefined for no ban. */
  banSeconds?: number;
  confirmationToken?: string;
}

/** Inserts a user with every token column '' as GoTrue does; returns its id. */
export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
        raw_user_meta_data, email_confirmed_at, phone_confirmed_at, is_anonymous, banned_until,
        confirmation_token, confirmation_sent_at, recovery_token, email_change_token_new, email_change,
        email_change_token_current, phone_change, phone_change_token, reauthentication_token,
        is_super_admin, is_sso_user, created_at, updated_at)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb,
        case when $10 then now() end, case when $11 then now() end, $12,
        case when $13::float8 > 0 then now() + make_interval(secs => $13::float8) end,
        $14::text, case when $14::text <> '' then now() end, '', '', '', '', '', '', '', false, false, now(), now())
     returning id`,
    [
      NIL_UUID,
      user.id ?? null,
      user.aud,
      user.role,
      user.email,
      user.phone,
      user.encryptedPassword ?? '',
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.emailConfirmed,
      user.phoneConfirmed,
      user.isAnonymous,
      user.banSeconds ?? 0,
      user.confirmationToken ?? '',
    ],
  );
  return rows[0]!.id;
}

export interface NewIdentity {
  userId: string;
  provider: string;
  /** For email and phone identities GoTrue uses the user id. */
  providerId: string;
  identityData: JsonMap;
}

export async function insertIdentity(db: Db, identity: NewIdentity): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [identity.providerId, identity.userId, JSON.stringify(identity.identityData), identity.provider],
  );
}

export async function mergeUserMetadata(db: Db, userId: string, updates: JsonMap): Promise<void> {
  await db.query(
    `update auth.users set raw_user_meta_data = ${mergeJsonSql('raw_user_meta_data', '$2')}, updated_at = now() where id = $1`,
    [userId, JSON.stringify(updates)],
  );
}

export async function mergeAppMetadata(db: Db, userId: string, updates: JsonMap): Promise<void> {
  await db.query(
    `update auth.users set raw_app_meta_data = ${mergeJsonSql('raw_app_meta_data', '$2')}, updated_at = now() where id = $1`,
    [userId, JSON.stringify(updates)],
  );
}

export async function recordSignIn(db: Db, userId: string, provider: string): Promise<void> {
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = $2`,
    [userId, provider],
  );
}

/** Marks the email confirmed as GoTrue's `user.Confirm` does (also `user_metadata.email_verified`). */
export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = now(), confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  );
  await mergeUserMetadata(db, userId, { email_verified: true });
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
}

/** Ban for `seconds` from now; 0 lifts the ban. */
export async function setBan(db: Db, userId: string, seconds: number): Promise<void> {
  await db.query(
    `update auth.users set banned_until = case when $2::float8 = 0 then null else now() + make_interval(secs => $2::float8) end,
        updated_at = now() where id = $1`,
    [userId, seconds],
  );
}

/** Sets a new password hash and clears every pending token, as `user.UpdatePassword` does. */
export async function storePassword(db: Db, userId: string, encryptedPassword: string): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
        recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
        email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
        reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
      where id = $1`,
    [userId, encryptedPassword],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
}

export const EMAIL_PROVIDER_METADATA = { provider: 'email', providers: ['email'] };

/**
 * A new, unconfirmed email-password user and its email identity, as GoTrue makes them: user_metadata
 * starts from the caller's data with the identity claims on top.
 */
export async function insertEmailUser(
  db: Db,
  user: { email: string; encryptedPassword: string; userMetadata?: JsonMap; appMetadata?: JsonMap },
): Promise<string> {
  const id = randomUUID();
  const identityData = { sub: id, email: user.email, email_verified: false, phone_verified: false };
  await insertUser(db, {
    id,
    aud: DEFAULT_AUDIENCE,
    role: DEFAULT_ROLE,
    email: user.email,
    phone: null,
    encryptedPassword: user.encryptedPassword,
    appMetadata: { ...EMAIL_PROVIDER_METADATA, ...user.appMetadata },
    userMetadata: { ...user.userMetadata, ...identityData },
    emailConfirmed: false,
    phoneConfirmed: false,
    isAnonymous: false,
  });
  await insertIdentity(db, { userId: id, provider: 'email', providerId: id, identityData });
  return id;
}
