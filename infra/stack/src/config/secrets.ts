/**
 * Per-installation secrets: the JWT secret, the four API keys and the database role passwords.
 * Generated on first use, kept in the state folder with mode 0600, never committed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signJwt } from '../kernel/jwt.js';

export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** Password of the `postgres` role, the migration owner (DB_URL). */
  postgresPassword: string;
  /** Password of `authenticator`, the gateway's login role for REST. */
  authenticatorPassword: string;
  /** Password of `supabase_auth_admin`, the gateway's login role for auth tables. */
  authAdminPassword: string;
  /** Password of `supabase_storage_admin`. */
  storageAdminPassword: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

function token(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

async function generate(): Promise<StackSecrets> {
  const jwtSecret = token(48);
  const iat = Math.floor(Date.now() / 1000);
  const legacy = (role: string) =>
    signJwt({ iss: 'supabase-demo', role, iat, exp: iat + TEN_YEARS }, jwtSecret);
  return {
    jwtSecret,
    anonKey: await legacy('anon'),
    serviceRoleKey: await legacy('service_role'),
    publishableKey: `sb_publishable_${token(24)}`,
    secretKey: `sb_secret_${token(24)}`,
    postgresPassword: token(18),
    authenticatorPassword: token(18),
    authAdminPassword: token(18),
    storageAdminPassword: token(18),
  };
}

export async function loadOrCreateSecrets(file: string): Promise<StackSecrets> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const secrets = await generate();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

export function readSecrets(file: string): StackSecrets {
  if (!existsSync(file))
    throw new Error(`The stack has not been set up yet (${file} is missing): run \`stack up\``);
  return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
}
