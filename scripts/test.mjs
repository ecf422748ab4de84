// `npm test`: every suite of the project against its own isolated stack (the fixture project on
// its own ports and state folder, torn down afterwards). Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  ensureNodeModules,
  ensureChromium,
  ensurePostgres,
  makeProjectTestWorkdir,
  ROOT,
  run,
  stackCli,
} from './lib/setup.mjs';

ensureNodeModules();
ensurePostgres();
ensureChromium();

const results = [];

/** Supabase's own lints (splinter) through the real CLI: nothing at warn level or above may remain. */
function runAdvisors(workdir) {
  const status = spawnSync(
    process.execPath,
    [path.join(ROOT, 'infra/stack/bin/stack.mjs'), 'status', '-o', 'json', '--workdir', workdir],
    { encoding: 'utf8' },
  );
  const dbUrl = JSON.parse(status.stdout).DB_URL;
  console.log('supabase db advisors --level warn --fail-on warn');
  return (
    run(
      'npx',
      [
        'supabase',
        'db',
        'advisors',
        `--remote=${dbUrl}`,
        '--workdir',
        workdir,
        '--level',
        'warn',
        '--fail-on',
        'warn',
      ],
      {
        env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1' },
      },
    ) === 0
  );
}
function step(name, command, args, options) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = run(command, args, options);
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  return code === 0;
}

step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npm', ['run', '--silent', 'lint']);

// Deno comes from npm as its platform package (the `deno` wrapper's other-platform packages are
// not in every registry, which breaks `npm ci`); our machines are linux-x64.
step(
  'edge functions: deno test',
  path.join(ROOT, 'node_modules/@deno/linux-x64-glibc/deno'),
  ['test', '--config', 'deno.json', 'tests/'],
  {
    cwd: path.join(ROOT, 'supabase/functions'),
    env: { ...process.env, NO_COLOR: '1' },
  },
);

/** vitest suites report their own counts (JSON), so the summary counts tests, not steps. */
const vitestReports = [];
function vitestStep(name, cwd, extraArgs = []) {
  const report = path.join(cwd, '.temp/vitest-report.json');
  rmSync(report, { force: true });
  vitestReports.push(report);
  step(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extraArgs],
    {
      cwd,
    },
  );
  results.at(-1).counted = true;
}

vitestStep('stack: unit + conformance (vitest, real supabase-js)', path.join(ROOT, 'infra/stack'));
vitestStep('frontend: unit (vitest, jsdom)', path.join(ROOT, 'frontend'));

// The project's own backend (supabase/): migrations through the Supabase CLI, then pgTAP.
const projectWorkdir = makeProjectTestWorkdir(path.join(ROOT, '.temp', 'project-test'), 25421, 25422);
console.log('\n━━ project database: migrations + pgTAP + advisors + generated types ━━');
const dbStarted = Date.now();
const dbOk =
  stackCli(['up', '--workdir', projectWorkdir, '-o', 'env'], { stdio: ['ignore', 'ignore', 'inherit'] }) ===
    0 &&
  stackCli(['test-db', '--workdir', projectWorkdir]) === 0 &&
  runAdvisors(projectWorkdir) &&
  run(process.execPath, [
    path.join(ROOT, 'scripts/gen-types.mjs'),
    '--check',
    '--workdir',
    projectWorkdir,
  ]) === 0;
stackCli(['down', '--purge', '--workdir', projectWorkdir]);
results.push({
  name: 'project database: migrations + pgTAP + advisors + generated types',
  ok: dbOk,
  seconds: (Date.now() - dbStarted) / 1000,
});

let passed = 0;
let failed = 0;
for (const report of vitestReports) {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  } catch {
    failed += 1;
  }
}
for (const r of results) {
  if (r.counted) continue;
  if (r.ok) passed++;
  else failed++;
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) && failed === 0 ? 0 : 1);
