import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The database the importers write to: `--db-url`, else `INTEL_DB_URL`, else the running stack of
 * the project folder (`stack status -o json`, as every other tool of this repository finds it).
 * Importers need a direct connection: COPY and session locks do not go through REST.
 */
export function resolveDbUrl(options: { dbUrl?: string; workdir?: string }): string {
  if (options.dbUrl) return options.dbUrl;
  if (process.env.INTEL_DB_URL) return process.env.INTEL_DB_URL;
  const workdir = path.resolve(options.workdir ?? REPO_ROOT);
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'infra/stack/bin/stack.mjs'), 'status', '-o', 'json', '--workdir', workdir],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    out = (error as { stdout?: string }).stdout ?? '';
  }
  const url = (JSON.parse(out || '{}') as { DB_URL?: string }).DB_URL;
  if (!url) throw new Error(`no running stack in ${workdir}: start it with \`npm start\` or pass --db-url`);
  return url;
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'cti-intel' });
  await client.connect();
  return client;
}
