/**
 * Gives a fresh cluster what a Supabase database has (infra/stack/sql, in order), then sets the
 * login roles' passwords from this installation's secrets.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import type { StatePaths } from '../config/state.js';
import { quoteIdent, quoteLiteral } from '../kernel/sql-text.js';
import { withAdminClient } from './admin-client.js';

export const BOOTSTRAP_SQL_DIR = fileURLToPath(new URL('../../sql/', import.meta.url));

const AUTO_EXPOSE = `
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;`;

export async function bootstrapDatabase(
  config: ProjectConfig,
  paths: StatePaths,
  secrets: StackSecrets,
  progress: (step: string) => void,
): Promise<void> {
  await withAdminClient(config, paths, async (client) => {
    for (const file of readdirSync(BOOTSTRAP_SQL_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      progress(`bootstrap ${file}`);
      await client.query(readFileSync(path.join(BOOTSTRAP_SQL_DIR, file), 'utf8'));
    }
    if (config.stack.autoExposePublic) await client.query(AUTO_EXPOSE);
    const passwords: Record<string, string> = {
      postgres: secrets.postgresPassword,
      authenticator: secrets.authenticatorPassword,
      supabase_auth_admin: secrets.authAdminPassword,
      supabase_storage_admin: secrets.storageAdminPassword,
    };
    for (const [role, password] of Object.entries(passwords)) {
      await client.query(`alter role ${quoteIdent(role)} password ${quoteLiteral(password)}`);
    }
  });
}
