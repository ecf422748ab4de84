/**
 * `npm run load -- <scenario|file> [--profile smoke|average|stress|spike|soak] [--vus N]
 * [--duration D] [--rate R] [--local-ips A-B] [-e KEY=VALUE]... [--out-dir DIR]`: runs a k6 script of tests/load
 * here. BASE_URL and keys default to STACK_API_URL / STACK_ANON_KEY / STACK_SERVICE_ROLE_KEY, else to
 * `stack status` of STACK_WORKDIR (or the repository's own).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT as ROOT, stackEnvironment } from '../../shared/stack-env.js';
import { runScript } from './run.js';

const USAGE =
  'usage: npm run load -- <scenario|file> [--profile smoke|average|stress|spike|soak] [--vus N] [--duration D] [--rate R] [--local-ips A-B] [-e KEY=VALUE] [--out-dir DIR]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    profile: { type: 'string' },
    vus: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    'local-ips': { type: 'string' },
    env: { type: 'string', short: 'e', multiple: true },
    'out-dir': { type: 'string' },
  },
});

const target = positionals[0];
if (!target) {
  console.error(USAGE);
  process.exit(2);
}
const script = existsSync(target)
  ? path.resolve(target)
  : path.join(ROOT, 'tests/load/scenarios', `${target}.ts`);
if (!existsSync(script)) {
  console.error(`No scenario ${target} (looked for ${script})\n${USAGE}`);
  process.exit(2);
}
const name = path.basename(script).replace(/\.[jt]s$/, '');

const cliEnv: Record<string, string> = {};
for (const pair of values.env ?? []) {
  const at = pair.indexOf('=');
  if (at < 1) throw new Error(`-e wants KEY=VALUE, got ${pair}`);
  cliEnv[pair.slice(0, at)] = pair.slice(at + 1);
}
if (values.profile) cliEnv.PROFILE = values.profile;
if (values.vus) cliEnv.VUS = values.vus;
if (values.duration) cliEnv.DURATION = values.duration;
if (values.rate) cliEnv.RATE = values.rate;
// k6's --local-ips (K6_LOCAL_IPS): VUs send from these addresses, round-robin.
if (values['local-ips']) cliEnv.K6_LOCAL_IPS = values['local-ips'];

const outDir = path.resolve(values['out-dir'] ?? path.join(ROOT, 'tests/load/.temp', name));
// As `k6 run`, the system environment is in __ENV; -e wins.
const env: Record<string, string> = { SUMMARY_DIR: outDir };
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
Object.assign(env, cliEnv);
// STACK_* (what `stack status -o env` prints, and what npm test hands its suites) before asking the stack.
env.BASE_URL ||= env.STACK_API_URL ?? '';
env.ANON_KEY ||= env.STACK_ANON_KEY ?? '';
env.SERVICE_ROLE_KEY ||= env.STACK_SERVICE_ROLE_KEY ?? '';
if (!env.BASE_URL || !env.ANON_KEY || !env.SERVICE_ROLE_KEY) {
  // A copy: the script's environment gets BASE_URL and the keys, not the other STACK_* variables.
  const stack = stackEnvironment({
    required: ['API_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY'],
    workdir: process.env.STACK_WORKDIR ?? ROOT,
    env: { ...env },
  });
  env.BASE_URL ||= stack.API_URL ?? '';
  env.ANON_KEY ||= stack.ANON_KEY ?? '';
  env.SERVICE_ROLE_KEY ||= stack.SERVICE_ROLE_KEY ?? '';
}

const { exitCode } = await runScript({ script, env, outDir });
process.exit(exitCode);
