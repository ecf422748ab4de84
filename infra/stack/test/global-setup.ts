/**
 * Starts the conformance tests' own stack (the fixture project on ports 25321/25322, or
 * STACK_WORKDIR for a private dev copy), rebuilt from scratch, and tears it down afterwards.
 * STACK_KEEP=1 leaves it running for debugging.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { StackEnv } from './helpers/stack-env.js';

const STACK_BIN = fileURLToPath(new URL('../bin/stack.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixture', import.meta.url));

function stack(args: string[]): string {
  return execFileSync(process.execPath, [STACK_BIN, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

export default function setup(project: TestProject): () => void {
  const workdir = process.env.STACK_WORKDIR ?? FIXTURE;
  const vars = JSON.parse(stack(['reset', '--workdir', workdir, '-o', 'json'])) as Record<string, string>;
  const env: StackEnv = {
    workdir,
    apiUrl: vars.API_URL!,
    dbUrl: vars.DB_URL!,
    anonKey: vars.ANON_KEY!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
    publishableKey: vars.PUBLISHABLE_KEY!,
    secretKey: vars.SECRET_KEY!,
    jwtSecret: vars.JWT_SECRET!,
  };
  project.provide('stackEnv', env);
  for (const [key, value] of Object.entries(vars)) process.env[`STACK_${key}`] = value;
  return () => {
    if (process.env.STACK_KEEP === '1') return;
    stack(['down', '--workdir', workdir, ...(process.env.STACK_WORKDIR ? [] : ['--purge'])]);
  };
}
