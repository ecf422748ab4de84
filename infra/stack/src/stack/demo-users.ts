/**
 * Local demo accounts (`[stack] demo_users` in config.toml): confirmed users whose passwords are
 * generated per installation and kept in the state folder, never written in SQL or the repo.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createConfirmedUser } from '../auth/create-confirmed-user.js';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import type { StatePaths } from '../config/state.js';
import { databaseUrl } from '../kernel/db.js';

export interface DemoUser {
  email: string;
  password: string;
}

export async function ensureDemoUsers(
  config: ProjectConfig,
  paths: StatePaths,
  secrets: StackSecrets,
): Promise<DemoUser[]> {
  if (config.stack.demoUsers.length === 0) return [];
  const file = path.join(paths.root, 'demo-accounts.json');
  const known: DemoUser[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoUser[]) : [];
  const users = config.stack.demoUsers.map(
    (email) =>
      known.find((u) => u.email === email) ?? { email, password: randomBytes(12).toString('base64url') },
  );
  const pool = new pg.Pool({
    connectionString: databaseUrl(config, 'supabase_auth_admin', secrets.authAdminPassword),
    max: 1,
  });
  try {
    for (const user of users) await createConfirmedUser(pool, { email: user.email, password: user.password });
  } finally {
    await pool.end();
  }
  writeFileSync(file, JSON.stringify(users, null, 2) + '\n', { mode: 0o600 });
  return users;
}
