#!/usr/bin/env node
/**
 * Measures Auth and Storage parity (issue 34) with supabase-js's own server tests, unchanged: the
 * auth-js and storage-js suites of an upstream checkout run against our stack, started on a workdir
 * made from each suite's `test/supabase` project (config.toml, seed.sql, signing keys; see
 * lib/upstream-workdir.mjs). Prints passed/failed/total per suite and the failing tests' names.
 *
 *   node scripts/upstream-suites.mjs [--upstream <supabase-js checkout>] [--suite auth-js|storage-js]
 *                                    [--json <file>] [--test <jest name pattern>]
 *
 * Without --upstream it extracts the mirror fetched to /work/.mirror/supabase+supabase-js (or
 * SUPABASE_JS_MIRROR) into .temp/upstream-supabase-js. The tests' dependencies (jest, ts-jest, ...)
 * are installed with npm into that folder, never into the project. The tests call the fixed
 * ports of `supabase start` (API 54321, DB 54322), so each suite runs with its stack in a private
 * network namespace (`unshare -n`, root) where those ports are free whatever else runs here.
 * Not part of `npm test`: the upstream suites are not ours to vendor.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/setup.mjs';
import { ensureSigningKeys, prepareWorkdir } from './lib/upstream-workdir.mjs';

/** The server tests of each suite: the files that talk to `supabase start`'s API. */
const SUITES = {
  'auth-js': {
    dir: 'packages/core/auth-js',
    config: 'jest.config.cli.js',
    files: ['test/GoTrueApi.test.ts', 'test/GoTrueClient.test.ts', 'test/passkey.e2e.test.ts'],
  },
  'storage-js': {
    dir: 'packages/core/storage-js',
    config: 'jest.config.js',
    files: [
      'test/storageApi.test.ts',
      'test/storageBucketApi.test.ts',
      'test/storageFileApi.test.ts',
      'test/storageFileApiNode.test.ts',
    ],
  },
};

// The versions the upstream workspace pins (pnpm-workspace.yaml catalog, package.json).
const TEST_DEPENDENCIES = [
  'jest@30.4.2',
  'ts-jest@^29.4.9',
  'typescript@~5.8.3',
  '@types/jest@30.0.0',
  '@types/node@20.19.9',
  'jsonwebtoken@^9',
  '@types/jsonwebtoken@^8.5.8',
  '@faker-js/faker@^9.9.0',
  'prettier@^3.6.2',
  'tslib@2.8.1',
  'iceberg-js@^0.8.1',
  'jest-mock-server@^0.1.0',
  'jest-environment-jsdom@30.4.1',
];

const STACK_BIN = path.join(ROOT, 'infra/stack/bin/stack.mjs');

