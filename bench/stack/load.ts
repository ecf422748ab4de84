/**
 * Load generation with autocannon, and the A/B protocol that keeps the ratio honest on a noisy
 * machine: the two targets take turns (A, B, B, A, A, B, …), each round the same length, and the
 * figures reported are medians over rounds; the ratio is the median of the per-pair ratios, so a
 * slow stretch of the machine hits both sides of a pair.
 */
import autocannon from 'autocannon';
import { sampleCpu, type CpuProbe } from './cpu.js';
import { median } from './stats.js';

export interface Target {
  name: string;
  url: string;
  method: 'GET' | 'HEAD' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Processes whose CPU time is charged to this target's requests. */
  cpu?: CpuProbe;
}

export interface RoundResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx responses, connection errors and timeouts: any of them makes the round suspect. */
  failures: number;
  /** CPU µs per request in the target's own process and in Postgres (NaN when not measured). */
  serverCpuUs: number;
  postgresCpuUs: number;
}

export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  serverCpuUs: number;
  postgresCpuUs: number;
  rounds: RoundResult[];
}

export interface Comparison {
  stack: Summary;
  floor: Summary;
  /** Median over rounds of stack rps / floor rps. */
  ratio: number;
}

export async function runRound(target: Target, connections: number, seconds: number): Promise<RoundResult> {
  const before = sampleCpu(target.cpu ?? {});
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 10,
  });
  const after = sampleCpu(target.cpu ?? {});
  const ok = result['2xx'];
  const perRequest = (ms: number): number => (ok > 0 ? (ms * 1000) / ok : Number.NaN);
  return {
    rps: ok / result.duration,
    // No completed response: no latency either (autocannon would report 0).
    p50: ok > 0 ? result.latency.p50 : Number.NaN,
    p99: ok > 0 ? result.latency.p99 : Number.NaN,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    serverCpuUs: perRequest(after.serverMs - before.serverMs),
    postgresCpuUs: perRequest(after.postgresMs - before.postgresMs),
  };
}

export function summarize(rounds: RoundResult[]): Summary {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    failures: rounds.reduce((sum, r) => sum + r.failures, 0),
    serverCpuUs: median(rounds.map((r) => r.serverCpuUs)),
    postgresCpuUs: median(rounds.map((r) => r.postgresCpuUs)),
    rounds,
  };
}

function describe(r: RoundResult): string {
  const failed = r.failures > 0 ? `, ${r.failures} FAILED` : '';
  const cpu = Number.isNaN(r.serverCpuUs)
    ? ''
    : `, CPU/req ${r.serverCpuUs.toFixed(0)} µs server + ${r.postgresCpuUs.toFixed(0)} µs postgres`;
  return `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${cpu}${failed}`;
}

/**
 * Warm-up (one short round each, not counted), then `rounds` pairs in ABBA order, so neither target
 * always runs first after the other one has heated the caches.
 */
export async function compareTargets(
  stack: Target,
  floor: Target,
  options: { connections: number; seconds: number; rounds: number; warmupSeconds: number },
  log: (line: string) => void,
): Promise<Comparison> {
  for (const target of [stack, floor]) {
    const warm = await runRound(target, options.connections, options.warmupSeconds);
    log(`  warm-up ${target.name}: ${describe(warm)}`);
  }
  const stackRounds: RoundResult[] = [];
  const floorRounds: RoundResult[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const order = i % 2 === 0 ? [stack, floor] : [floor, stack];
    const results = new Map<Target, RoundResult>();
    for (const target of order) {
      const result = await runRound(target, options.connections, options.seconds);
      results.set(target, result);
      log(`  round ${i + 1}/${options.rounds} ${target.name.padEnd(5)}: ${describe(result)}`);
    }
    const s = results.get(stack)!;
    const f = results.get(floor)!;
    stackRounds.push(s);
    floorRounds.push(f);
    ratios.push(f.rps > 0 ? s.rps / f.rps : 0);
  }
  return { stack: summarize(stackRounds), floor: summarize(floorRounds), ratio: median(ratios) };
}

/** Rounds against one target only (sign-in has no floor). */
export async function measureAlone(
  target: Target,
  options: { connections: number; seconds: number; rounds: number; warmupSeconds: number },
  log: (line: string) => void,
): Promise<Summary> {
  const warm = await runRound(target, options.connections, options.warmupSeconds);
  log(`  warm-up ${target.name}: ${describe(warm)}`);
  const rounds: RoundResult[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const result = await runRound(target, options.connections, options.seconds);
    rounds.push(result);
    log(`  round ${i + 1}/${options.rounds} ${target.name}: ${describe(result)}`);
  }
  return summarize(rounds);
}
