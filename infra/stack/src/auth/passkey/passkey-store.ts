/**
 * auth.webauthn_credentials and auth.webauthn_challenges, GoTrue's passkey tables (migration
 * 20260302000000_add_passkeys, models/webauthn_credential.go and webauthn_challenge.go). Clusters
 * made before these tables existed get them on first use, as GoTrue's migrations would add them.
 */
import type pg from 'pg';
import type { Db } from '../db.js';
import { ensureOnce } from '../ensure-once.js';

const CREATE_TABLES = `
create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);
alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
comment on table auth.webauthn_credentials is 'Passkeys (WebAuthn credentials) users sign in with.';
comment on table auth.webauthn_challenges is 'Open WebAuthn ceremonies: the challenge a passkey must sign, until used or expired.';
grant select, references, trigger on auth.webauthn_credentials, auth.webauthn_challenges to postgres with grant option;
grant insert, update, delete, truncate on auth.webauthn_credentials, auth.webauthn_challenges to postgres;`;

/** Creates the tables once per pool (the auth pool's role owns the auth schema). */
export function ensurePasskeyTables(pool: pg.Pool): Promise<void> {
  return ensureOnce(pool, CREATE_TABLES);
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** GoTrue's PasskeyListItem: friendly_name and last_used_at left out when empty. */
export function passkeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name !== '' ? { friendly_name: row.friendly_name } : {}),
    created_at: row.created_at.toISOString(),
    ...(row.last_used_at ? { last_used_at: row.last_used_at.toISOString() } : {}),
  };
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `select * from auth.webauthn_credentials where user_id = $1 order by created_at asc`,
    [userId],
  );
  return rows;
}

export async function findPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `select * from auth.webauthn_credentials where id = $1 and user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: Buffer,
): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `select * from auth.webauthn_credentials where credential_id = $1`,
    [credentialId],
  );
  return rows[0];
}

export interface NewPasskey {
  userId: string;
  credentialId: Buffer;
  publicKey: Buffer;
  attestationType: string;
  aaguid: string | null;
  signCount: number;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
  friendlyName: string;
}

/** Inserts a passkey; undefined when its credential id is already registered (unique index). */
export async function insertPasskey(db: Db, p: NewPasskey): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid,
       sign_count, transports, backup_eligible, backed_up, friendly_name)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
     on conflict (credential_id) do nothing returning *`,
    [
      p.userId,
      p.credentialId,
      p.publicKey,
      p.attestationType,
      p.aaguid,
      p.signCount,
      JSON.stringify(p.transports),
      p.backupEligible,
      p.backedUp,
      p.friendlyName,
    ],
  );
  return rows[0];
}

export async function renamePasskey(db: Db, id: string, friendlyName: string): Promise<PasskeyRow> {
  const { rows } = await db.query<PasskeyRow>(
    `update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1 returning *`,
    [id, friendlyName],
  );
  return rows[0]!;
}

export async function markPasskeyUsed(db: Db, id: string, signCount: number): Promise<void> {
  await db.query(
    `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1`,
    [id, signCount],
  );
}

export async function deletePasskey(db: Db, id: string): Promise<void> {
  await db.query(`delete from auth.webauthn_credentials where id = $1`, [id]);
}

export type ChallengeType = 'registration' | 'authentication';

export interface ChallengeSession {
  challenge: string;
  userVerification: string;
}

export async function insertChallenge(
  db: Db,
  type: ChallengeType,
  userId: string | null,
  session: ChallengeSession,
  expirySeconds: number,
): Promise<{ id: string; expiresAt: Date }> {
  // Expired ceremonies are of no use to anyone: cleared as new ones open.
  await db.query(`delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'`);
  const { rows } = await db.query<{ id: string; expires_at: Date }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3::jsonb, now() + make_interval(secs => $4)) returning id, expires_at`,
    [userId, type, JSON.stringify(session), expirySeconds],
  );
  return { id: rows[0]!.id, expiresAt: rows[0]!.expires_at };
}

/** GoTrue's ConsumeWebAuthnChallengeByID: deleted as it is read, so a challenge serves once. */
export async function consumeChallenge(
  db: Db,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<{ session: ChallengeSession; expired: boolean } | undefined> {
  const { rows } = await db.query<{ session_data: ChallengeSession; expired: boolean }>(
    `delete from auth.webauthn_challenges
      where id = $1 and challenge_type = $2 and user_id is not distinct from $3
      returning session_data, expires_at < now() as expired`,
    [id, type, userId],
  );
  return rows[0] ? { session: rows[0].session_data, expired: rows[0].expired } : undefined;
}
