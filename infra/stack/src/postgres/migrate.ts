/**
 * Applies the project's migrations with the real Supabase CLI (`db push` against the database URL,
 * no Docker involved) and then its seed file, so migrations stay valid for hosted Supabase.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import type { StatePaths } from '../config/state.js';
import { databaseUrl } from '../kernel/db.js';

const require = createRequire(import.meta.url);

function supabaseCliEntry(): string {
  const pkg = require.resolve('supabase/package.json');
  return path.join(path.dirname(pkg), 'dist', 'supabase.js');
}

export function listMigrations(config: ProjectConfig): string[] {
  const dir = path.join(config.projectDir, 'migrations');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort()
    : [];
}

/** Runs `supabase db push`; resolves with its output, rejects with it on failure. */
export async function pushMigrations(
  config: ProjectConfig,
  paths: StatePaths,
  secrets: StackSecrets,
): Promise<string> {
  const home = path.join(paths.root, 'cli-home');
  mkdirSync(home, { recursive: true });
  const args = [
    supabaseCliEntry(),
    'db',
    'push',
    `--remote=${databaseUrl(config, 'postgres', secrets.postgresPassword)}`,
    '--include-all',
    '--yes',
    '--workdir',
    config.workdir,
  ];
  const env = { ...process.env, HOME: home, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', CI: 'true' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const cleaned = output.replaceAll(secrets.postgresPassword, '********');
      if (code === 0) resolve(cleaned);
      else reject(new Error(`supabase db push failed (exit ${code}):\n${cleaned.trim()}`));
    });
  });
}

/** Runs `supabase/seed.sql` as `postgres`, like `supabase db reset` does after migrations. */
export async function applySeed(config: ProjectConfig, secrets: StackSecrets): Promise<boolean> {
  const file = path.join(config.projectDir, 'seed.sql');
  if (!existsSync(file)) return false;
  const sql = readFileSync(file, 'utf8');
  if (sql.trim() === '') return false;
  const client = new pg.Client({
    connectionString: databaseUrl(config, 'postgres', secrets.postgresPassword),
  });
  await client.connect();
  try {
    await client.query(sql);
  } catch (error) {
    throw new Error(`seed.sql failed: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end();
  }
  return true;
}
