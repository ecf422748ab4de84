// `npm start`: installs what is missing, brings the whole stack up for this project, prints URLs,
// keys and demo accounts, and stays in the foreground until Ctrl+C, which stops it cleanly.
import { ensureNodeModules, ensurePostgres, ROOT, stackCli } from './lib/setup.mjs';

ensureNodeModules();
ensurePostgres();
const started = Date.now();
if (stackCli(['up', '--workdir', ROOT]) !== 0) process.exit(1);
console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl+C to stop.`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the stack…');
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