const { values: args } = parseArgs({
  options: {
    upstream: { type: 'string' },
    suite: { type: 'string', multiple: true },
    json: { type: 'string' },
    test: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}

function run(command, argv, options = {}) {
  const result = spawnSync(command, argv, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure)
    throw new Error(`\`${command} ${argv.join(' ')}\` failed (exit code ${result.status})`);
  return result.status;
}

function extractMirror(target) {
  const mirror = process.env.SUPABASE_JS_MIRROR ?? '/work/.mirror/supabase+supabase-js/repo';
  if (!existsSync(mirror))
    throw new Error(
      `No upstream checkout: pass --upstream <dir> or fetch github:supabase/supabase-js to ${mirror}`,
    );
  const commit = spawnSync('git', ['--git-dir', mirror, 'rev-parse', 'HEAD'], {
    encoding: 'utf8',
  }).stdout.trim();
  const marker = path.join(target, 'UPSTREAM_COMMIT');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === commit) return;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const paths = ['tsconfig.base.json', ...Object.values(SUITES).map((s) => s.dir)];
  const archive = spawnSync('git', ['--git-dir', mirror, 'archive', commit, ...paths], {
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  run('tar', ['x', '-C', target], { input: archive.stdout, stdio: ['pipe', 'inherit', 'inherit'] });
  writeFileSync(marker, `${commit}\n`);
}

function ensureTestDependencies(upstream) {
  const deps = path.join(upstream, 'deps');
  if (!existsSync(path.join(deps, 'node_modules', 'jest', 'bin', 'jest.js')))
    run('npm', ['i', '--no-save', '--no-audit', '--no-fund', '--prefix', deps, ...TEST_DEPENDENCIES]);
  const link = path.join(upstream, 'node_modules');
  if (!existsSync(link)) symlinkSync(path.join(deps, 'node_modules'), link);
  return path.join(deps, 'node_modules', 'jest', 'bin', 'jest.js');
}

/**
 * Stack up, the suite's jest files, stack down: inside a fresh network namespace. With `offline`,
 * no stack: what passes then needs no server (mocked fetch), so it is left out of the server figures.
 */
function runSuite(name, upstream, jest, offline = false) {
  const suite = SUITES[name];
  const suiteDir = path.join(upstream, suite.dir);
  ensureSigningKeys(suiteDir, run);
  const workdir = prepareWorkdir(suiteDir, path.join(ROOT, '.temp', 'upstream-run', name));
  const report = path.join(ROOT, '.temp', 'upstream-run', `${name}${offline ? '.offline' : ''}.json`);
  rmSync(report, { force: true });
  const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  const jestArgs = [
    '--config',
    suite.config,
    '--runInBand',
    '--coverage=false',
    '--json',
    '--outputFile',
    report,
  ];
  if (args.test) jestArgs.push('-t', args.test);
  const stack = (command) => (offline ? 'true' : `${q(process.execPath)} ${q(STACK_BIN)} ${command}`);
  const script = [
    'ip link set lo up',
    `${stack('up')} --workdir ${q(workdir)} -o json > /dev/null || echo 'stack up failed: every test of this suite counts as failed' >&2`,
    `(cd ${q(suiteDir)} && ${q(process.execPath)} ${q(jest)} ${jestArgs.map(q).join(' ')} ${suite.files.map(q).join(' ')} > ${q(report + '.log')} 2>&1)`,
    `${stack('down')} --workdir ${q(workdir)} --purge > /dev/null`,
  ].join('; ');
  const started = Date.now();
  run('unshare', ['-n', 'sh', '-c', script], { allowFailure: true });
  return { report, ms: Date.now() - started };
}

/** Every test of a jest JSON report as `file: full name` -> status. */
function outcomes(report) {
  if (!existsSync(report)) throw new Error(`jest wrote no report: see ${report}.log`);
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const tests = new Map();
  for (const file of result.testResults) {
    const rel = path.basename(file.name);
    for (const t of file.assertionResults) tests.set(`${rel}: ${t.fullName}`, t.status);
    if (file.assertionResults.length === 0 && file.message)
      tests.set(`${rel}: (suite failed to run)`, 'failed');
  }
  return tests;
}

/** The tests that pass with no server at all, measured once per upstream commit. */
function offlinePassing(name, upstream, jest) {
  const cache = path.join(ROOT, '.temp', 'upstream-run', `${name}.offline.json`);
  const commit = readFileSync(path.join(upstream, 'UPSTREAM_COMMIT'), 'utf8').trim();
  if (!existsSync(cache) || JSON.parse(readFileSync(cache, 'utf8')).commit !== commit) {
    runSuite(name, upstream, jest, true);
    const passing = [...outcomes(cache)].filter(([, s]) => s === 'passed').map(([t]) => t);
    writeFileSync(cache, JSON.stringify({ commit, passing }, null, 2) + '\n');
  }
  return new Set(JSON.parse(readFileSync(cache, 'utf8')).passing);
}

function summarise(name, report, ms, offline) {
  const tests = outcomes(report);
  // Skipped upstream (it.skip, todo) is no test of ours either way.
  const run = [...tests].filter(([, s]) => s === 'passed' || s === 'failed');
  const server = run.filter(([t]) => !offline.has(t));
  return {
    suite: name,
    passed: server.filter(([, s]) => s === 'passed').length,
    total: server.length,
    allPassed: run.filter(([, s]) => s === 'passed').length,
    allTotal: run.length,
    failures: server.filter(([, s]) => s !== 'passed').map(([t]) => t),
    ms,
  };
}

const upstream = path.resolve(args.upstream ?? path.join(ROOT, '.temp', 'upstream-supabase-js'));
if (!args.upstream) extractMirror(upstream);
const jest = ensureTestDependencies(upstream);
const names = args.suite ?? Object.keys(SUITES);
const results = [];
for (const name of names) {
  if (!SUITES[name]) throw new Error(`Unknown suite ${name}: one of ${Object.keys(SUITES).join(', ')}`);
  const offline = offlinePassing(name, upstream, jest);
  const { report, ms } = runSuite(name, upstream, jest);
  const r = summarise(name, report, ms, offline);
  results.push(r);
  console.log(
    `\n${r.suite}: ${r.passed} of ${r.total} server tests passed` +
      ` (all tests of its files: ${r.allPassed} of ${r.allTotal}; ${Math.round(r.ms / 1000)} s)`,
  );
  for (const f of r.failures) console.log(`  ✗ ${f}`);
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\nload average: ${load}`);
if (args.json) writeFileSync(args.json, JSON.stringify({ load, results }, null, 2) + '\n');
