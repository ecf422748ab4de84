/**
 * `npx tsx bench/stack/standby-writes.ts`: what synchronous replication costs (README, Standby and
 * failover). A private stack with a standby on ports 27701–27703; the same writes through the API
 * with the standby asynchronous, then synchronous (remote_apply): latency of one writer's inserts
 * (p50, p95) and the throughput of four writers, asynchronous measured before and after. Not part of `bench:stack` yet: it builds its own
 * stack with a standby, which that bench's project has not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  createStandbyStack,
  destroyStandbyStack,
  query,
  serviceHeaders,
  stackCli,
  standbyStatus,
  type StandbyStack,
} from '../../infra/stack/test/helpers/standby-stack.ts';

let nextId = 1;

async function insert(stack: StandbyStack): Promise<void> {
  const response = await fetch(`${stack.apiUrl}/rest/v1/bench_writes`, {
    method: 'POST',
    headers: serviceHeaders(stack),
    body: JSON.stringify({ id: nextId++ }),
  });
  if (response.status !== 201) throw new Error(`insert answered ${response.status}`);
}

async function measure(stack: StandbyStack) {
  for (let i = 0; i < 50; i++) await insert(stack);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await insert(stack);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  let done = 0;
  const until = Date.now() + 10_000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await insert(stack);
        done++;
      }
    }),
  );
  return { p50: times[150]!, p95: times[285]!, perSecond: done / 10 };
}

const stack = await createStandbyStack(
  'bench',
  { api: 27701, db: 27702, standby: 27703 },
  'synchronous = false',
);
try {
  await query(
    (await standbyStatus(stack)).DB_URL,
    `create table public.bench_writes (id bigint primary key, at timestamptz not null default now());
     grant select, insert on public.bench_writes to service_role;
     notify pgrst, 'reload schema';`,
  );
  // Async, sync, async again: the first run also warms the gateway, so each mode is seen twice apart.
  const setSynchronous = async (on: boolean) => {
    const text = readFileSync(stack.configFile, 'utf8').replace(
      /synchronous = (true|false)/,
      `synchronous = ${on}`,
    );
    writeFileSync(stack.configFile, text);
    await stackCli(stack.workdir, ['up', '-o', 'json']);
  };
  // The schema cache reloads on NOTIFY, asynchronously: wait until the table is there.
  for (let tries = 0; ; tries++) {
    const response = await fetch(`${stack.apiUrl}/rest/v1/bench_writes?select=id&limit=1`, {
      headers: serviceHeaders(stack),
    });
    if (response.status === 200 || tries === 100) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const first = await measure(stack);
  await setSynchronous(true);
  const sync = await measure(stack);
  await setSynchronous(false);
  const again = await measure(stack);
  const row = (name: string, m: typeof sync) =>
    `| ${name.padEnd(26)} | ${m.p50.toFixed(1).padStart(8)} ms | ${m.p95.toFixed(1).padStart(8)} ms | ${m.perSecond.toFixed(0).padStart(10)} |`;
  process.stdout.write(
    [
      '| replication                | insert p50  | insert p95  | 4 writers/s |',
      '| -------------------------- | ----------- | ----------- | ----------- |',
      row('asynchronous (first)', first),
      row('synchronous (remote_apply)', sync),
      row('asynchronous (again)', again),
      '',
    ].join('\n'),
  );
} finally {
  await destroyStandbyStack(stack);
}
