// `npm test`: every suite of the project against its own isolated stack (the fixture project on
// its own ports and state folder, torn down afterwards). Ends with one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readStackStatus } from '../infra/stack/lib/stack-status.mjs';
import {
  ensureNodeModules,
  ensureChromium,
  ensureFrontendBuild,
  ensurePostgres,
  ensureTestTools,
  makeProjectTestWorkdir,
  ROOT,
  run,
  stackCli,
} from './lib/setup.mjs';

ensureNodeModules();
ensurePostgres();
ensureTestTools();
ensureChromium();

const results = [];

/** URLs and keys of a running stack as STACK_* variables (what `stack status -o env` prints). */
function projectStackEnv(workdir) {
  const { status: vars, reason } = readStackStatus(workdir);
  if (!vars) throw new Error(`no stack status for ${workdir}: ${reason}`);
  return Object.fromEntries(
    Object.entries(vars)
      .filter(([, value]) => typeof value === 'string')
      .map(([key, value]) => [`STACK_${key}`, value]),
  );
}

/** Supabase's own lints (splinter) through the real CLI: nothing at warn level or above may remain. */
function runAdvisors(workdir) {
  const dbUrl = projectStackEnv(workdir).STACK_DB_URL;
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
step('format (Prettier)', 'npm', ['run', '--silent', 'format:check']);
step('migration names and versions', process.execPath, [path.join(ROOT, 'scripts/check-migrations.mjs')]);
step('migration check: its own tests', process.execPath, [
  '--test',
  path.join(ROOT, 'scripts/check-migrations.test.mjs'),
]);

// Deno comes from npm as its platform package (the `deno` wrapper's other-platform packages are
// not in every registry, which breaks `npm ci`); our machines are linux-x64.
const DENO = path.join(ROOT, 'node_modules/@deno/linux-x64-glibc/deno');
const FUNCTIONS = path.join(ROOT, 'supabase/functions');
const denoOptions = { cwd: FUNCTIONS, env: { ...process.env, NO_COLOR: '1' } };
// Every function's entry point is type-checked: the tests import only the handlers.
const entryPoints = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(FUNCTIONS, entry.name, 'index.ts')))
  .map((entry) => `${entry.name}/index.ts`);
step('edge functions: deno check', DENO, ['check', '--config', 'deno.json', ...entryPoints], denoOptions);
step('edge functions: deno test', DENO, ['test', '--config', 'deno.json', 'tests/'], denoOptions);

/**
 * Suites that report their own test counts (JSON): the summary counts their tests, not the step.
 * Each reader returns {passed, failed} from the suite's report, or undefined when it is missing.
 */
const countedReports = [];
function countedStep(name, command, args, options, readCounts) {
  step(name, command, args, options);
  results.at(-1).counted = true;
  countedReports.push({ name, readCounts });
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The titles of the Playwright tests that did not pass, walking the JSON reporter's nested suites. */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      failures.push(`${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(' › ')}`);
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return failures;
}

function vitestStep(name, cwd) {
  const report = path.join(cwd, '.temp/vitest-report.json');
  rmSync(report, { force: true });
  countedStep(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    { cwd },
    () => {
      const json = readJson(report);
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
        failures: json.testResults.flatMap((file) =>
          file.assertionResults
            .filter((test) => test.status !== 'passed')
            .map((test) => `${path.relative(ROOT, file.name)} › ${test.fullName} (${test.status})`),
        ),
      };
    },
  );
}

vitestStep('stack: unit + conformance (vitest, real supabase-js)', path.join(ROOT, 'infra/stack'));
vitestStep('frontend: unit (vitest, jsdom)', path.join(ROOT, 'frontend'));
// Importers on the real public files, then the whole pipeline against this project's own stack.
vitestStep('intel: importers (unit + database, real files, supabase-js)', path.join(ROOT, 'intel'));
vitestStep('load: Node runner for the k6 scripts (vitest)', path.join(ROOT, 'tests/load/runner'));

