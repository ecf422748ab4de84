import path from 'node:path';
import pg from 'pg';
import { readStackStatus } from '../../../infra/stack/lib/stack-status.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** `stack status -o json` of a project folder, also when a part is unhealthy; undefined when no stack runs there. */
const stackStatus = (workdir: string | undefined) =>
  readStackStatus(path.resolve(workdir ?? REPO_ROOT)).status;

/**
 * The database the importers write to: `--db-url`, else `INTEL_DB_URL`, else the running stack of
 * the project folder (`stack status -o json`, as every other tool of this repository finds it).
 * Importers need a direct connection: COPY and session locks do not go through REST.
 */
export function resolveDbUrl(options: { dbUrl?: string; workdir?: string }): string {
  if (options.dbUrl) return options.dbUrl;
  if (process.env.INTEL_DB_URL) return process.env.INTEL_DB_URL;
  const url = stackStatus(options.workdir)?.DB_URL;
  if (!url)
    throw new Error(
      `no running stack in ${path.resolve(options.workdir ?? REPO_ROOT)}: start it with \`npm start\` or pass --db-url`,
    );
  return url;
}

/**
 * Where the worker downloads uploads from: `INTEL_API_URL` and `INTEL_SERVICE_ROLE_KEY`, else the
 * running stack of the project folder; undefined when neither is there (uploads then fail with a reason).
 */
export function resolveStorage(options: {
  workdir?: string;
}): { apiUrl: string; serviceRoleKey: string } | undefined {
  const fromEnv = { apiUrl: process.env.INTEL_API_URL, serviceRoleKey: process.env.INTEL_SERVICE_ROLE_KEY };
  const found = fromEnv.apiUrl && fromEnv.serviceRoleKey ? fromEnv : undefined;
  if (found) return { apiUrl: found.apiUrl!, serviceRoleKey: found.serviceRoleKey! };
  const status = stackStatus(options.workdir);
  return status?.API_URL && status.SERVICE_ROLE_KEY
    ? { apiUrl: status.API_URL, serviceRoleKey: status.SERVICE_ROLE_KEY }
    : undefined;
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'cti-intel' });
  await client.connect();
  return client;
}
