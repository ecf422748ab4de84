// `npm run test:security`: the API/header checks (vitest), then the browser checks (Playwright),
// against the stack named by STACK_* (or `stack status` of STACK_WORKDIR / the repository).
// Both always run; each rewrites report/report.md and report/report.json when it ends, so the
// report covers both parts, also when checks fail. Exit code 1 when anything failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

function run(args) {
  const result = spawnSync('npx', args, { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
}

const api = run(['vitest', 'run', '--config', path.join(here, 'vitest.config.ts')]);
const browser = run(['playwright', 'test', '--config', path.join(here, 'playwright.config.ts')]);
console.log(`\nSecurity suite: API ${api ? 'passed' : 'FAILED'}, browser ${browser ? 'passed' : 'FAILED'}.`);
console.log(`Report: ${path.join(here, 'report', 'report.md')}`);
process.exit(api && browser ? 0 : 1);
