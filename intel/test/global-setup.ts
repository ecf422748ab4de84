/**
 * The importers' database tests run against their own stack of this project (migrations applied
 * with the Supabase CLI, as `npm start` does) on ports 25621/25622, rebuilt from scratch and torn
 * down afterwards. STACK_KEEP=1 leaves it running for debugging.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeProjectTestWorkdir, ROOT } from '../../scripts/lib/setup.mjs';
import type { IntelTestEnv } from './helpers/env.js';

const STACK_BIN = path.join(ROOT, 'infra/stack/bin/stack.mjs');

function stack(args: string[]): string {
  return execFileSync(process.execPath, [STACK_BIN, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

export default function setup(project: TestProject): () => void {
  const workdir = makeProjectTestWorkdir(path.join(ROOT, '.temp', 'intel-test'), 25621, 25622);
  const vars = JSON.parse(stack(['reset', '--workdir', workdir, '-o', 'json'])) as Record<string, string>;
  const env: IntelTestEnv = {
    workdir,
    apiUrl: vars.API_URL!,
    dbUrl: vars.DB_URL!,
    anonKey: vars.ANON_KEY!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
  };
  project.provide('intelEnv', env);
  return () => {
    if (process.env.STACK_KEEP === '1') return;
    stack(['down', '--workdir', workdir, '--purge']);
  };
}
