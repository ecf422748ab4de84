/**
 * Where the running stack is: the STACK_* variables (`stack status -o env` with a STACK_ prefix), or,
 * when they are missing, `stack status -o json` of STACK_WORKDIR (default: the repository root). What it
 * had to look up is put back into process.env so Playwright's workers inherit it without asking again.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StackEnv {
  webUrl: string;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  jwtSecret: string;
}

const variables = {
  webUrl: 'WEB_URL',
  apiUrl: 'API_URL',
  anonKey: 'ANON_KEY',
  serviceRoleKey: 'SERVICE_ROLE_KEY',
  dbUrl: 'DB_URL',
  jwtSecret: 'JWT_SECRET',
} as const satisfies Record<keyof StackEnv, string>;

function fromProcessEnv(): Partial<StackEnv> {
  const found: Partial<StackEnv> = {};
  for (const [key, name] of Object.entries(variables) as [keyof StackEnv, string][]) {
    const value = process.env[`STACK_${name}`];
    if (value) found[key] = value;
  }
  return found;
}

function fromStackStatus(): Record<string, unknown> {
  const workdir = process.env.STACK_WORKDIR ?? REPO_ROOT;
  const cli = path.join(REPO_ROOT, 'infra/stack/bin/stack.mjs');
  const result = spawnSync(process.execPath, [cli, 'status', '-o', 'json', '--workdir', workdir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `No STACK_* variables and \`stack status\` failed for ${workdir} (start a stack first, e.g. ` +
        `\`npm run stack -- up\`):\n${result.stderr || result.stdout}`,
    );
  }
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

export function readStackEnv(): StackEnv {
  let env = fromProcessEnv();
  if (Object.keys(env).length < Object.keys(variables).length) {
    const status = fromStackStatus();
    env = { ...Object.fromEntries(Object.keys(variables).map((key) => [key, ''])), ...env };
    for (const [key, name] of Object.entries(variables) as [keyof StackEnv, string][]) {
      if (!env[key] && typeof status[name] === 'string') env[key] = status[name];
    }
  }
  const missing = (Object.keys(variables) as (keyof StackEnv)[]).filter((key) => !env[key]);
  if (missing.length > 0) {
    throw new Error(
      `The stack does not report ${missing.map((key) => variables[key]).join(', ')}; ` +
        'the web app needs `[stack] web_port` and `web_root` in config.toml.',
    );
  }
  const complete = env as StackEnv;
  for (const [key, name] of Object.entries(variables) as [keyof StackEnv, string][]) {
    process.env[`STACK_${name}`] = complete[key];
  }
  return complete;
}
