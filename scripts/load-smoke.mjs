// The smoke profile of every load scenario (tests/load/scenarios), run by the Node runner against the
// running stack of STACK_WORKDIR (default: the repository's own). Seconds each; exit 1 when any
// scenario crosses a threshold or fails. Usage: node scripts/load-smoke.mjs [scenario ...]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const RUNNER = path.join(ROOT, 'tests/load/runner/cli.ts');
// auth-storm last: it spends the sign-in budget of the address it storms from (its own, below).
const SCENARIOS = ['analyst', 'hunt', 'taxii', 'ingest', 'realtime', 'auth-storm'];

const wanted = process.argv.slice(2);
const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s)) : SCENARIOS;
// Sign-in limits count per client address: these runs send from loopback addresses of their own,
// so they neither use up nor inherit the budget of 127.0.0.1 (browsers, other suites).
const octet = 10 + Math.floor(Math.random() * 240);
const results = [];
for (const name of scenarios) {
  const localIps = name === 'auth-storm' ? `127.0.9.${octet}` : `127.0.8.${octet}`;
  console.log(`\n── load smoke: ${name} ──`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [TSX, RUNNER, name, '--profile', 'smoke', '--local-ips', localIps],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } },
  );
  results.push({ name, ok: run.status === 0, code: run.status, seconds: (Date.now() - started) / 1000 });
}
console.log('\nload smoke:');
for (const r of results)
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s${r.ok ? '' : `, exit ${r.code}`})`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
