/** Superuser connection over the private unix socket, for bootstrap and maintenance only. */
import pg from 'pg';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { BOOTSTRAP_SUPERUSER } from './cluster.js';

export async function withAdminClient<T>(
  config: ProjectConfig,
  paths: StatePaths,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    host: paths.socketDir,
    port: config.db.port,
    user: BOOTSTRAP_SUPERUSER,
    database: 'postgres',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
