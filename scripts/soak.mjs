// Soak test: the analyst load scenario (tests/load, Node runner) for a long time against a running
// stack, and every minute the requests, 5xx errors and memory (PSS) of each process (Postgres
// with its backends, the gateway, edge functions, the supervisor), to see errors appear or memory
// grow. Not part of `npm test`.
//   node scripts/soak.mjs [--minutes 60] [--every 60] [-- <load runner options>]
//   STACK_WORKDIR=.temp/my-stack node scripts/soak.mjs --minutes 5 -- --vus 30 -e THINK_SECONDS=0.1 --local-ips 127.0.11.1-127.0.11.30
// Writes .temp/soak/samples.json and prints one line per sample and a summary.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readStackStatus } from '../infra/stack/lib/stack-status.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const split = process.argv.indexOf('--');
const own = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
// 52 analysts (about 200 requests/s) with half a second of thought, started over a minute, each from its own loopback
// address (the auth server allows 30 sign-ins per 5 minutes per address, as hosted Supabase does).
const loadArgs =
  split === -1
    ? ['--vus', '52', '-e', 'THINK_SECONDS=0.5', '-e', 'RAMP=1m', '--local-ips', '127.0.12.1-127.0.12.52']
    : process.argv.slice(split + 1);
const { values } = parseArgs({
  args: own,
  options: { minutes: { type: 'string', default: '60' }, every: { type: 'string', default: '60' } },
});
const minutes = Number(values.minutes);
const everyMs = Number(values.every) * 1000;
const workdir = path.resolve(process.env.STACK_WORKDIR ?? ROOT);
const state = path.join(workdir, 'supabase', '.temp', 'stack');

const reading = readStackStatus(workdir);
if (!reading.healthy) {
  console.error(`the stack of ${workdir} is not running or not healthy:\n${reading.reason}`);
  process.exit(1);
}
const { API_URL, SERVICE_ROLE_KEY } = reading.status;

/** Every process's parent, from /proc. */
function parents() {
  const map = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** Proportional set size: shared memory (Postgres's shared buffers) counted once across processes. */
function rssKb(pid) {
  try {
    return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function pidFile(file, firstLine = false) {
  const full = path.join(state, file);
  if (!existsSync(full)) return undefined;
  const text = readFileSync(full, 'utf8');
  return Number(firstLine ? text.split('\n')[0] : text.trim());
}

/** Memory (MB, PSS) of each part: a process and, for Postgres and the gateway, its children. */
function memory() {
  const tree = parents();
  const children = (pid) => [...tree].filter(([, parent]) => parent === pid).map(([child]) => child);
  const mb = (kb) => Math.round(kb / 1024);
  const postmaster = pidFile('pgdata/postmaster.pid', true);
  const gateway = pidFile('gateway.pid');
  const supervisor = pidFile('supervisor.pid');
  const functions = gateway ? children(gateway) : [];
  return {
    postgres: postmaster ? mb([postmaster, ...children(postmaster)].reduce((s, p) => s + rssKb(p), 0)) : 0,
    gateway: gateway ? mb(rssKb(gateway)) : 0,
    functions: mb(functions.reduce((s, p) => s + rssKb(p), 0)),
    supervisor: supervisor ? mb(rssKb(supervisor)) : 0,
  };
}

/** Totals of the gateway's request and 5xx counters (its /metrics). */
async function counters() {
  const text = await (
    await fetch(`${API_URL}/metrics`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } })
  ).text();
  const sum = (name, filter = '') =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`) && line.includes(filter))
      .reduce((s, line) => s + Number(line.split(' ').pop()), 0);
  return {
    requests: sum('cti_http_requests_total'),
    limited: sum('cti_http_requests_total', 'status="429"'),
    errors: sum('cti_http_errors_total'),
  };
}

const outDir = path.join(ROOT, '.temp', 'soak');
mkdirSync(outDir, { recursive: true });
const runner = spawn(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
    path.join(ROOT, 'tests/load/runner/cli.ts'),
    'analyst',
    '--duration',
    `${minutes}m`,
    '--out-dir',
    path.join(outDir, 'load'),
    ...loadArgs,
  ],
  {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STACK_WORKDIR: workdir, NO_COLOR: '1' },
  },
);
const runnerDone = new Promise((resolve) => runner.on('exit', (code) => resolve(code)));

const samples = [];
let previous = await counters();
const started = Date.now();
console.log('minute  req/s  429/s   5xx  postgres MB  gateway MB  functions MB  supervisor MB');
for (;;) {
  const finished = await Promise.race([
    runnerDone,
    new Promise((r) => setTimeout(() => r(undefined), everyMs)),
  ]);
  const now = await counters().catch(() => previous);
  const sample = {
    minute: Number(((Date.now() - started) / 60_000).toFixed(1)),
    requestsPerSecond: Math.round((now.requests - previous.requests) / (everyMs / 1000)),
    // Answered 429 by the request limit: counted apart, they are not the mix being measured.
    limitedPerSecond: Math.round((now.limited - previous.limited) / (everyMs / 1000)),
    errors: now.errors - previous.errors,
    rssMb: memory(),
  };
  previous = now;
  samples.push(sample);
  const m = sample.rssMb;
  console.log(
    `${String(sample.minute).padStart(6)}  ${String(sample.requestsPerSecond).padStart(5)}  ${String(sample.limitedPerSecond).padStart(5)}  ${String(sample.errors).padStart(4)}  ${String(m.postgres).padStart(11)}  ${String(m.gateway).padStart(10)}  ${String(m.functions).padStart(12)}  ${String(m.supervisor).padStart(13)}`,
  );
  if (finished !== undefined) {
    const first = samples[0].rssMb;
    const last = sample.rssMb;
    const summary = {
      minutes: (Date.now() - started) / 60_000,
      loadRunnerExit: finished,
      meanRequestsPerSecond: Math.round(
        samples.reduce((s, x) => s + x.requestsPerSecond, 0) / samples.length,
      ),
      errors: samples.reduce((s, x) => s + x.errors, 0),
      rssFirstMb: first,
      rssLastMb: last,
      samples,
    };
    writeFileSync(path.join(outDir, 'samples.json'), JSON.stringify(summary, null, 2));
    console.log(
      `\n${summary.errors} errors (5xx) at ${summary.meanRequestsPerSecond} req/s on average; gateway ${first.gateway} → ${last.gateway} MB, postgres ${first.postgres} → ${last.postgres} MB; load runner exit ${finished}`,
    );
    process.exit(summary.errors === 0 && finished === 0 ? 0 : 1);
  }
}
