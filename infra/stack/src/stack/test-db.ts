/**
 * `stack test-db`: the counterpart of `supabase test db`. Installs pgTAP into `extensions` and runs
 * `supabase/tests/**.sql` with pg_prove as the bootstrap superuser over the private socket (the tests
 * switch to anon/authenticated/service_role themselves).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import { statePaths } from '../config/state.js';
import { withAdminClient } from '../postgres/admin-client.js';
import { BOOTSTRAP_SUPERUSER } from '../postgres/cluster.js';

export async function testDatabase(config: ProjectConfig): Promise<number> {
  const paths = statePaths(config);
  const testsDir = path.join(config.projectDir, 'tests');
  if (!existsSync(testsDir)) {
    process.stderr.write(`no database tests: ${testsDir} does not exist\n`);
    return 0;
  }
  await withAdminClient(config, paths, (client) =>
    client.query('create extension if not exists pgtap with schema extensions'),
  );
  const result = spawnSync(
    'pg_prove',
    [
      '-h',
      paths.socketDir,
      '-p',
      String(config.db.port),
      '-U',
      BOOTSTRAP_SUPERUSER,
      '-d',
      'postgres',
      '--ext',
      '.sql',
      '-r',
      testsDir,
    ],
    { stdio: 'inherit', env: { ...process.env, PGOPTIONS: '--search_path=public,extensions' } },
  );
  if (result.error) {
    throw new Error(
      `pg_prove could not run (${result.error.message}); install libtap-parser-sourcehandler-pgtap-perl`,
    );
  }
  return result.status ?? 1;
}
