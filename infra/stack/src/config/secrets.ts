/**
 * Per-installation secrets: the JWT secret, the four API keys and the database role passwords.
 * Generated on first use by `stack up` (stack/create-secrets.ts), kept in the state folder with
 * mode 0600, never committed.
 */
import { existsSync, readFileSync } from 'node:fs';

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
  /** Password of `cti_replicator`, the standby's replication login (src/ha); added when first needed. */
  replicationPassword?: string;
}

export function readSecrets(file: string): StackSecrets {
  if (!existsSync(file))
    throw new Error(`The stack has not been set up yet (${file} is missing): run \`stack up\``);
  return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
}
