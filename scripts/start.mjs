// `npm start`: installs what is missing, brings the whole stack up for this project, prints URLs,
// keys and demo accounts, and stays in the foreground until Ctrl+C, which stops it cleanly. The app
// is ready as soon as the stack is: the demo dataset loads in the background (the worker does it,
// and the Dashboard shows its progress).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readStackStatus } from '../infra/stack/lib/stack-status.mjs';
import { ensureFrontendBuild, ensureNodeModules, ensurePostgres, ROOT, stackCli } from './lib/setup.mjs';

const started = Date.now();
const installedNodeModules = ensureNodeModules();
ensurePostgres();
// Time to ready counts from here: what a fresh clone's first `npm ci` takes is the network's.
const afterInstall = Date.now();
// The stack serves the built app (frontend/dist); build it first when the sources are newer.
ensureFrontendBuild();
if (stackCli(['up', '--workdir', ROOT]) !== 0) process.exit(1);
// The importer's worker runs imports requested from the app and the enabled feeds' schedules. A
// populated platform from the first start: it loads the bundled public dataset into an empty
// knowledge base first, in the background (a restart resumes or skips it; `--no-demo-data` never).
const loadDemo = !process.argv.includes('--no-demo-data');
const worker = spawn(
  process.execPath,
  [
    path.join(ROOT, 'intel/bin/intel.mjs'),
    'worker',
    '--workdir',
    ROOT,
    ...(loadDemo ? ['--demo-if-empty'] : []),
  ],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

// The URLs the running stack reports, also when a part is unhealthy; empty when it cannot say.
const urls = readStackStatus(ROOT).status ?? {};
const rule = '━'.repeat(60);
console.log(`\n${rule}`);
console.log(
  `  Open the app:  ${urls.WEB_URL ?? '(no web server: set [stack] web_root in supabase/config.toml)'}`,
);
console.log(`  API:           ${urls.API_URL ?? ''}`);
if (urls.STATUS?.web && !urls.STATUS.web.healthy) console.log(`  Web app:       ${urls.STATUS.web.detail}`);
const config = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8');
if (/^demo_users\s*=\s*\[\s*"/m.test(config)) console.log('  Sign in with a demo account listed above.');
if (loadDemo) console.log('  Demo dataset:  loads in the background; the Dashboard shows its progress');
console.log(rule);
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
console.log(
  `\nReady in ${seconds(afterInstall)} s${installedNodeModules ? ` (${seconds(started)} s with npm ci)` : ''}. Press Ctrl+C to stop.`,
);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the stack…');
  worker.kill('SIGTERM');
  process.exit(stackCli(['down', '--workdir', ROOT]));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Report (rather than hide) a part that dies while we wait in the foreground.
setInterval(() => {
  if (stackCli(['status', '--workdir', ROOT, '-o', 'env'], { stdio: 'ignore' }) !== 0) {
    console.error('a part of the stack stopped; see `npm run stack -- logs`');
  }
}, 30_000);
