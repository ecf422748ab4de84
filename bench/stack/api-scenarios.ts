/**
 * The REST and RPC scenarios: the same request to the gateway and to the floor, checked for the
 * same answer before any load is applied, then measured in alternating rounds.
 */
import { isDeepStrictEqual } from 'node:util';
import { COUNT_PATH, RPC_PATH } from './floor-server.js';
import type { Target } from './load.js';

export const RPC_LIMIT = 10;

export interface ScenarioTargets {
  stack: Target;
  floor: Target;
}

/** Headers supabase-js sends for `from('bench_events').select('*', { count: 'exact', head: true })`. */
export function countTargets(
  apiUrl: string,
  floorUrl: string,
  anonKey: string,
  token: string,
): ScenarioTargets {
  const headers = {
    apikey: anonKey,
    Authorization: `Bearer ${token}`,
    'Accept-Profile': 'public',
    Prefer: 'count=exact',
  };
  return {
    stack: { name: 'stack', url: `${apiUrl}/rest/v1/bench_events?select=*`, method: 'HEAD', headers },
    floor: { name: 'floor', url: `${floorUrl}${COUNT_PATH}`, method: 'HEAD', headers },
  };
}

/** Headers and body supabase-js sends for `rpc('bench_recent_events', { p_limit: 10 })`. */
export function rpcTargets(
  apiUrl: string,
  floorUrl: string,
  anonKey: string,
  token: string,
): ScenarioTargets {
  const headers = {
    apikey: anonKey,
    Authorization: `Bearer ${token}`,
    'Content-Profile': 'public',
    'Content-Type': 'application/json',
  };
  const body = JSON.stringify({ p_limit: RPC_LIMIT });
  return {
    stack: { name: 'stack', url: `${apiUrl}/rest/v1/rpc/bench_recent_events`, method: 'POST', headers, body },
    floor: { name: 'floor', url: `${floorUrl}${RPC_PATH}`, method: 'POST', headers, body },
  };
}

async function send(target: Target): Promise<Response> {
  return fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
}

/** The total of `Content-Range: <range>/<total>`, or an error naming the target. */
async function countOf(target: Target): Promise<number> {
  const response = await send(target);
  await response.arrayBuffer();
  const range = response.headers.get('content-range') ?? '';
  const total = Number(range.split('/')[1]);
  if (response.status >= 300 || !Number.isSafeInteger(total))
    throw new Error(
      `${target.name} answered ${response.status} with Content-Range "${range}" to ${target.method} ${target.url}`,
    );
  return total;
}

/** Correctness before speed: both targets must report the count the database itself gives. */
export async function checkCounts(targets: ScenarioTargets, expected: number): Promise<void> {
  const [stack, floor] = [await countOf(targets.stack), await countOf(targets.floor)];
  if (stack !== expected || floor !== expected)
    throw new Error(
      `count mismatch: stack says ${stack}, floor says ${floor}, the database says ${expected} rows belong to the bench user`,
    );
}

async function jsonOf(target: Target): Promise<unknown> {
  const response = await send(target);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(
      `${target.name} answered ${response.status} to ${target.method} ${target.url}: ${text.slice(0, 300)}`,
    );
  return JSON.parse(text) as unknown;
}

/** Both targets must return the same rows: the caller's latest RPC_LIMIT events. */
export async function checkRpc(targets: ScenarioTargets, ownerId: string, owned: number): Promise<void> {
  const [stack, floor] = [await jsonOf(targets.stack), await jsonOf(targets.floor)];
  if (!isDeepStrictEqual(stack, floor))
    throw new Error(
      `rpc mismatch between stack and floor:\n  stack: ${JSON.stringify(stack).slice(0, 300)}\n  floor: ${JSON.stringify(floor).slice(0, 300)}`,
    );
  const rows = stack as { owner_id?: unknown }[];
  const want = Math.min(RPC_LIMIT, owned);
  if (!Array.isArray(rows) || rows.length !== want || rows.some((r) => r.owner_id !== ownerId))
    throw new Error(
      `rpc returned ${Array.isArray(rows) ? rows.length : 'no'} rows; expected ${want} rows of the bench user`,
    );
}