// The project's own backend (supabase/) and app: migrations through the Supabase CLI, pgTAP, the
// advisors and generated types; then the built app, served by that stack, in a real browser.
ensureFrontendBuild();
const projectWorkdir = makeProjectTestWorkdir(path.join(ROOT, '.temp', 'project-test'), 25421, 25422);
console.log('\n━━ project database: migrations + pgTAP + advisors + generated types ━━');
const dbStarted = Date.now();
const stackUp =
  stackCli(['up', '--workdir', projectWorkdir, '-o', 'env'], { stdio: ['ignore', 'ignore', 'inherit'] }) ===
  0;
const dbOk =
  stackUp &&
  stackCli(['test-db', '--workdir', projectWorkdir]) === 0 &&
  runAdvisors(projectWorkdir) &&
  run(process.execPath, [
    path.join(ROOT, 'scripts/gen-types.mjs'),
    '--check',
    '--workdir',
    projectWorkdir,
  ]) === 0;
results.push({
  name: 'project database: migrations + pgTAP + advisors + generated types',
  ok: dbOk,
  seconds: (Date.now() - dbStarted) / 1000,
});

if (stackUp) {
  // The suites find the stack the way a tester points them at any stack: STACK_* variables.
  const suiteEnv = { ...process.env, ...projectStackEnv(projectWorkdir), STACK_WORKDIR: projectWorkdir };
  // The browser tests run on the demo dataset, as a newcomer's `npm start` shows it.
  step('demo dataset for the browser tests (intel demo)', process.execPath, [
    path.join(ROOT, 'intel/bin/intel.mjs'),
    'demo',
    '--db-url',
    suiteEnv.STACK_DB_URL,
  ]);
  const e2eReport = path.join(ROOT, 'tests/e2e/.temp/report.json');
  rmSync(e2eReport, { force: true });
  countedStep(
    'app: end-to-end + accessibility (Playwright, Chromium, axe)',
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'],
    { env: suiteEnv },
    () => {
      const report = readJson(e2eReport);
      const { stats } = report;
      return {
        passed: stats.expected,
        failed: stats.unexpected + stats.flaky + stats.skipped,
        failures: playwrightFailures(report),
      };
    },
  );
  const securityReport = path.join(ROOT, 'tests/security/report/report.json');
  rmSync(securityReport, { force: true });
  countedStep(
    'security: hardening suite (API + browser), report in tests/security/report',
    'npm',
    ['run', '--silent', 'test:security'],
    { env: suiteEnv },
    () => {
      const { totals, checks } = readJson(securityReport);
      return {
        passed: totals.passed,
        failed: totals.failed + totals.skipped,
        failures: checks
          .filter((check) => check.status !== 'passed')
          .map((check) => `${check.category} › ${check.name}`),
      };
    },
  );
  // Every k6 scenario's smoke profile through the Node runner; each sends from loopback addresses
  // of its own, so the sign-in budgets of the other suites are untouched.
  step(
    'load: smoke of every k6 scenario (Node runner)',
    process.execPath,
    [path.join(ROOT, 'scripts/load-smoke.mjs')],
    {
      env: suiteEnv,
    },
  );
}
stackCli(['down', '--purge', '--workdir', projectWorkdir]);

let passed = 0;
let failed = 0;
// The names of the failed tests go into the summary: CI keeps only the end of the output.
const failures = [];
for (const { name, readCounts } of countedReports) {
  try {
    const counts = readCounts();
    passed += counts.passed;
    failed += counts.failed;
    failures.push(...counts.failures);
  } catch {
    console.error(`no test report from: ${name}`);
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
if (failures.length > 0) {
  console.log('\nnot passed:');
  for (const failure of failures.slice(0, 40)) console.log(`  ✘ ${failure}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) && failed === 0 ? 0 : 1);
