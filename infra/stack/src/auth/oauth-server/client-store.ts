/**
 * auth.oauth_clients, the OAuth 2.1 server's registered clients as GoTrue keeps them (migrations
 * 20250731150234_add_oauth_clients_table, 20250901200500_add_oauth_client_type; models/oauth_client.go):
 * redirect URIs and grant types comma-separated, the secret only as a SHA-256 hash, deletion soft.
 * Created on first use for clusters made before it existed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../db.js';
import { ensureOnce } from '../ensure-once.js';

const CREATE_TABLE = `
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
alter table auth.oauth_clients enable row level security;
comment on table auth.oauth_clients is 'Clients of the OAuth 2.1 server ([auth.oauth_server]); secrets kept only as SHA-256 hashes.';
grant select, references, trigger on auth.oauth_clients to postgres with grant option;
grant insert, update, delete, truncate on auth.oauth_clients to postgres;`;

export function ensureOAuthClientTable(pool: pg.Pool): Promise<void> {
  return ensureOnce(pool, CREATE_TABLE);
}

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  client_type: string;
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue's OAuthServerClientResponse: empty strings and lists left out. */
export function oauthClientJson(row: OAuthClientRow, secret?: string): Record<string, unknown> {
  const list = (text: string) => (text === '' ? [] : text.split(','));
  const json: Record<string, unknown> = { client_id: row.id };
  if (secret !== undefined) json.client_secret = secret;
  json.client_type = row.client_type;
  const optional: [string, unknown][] = [
    ['redirect_uris', list(row.redirect_uris)],
    ['token_endpoint_auth_method', row.token_endpoint_auth_method],
    ['grant_types', list(row.grant_types)],
    ['response_types', ['code']],
    ['client_name', row.client_name ?? ''],
    ['client_uri', row.client_uri ?? ''],
    ['logo_uri', row.logo_uri ?? ''],
    ['registration_type', row.registration_type],
  ];
  for (const [key, value] of optional)
    if (value !== '' && !(Array.isArray(value) && value.length === 0)) json[key] = value;
  json.created_at = row.created_at.toISOString();
  json.updated_at = row.updated_at.toISOString();
  return json;
}

/** A new secret (32 random bytes, base64url) and the hash that is all the database keeps. */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

export interface ClientFields {
  redirectUris?: string[];
  grantTypes?: string[];
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
  tokenEndpointAuthMethod?: string;
}

export async function insertOAuthClient(
  db: Db,
  c: Required<Pick<ClientFields, 'redirectUris' | 'grantTypes' | 'tokenEndpointAuthMethod'>> &
    ClientFields & { clientType: string; registrationType: string; secretHash: string | null },
): Promise<OAuthClientRow> {
  const { rows } = await db.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
       token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, nullif($7, ''), nullif($8, ''), nullif($9, ''))
     returning *`,
    [
      c.secretHash,
      c.registrationType,
      c.clientType,
      c.tokenEndpointAuthMethod,
      c.redirectUris.join(','),
      c.grantTypes.join(','),
      c.clientName ?? '',
      c.clientUri ?? '',
      c.logoUri ?? '',
    ],
  );
  return rows[0]!;
}

export async function findOAuthClient(db: Db, id: string): Promise<OAuthClientRow | undefined> {
  const { rows } = await db.query<OAuthClientRow>(
    `select * from auth.oauth_clients where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function listOAuthClients(db: Db): Promise<OAuthClientRow[]> {
  const { rows } = await db.query<OAuthClientRow>(
    `select * from auth.oauth_clients where deleted_at is null order by created_at desc`,
  );
  return rows;
}

export async function updateOAuthClient(db: Db, id: string, f: ClientFields): Promise<OAuthClientRow> {
  const { rows } = await db.query<OAuthClientRow>(
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris),
       grant_types = coalesce($3, grant_types),
       client_name = case when $4::text is null then client_name else nullif($4, '') end,
       client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
       logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
       token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method),
       updated_at = now()
     where id = $1 returning *`,
    [
      id,
      f.redirectUris?.join(',') ?? null,
      f.grantTypes?.join(',') ?? null,
      f.clientName ?? null,
      f.clientUri ?? null,
      f.logoUri ?? null,
      f.tokenEndpointAuthMethod ?? null,
    ],
  );
  return rows[0]!;
}

export async function setClientSecretHash(db: Db, id: string, hash: string): Promise<OAuthClientRow> {
  const { rows } = await db.query<OAuthClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *`,
    [id, hash],
  );
  return rows[0]!;
}

export async function softDeleteOAuthClient(db: Db, id: string): Promise<void> {
  await db.query(`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1`, [id]);
}
